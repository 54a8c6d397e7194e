import { describe, expect, it } from 'vitest';
import type { StatefulSet } from '../core/apps-types.ts';
import type { Pod } from '../core/workload-types.ts';
import { planStatefulSet, type StatefulStep } from './stateful-set-plan.ts';

const now = Date.parse('2024-01-01T00:10:00Z');

function set(replicas: number, spec: Partial<StatefulSet['spec']> = {}): StatefulSet {
  return {
    metadata: { name: 'web', namespace: 'ns', uid: 'set-uid' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: { spec: { containers: [{ name: 'app' }] } },
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      ...spec,
    },
  };
}

function pod(ordinal: number, options: { revision?: string; ready?: boolean; phase?: 'Pending' | 'Running' | 'Failed'; terminating?: boolean } = {}): Pod {
  const ready = options.ready ?? true;
  return {
    metadata: {
      name: `web-${ordinal}`,
      uid: `uid-${ordinal}`,
      labels: { 'controller-revision-hash': options.revision ?? 'web-old' },
      ...(options.terminating ? { deletionTimestamp: '2024-01-01T00:09:00Z' } : {}),
    },
    spec: { containers: [{ name: 'app' }] },
    status: {
      phase: options.phase ?? 'Running',
      conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: '2024-01-01T00:00:00Z' }],
    },
  };
}

const plan = (s: StatefulSet, pods: Pod[], revisions = { currentRevision: 'web-old', updateRevision: 'web-old' }): string[] =>
  planStatefulSet({ set: s, pods, ...revisions, nowMs: now }).map(describeStep);
const describeStep = (step: StatefulStep): string =>
  step.action === 'create' ? `create ${step.ordinal} at ${step.revision}` : `delete ${step.pod.metadata.name ?? ''} (${step.why})`;
const update = { currentRevision: 'web-old', updateRevision: 'web-new' };

describe('planStatefulSet', () => {
  it('creates the lowest missing ordinal first, and only that one, under OrderedReady', () => {
    expect(plan(set(3), [])).toEqual(['create 0 at update']);
    expect(plan(set(3), [pod(0)])).toEqual(['create 1 at update']);
  });

  it('waits while a lower ordinal is not yet Running and Ready', () => {
    expect(plan(set(3), [pod(0, { ready: false })])).toEqual([]);
    expect(plan(set(3), [pod(0, { phase: 'Pending', ready: false })])).toEqual([]);
  });

  it('waits for a lower ordinal to be available for minReadySeconds', () => {
    expect(plan(set(3, { minReadySeconds: 3600 }), [pod(0)])).toEqual([]);
  });

  it('creates every missing ordinal at once under Parallel', () => {
    expect(plan(set(3, { podManagementPolicy: 'Parallel' }), [])).toEqual(['create 0 at update', 'create 1 at update', 'create 2 at update']);
  });

  it('starts ordinals at spec.ordinals.start', () => {
    expect(plan(set(2, { ordinals: { start: 5 } }), [])).toEqual(['create 5 at update']);
  });

  it('deletes a failed replica so that it is made again', () => {
    expect(plan(set(2), [pod(0, { phase: 'Failed', ready: false }), pod(1)])).toEqual(['delete web-0 (terminal)']);
  });

  it('scales down from the highest ordinal, one Pod at a time, once the rest are healthy', () => {
    expect(plan(set(1), [pod(0), pod(1), pod(2)])).toEqual(['delete web-2 (scale-down)']);
    expect(plan(set(1), [pod(0), pod(1), pod(2, { terminating: true })])).toEqual([]);
    expect(plan(set(1), [pod(0, { ready: false }), pod(1), pod(2)])).toEqual([]);
  });

  it('scales down every condemned Pod at once under Parallel', () => {
    expect(plan(set(1, { podManagementPolicy: 'Parallel' }), [pod(0), pod(1), pod(2)])).toEqual(['delete web-2 (scale-down)', 'delete web-1 (scale-down)']);
  });

  it('replaces outdated Pods from the highest ordinal down, one at a time', () => {
    expect(plan(set(3), [pod(0), pod(1), pod(2)], update)).toEqual(['delete web-2 (update)']);
    expect(plan(set(3), [pod(0), pod(1), pod(2, { revision: 'web-new', ready: false })], update)).toEqual([]);
    expect(plan(set(3), [pod(0), pod(1), pod(2, { revision: 'web-new' })], update)).toEqual(['delete web-1 (update)']);
  });

  it('recreates a replaced Pod from the update revision at or above the partition and the current one below it', () => {
    const partitioned = set(3, { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } });
    expect(plan(partitioned, [pod(1), pod(2, { revision: 'web-new' })], update)).toEqual(['create 0 at current']);
    expect(plan(partitioned, [pod(0), pod(1)], update)).toEqual(['create 2 at update']);
  });

  it('leaves Pods below the partition at the current revision', () => {
    const partitioned = set(3, { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } });
    expect(plan(partitioned, [pod(0), pod(1), pod(2, { revision: 'web-new' })], update)).toEqual([]);
  });

  it('replaces up to maxUnavailable Pods at once', () => {
    const wide = set(4, { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 2 } } });
    expect(plan(wide, [pod(0), pod(1), pod(2), pod(3)], update)).toEqual(['delete web-3 (update)', 'delete web-2 (update)']);
  });

  it('replaces nothing under OnDelete', () => {
    expect(plan(set(2, { updateStrategy: { type: 'OnDelete' } }), [pod(0), pod(1)], update)).toEqual([]);
    expect(plan(set(2, { updateStrategy: { type: 'OnDelete' } }), [pod(0)], update)).toEqual(['create 1 at update']);
  });
});
