import { describe, expect, it } from 'vitest';
import type { PersistentVolumeClaim, StatefulSet } from '../core/apps-types.ts';
import type { Pod } from '../core/workload-types.ts';
import { retentionOwners } from './claim-retention.ts';

const claim = (owners: PersistentVolumeClaim['metadata']['ownerReferences'] = undefined): PersistentVolumeClaim => ({
  metadata: { name: 'data-web-0', ...(owners ? { ownerReferences: owners } : {}) },
  spec: {},
});
const pod: Pod = { metadata: { name: 'web-0', uid: 'pod-uid' }, spec: { containers: [] } };
const set = (whenDeleted: 'Retain' | 'Delete', whenScaled: 'Retain' | 'Delete'): StatefulSet => ({
  metadata: { name: 'web', uid: 'set-uid' },
  spec: { selector: {}, template: {}, persistentVolumeClaimRetentionPolicy: { whenDeleted, whenScaled } },
});
const owners = (refs: ReturnType<typeof retentionOwners>): string[] | undefined => refs?.map((r) => `${r.kind}/${r.name}`);

describe('retentionOwners', () => {
  it('leaves claims unowned under Retain/Retain', () => {
    expect(retentionOwners(claim(), set('Retain', 'Retain'), pod, false)).toBeUndefined();
  });

  it('makes the StatefulSet the owner under whenDeleted: Delete', () => {
    expect(owners(retentionOwners(claim(), set('Delete', 'Retain'), pod, false))).toEqual(['StatefulSet/web']);
  });

  it('makes a scaled-down Pod the owner under whenScaled: Delete, in place of the set', () => {
    expect(retentionOwners(claim(), set('Retain', 'Delete'), pod, false)).toBeUndefined();
    const bySet = claim([{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'set-uid', controller: true }]);
    expect(owners(retentionOwners(bySet, set('Delete', 'Delete'), pod, true))).toEqual(['Pod/web-0']);
  });

  it('leaves a claim controlled by something else alone', () => {
    const foreign = claim([{ apiVersion: 'v1', kind: 'ConfigMap', name: 'other', uid: 'other', controller: true }]);
    expect(retentionOwners(foreign, set('Delete', 'Delete'), pod, false)).toBeUndefined();
  });
});
