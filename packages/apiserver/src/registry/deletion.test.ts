import type { KubeObject } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { planDeletion } from './deletion.ts';
import type { DeleteStrategy } from './strategy.ts';

/** Most kinds: nothing but metadata.finalizers holds an object. */
const plain: DeleteStrategy = {};
const now = Date.parse('2026-01-02T03:04:05Z');
const object = (metadata: KubeObject['metadata'] = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'c', generation: 2, ...metadata },
});

describe('planDeletion', () => {
  it('removes an object that nothing holds at once', () => {
    expect(planDeletion(object(), {}, plain, now).action).toBe('remove');
  });

  it('starts deletion of a finalized object once: deletionTimestamp, one more generation, the kind’s hook', () => {
    const plan = planDeletion(object({ finalizers: ['example.com/f'] }), {}, { beginDeletion: (obj) => void (obj.status = { phase: 'Terminating' }) }, now);
    expect(plan.action).toBe('update');
    expect(plan.object.metadata).toMatchObject({
      deletionTimestamp: '2026-01-02T03:04:05Z',
      deletionGracePeriodSeconds: 0,
      generation: 3,
      finalizers: ['example.com/f'],
    });
    expect(plan.object.status).toEqual({ phase: 'Terminating' });
    expect(planDeletion(plan.object, {}, plain, now + 5000)).toEqual({ action: 'unchanged', object: plan.object });
  });

  it('adds the kind’s own deletion finalizers when deletion begins, and never again once they are gone', () => {
    const crdLike: DeleteStrategy = { deletionFinalizers: ['customresourcecleanup.apiextensions.k8s.io'] };
    const plan = planDeletion(object(), {}, crdLike, now);
    expect(plan.action).toBe('update');
    expect(plan.object.metadata.finalizers).toEqual(['customresourcecleanup.apiextensions.k8s.io']);
    const cleaned = { ...plan.object, metadata: { ...plan.object.metadata, finalizers: [] } };
    expect(planDeletion(cleaned, {}, crdLike, now).action).toBe('remove');
  });

  it('adds the garbage collector’s finalizer for Orphan and Foreground, and Background takes both away', () => {
    expect(planDeletion(object(), { propagationPolicy: 'Orphan' }, plain, now).object.metadata.finalizers).toEqual(['orphan']);
    const foreground = planDeletion(object(), { propagationPolicy: 'Foreground' }, plain, now).object;
    expect(foreground.metadata.finalizers).toEqual(['foregroundDeletion']);
    const background = planDeletion(foreground, { propagationPolicy: 'Background' }, plain, now);
    expect(background.action).toBe('remove');
  });

  it('keeps an object the kind still holds (a namespace with spec.finalizers) even without metadata finalizers', () => {
    expect(planDeletion(object(), {}, { blocksRemoval: () => true }, now).action).toBe('update');
  });
});
