import { describe, expect, it } from 'vitest';
import type { Deployment, DeploymentStatus, ReplicaSet } from '../core/workload-types.ts';
import { newCondition, rolloutStatus, setCondition } from './deployment-status.ts';

const t0 = Date.parse('2024-01-01T00:00:00Z');

function deployment(status: DeploymentStatus = {}, replicas = 2): Deployment {
  return {
    metadata: { name: 'web', generation: 1 },
    spec: {
      replicas,
      selector: {},
      template: {},
      progressDeadlineSeconds: 600,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
    },
    status,
  };
}

function replicaSet(replicas: number, available: number): ReplicaSet {
  return {
    metadata: { name: 'web-abc' },
    spec: { replicas, selector: {}, template: {} },
    status: { replicas, readyReplicas: available, availableReplicas: available },
  };
}

describe('setCondition', () => {
  it('keeps the transition time while the status stays, and leaves a same-reason condition alone', () => {
    const status: DeploymentStatus = {};
    setCondition(status, newCondition('Available', 'False', 'MinimumReplicasUnavailable', 'a', t0));
    setCondition(status, newCondition('Available', 'False', 'Other', 'b', t0 + 5000));
    expect(status.conditions?.[0]).toMatchObject({ reason: 'Other', lastTransitionTime: '2024-01-01T00:00:00Z', lastUpdateTime: '2024-01-01T00:00:05Z' });
    setCondition(status, newCondition('Available', 'False', 'Other', 'c', t0 + 9000));
    expect(status.conditions?.[0]?.message).toBe('b');
  });
});

describe('rolloutStatus', () => {
  it('reports a finished rollout as available with its new ReplicaSet available', () => {
    const { status, recheckAfterMs } = rolloutStatus(deployment(), [replicaSet(2, 2)], replicaSet(2, 2), t0);
    expect(status).toMatchObject({ observedGeneration: 1, replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2, unavailableReplicas: 0 });
    expect(status.conditions?.map((c) => [c.type, c.status, c.reason, c.message])).toEqual([
      ['Available', 'True', 'MinimumReplicasAvailable', 'Deployment has minimum availability.'],
      ['Progressing', 'True', 'NewReplicaSetAvailable', 'ReplicaSet "web-abc" has successfully progressed.'],
    ]);
    expect(recheckAfterMs).toBeUndefined();
  });

  it('marks progress and asks to look again at the progress deadline', () => {
    const started = deployment({
      replicas: 2,
      updatedReplicas: 2,
      availableReplicas: 0,
      conditions: [newCondition('Progressing', 'True', 'NewReplicaSetCreated', 'x', t0)],
    });
    const { status, recheckAfterMs } = rolloutStatus(started, [replicaSet(2, 1)], replicaSet(2, 1), t0 + 1000);
    expect(status.conditions?.find((c) => c.type === 'Progressing')).toMatchObject({ reason: 'ReplicaSetUpdated', lastUpdateTime: '2024-01-01T00:00:01Z' });
    expect(status.conditions?.find((c) => c.type === 'Available')?.status).toBe('False');
    expect(recheckAfterMs).toBe(599_000);
  });

  it('gives up on a rollout without progress past its deadline', () => {
    const stuck = deployment({
      replicas: 2,
      updatedReplicas: 2,
      availableReplicas: 0,
      readyReplicas: 0,
      conditions: [newCondition('Progressing', 'True', 'ReplicaSetUpdated', 'x', t0)],
    });
    const { status } = rolloutStatus(stuck, [replicaSet(2, 0)], replicaSet(2, 0), t0 + 601_000);
    expect(status.conditions?.find((c) => c.type === 'Progressing')).toMatchObject({
      status: 'False',
      reason: 'ProgressDeadlineExceeded',
      message: 'ReplicaSet "web-abc" has timed out progressing.',
    });
  });
});
