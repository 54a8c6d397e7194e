import { describe, expect, it } from 'vitest';
import { controllerOf, isControlledBy, newControllerRef } from './owner-references.ts';
import type { KubeObject } from './types.ts';

const owner: KubeObject = { metadata: { name: 'web', uid: 'uid-1' } };
const deployment = { apiVersion: 'apps/v1', kind: 'Deployment' };

describe('controller references', () => {
  it('names the owner by kind, name and uid, as controller and blocking foreground deletion', () => {
    expect(newControllerRef(owner, deployment)).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'web',
      uid: 'uid-1',
      controller: true,
      blockOwnerDeletion: true,
    });
  });

  it('finds the one controller among the owner references', () => {
    const child: KubeObject = {
      metadata: { ownerReferences: [{ ...newControllerRef(owner, deployment), controller: false, uid: 'other' }, newControllerRef(owner, deployment)] },
    };
    expect(controllerOf(child)?.uid).toBe('uid-1');
    expect(controllerOf({ metadata: {} })).toBeUndefined();
  });

  it('is controlled by the owner with that uid only, not by a re-created namesake', () => {
    const child: KubeObject = { metadata: { ownerReferences: [newControllerRef(owner, deployment)] } };
    expect(isControlledBy(child, owner)).toBe(true);
    expect(isControlledBy(child, { metadata: { name: 'web', uid: 'uid-2' } })).toBe(false);
  });
});
