import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import { daemonSetFindings, deploymentFindings, jobFindings, replicaSetFindings, statefulSetFindings } from './workloads.ts';

const workload = (kind: string, spec: Record<string, unknown>, status: Record<string, unknown>): KubeObject => ({
  apiVersion: 'apps/v1',
  kind,
  metadata: { name: 'web', namespace: 'default', generation: 1 },
  spec,
  status,
});
const titles = (findings: { title: string }[]) => findings.map((f) => f.title);

describe('built-in workloads by kstatus rules', () => {
  it('says how far a scaled Deployment got, and nothing once it is rolled out', () => {
    const progressing = { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable' };
    expect(
      titles(
        deploymentFindings(
          workload('Deployment', { replicas: 3 }, { replicas: 3, updatedReplicas: 3, readyReplicas: 1, availableReplicas: 1, conditions: [progressing] }),
        ),
      ),
    ).toEqual(['Rollout: 1 of 3 replicas available, 1 ready']);
    expect(titles(deploymentFindings(workload('Deployment', { replicas: 3 }, { replicas: 3, updatedReplicas: 1 })))).toEqual([
      'Rollout: 1 of 3 replicas updated',
    ]);
    expect(titles(deploymentFindings(workload('Deployment', { replicas: 2 }, { replicas: 3, updatedReplicas: 2 })))).toEqual([
      'Rollout: 1 old replicas pending termination',
    ]);
    expect(
      deploymentFindings(
        workload('Deployment', { replicas: 2 }, { replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2, conditions: [progressing] }),
      ),
    ).toEqual([]);
  });

  it('calls a missed progress deadline a failure and a paused rollout blocked', () => {
    const stuck = deploymentFindings(
      workload(
        'Deployment',
        { replicas: 1 },
        {
          replicas: 1,
          updatedReplicas: 1,
          readyReplicas: 1,
          availableReplicas: 1,
          conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }],
        },
      ),
    );
    expect(stuck[0]).toMatchObject({ severity: 'failed', title: 'Progressing is False: ProgressDeadlineExceeded' });
    expect(
      deploymentFindings(workload('Deployment', { replicas: 1, paused: true }, { replicas: 1, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1 }))[0],
    ).toMatchObject({ severity: 'blocked', title: 'Rollout is paused (spec.paused)' });
  });

  it('says a workload with an empty status was never synced by its controller, instead of counting replicas nobody made', () => {
    const created = {
      ...workload('Deployment', { replicas: 2 }, {}),
      metadata: { name: 'web', namespace: 'default', generation: 1, creationTimestamp: '2026-11-28T02:00:00Z' },
    };
    expect(deploymentFindings(created)).toEqual([
      expect.objectContaining({
        severity: 'progressing',
        title: 'Not synced by the deployment controller yet (its status is empty)',
        since: Date.parse('2026-11-28T02:00:00Z'),
        detail: expect.stringMatching(/kube-controller-manager's deployment controller .* if this lasts, it is not running/),
      }),
    ]);
    expect(titles(replicaSetFindings({ ...workload('ReplicaSet', { replicas: 1 }, {}), status: undefined }))).toEqual([
      'Not synced by the replicaset controller yet (its status is empty)',
    ]);
    expect(titles(statefulSetFindings(workload('StatefulSet', { replicas: 1 }, {})))).toEqual([
      'Not synced by the statefulset controller yet (its status is empty)',
    ]);
    expect(titles(daemonSetFindings(workload('DaemonSet', {}, {})))).toEqual(['Not synced by the daemonset controller yet (its status is empty)']);
  });

  it('counts a ReplicaSet, a StatefulSet and a DaemonSet the same way', () => {
    expect(titles(replicaSetFindings(workload('ReplicaSet', { replicas: 2 }, { replicas: 2, readyReplicas: 0 })))).toEqual(['0 of 2 Pods ready']);
    expect(
      replicaSetFindings(
        workload('ReplicaSet', { replicas: 1 }, { replicas: 0, conditions: [{ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate' }] }),
      )[0],
    ).toMatchObject({ severity: 'failed', title: 'ReplicaFailure: FailedCreate' });
    expect(titles(statefulSetFindings(workload('StatefulSet', { replicas: 2 }, { readyReplicas: 2, currentRevision: 'a', updateRevision: 'b' })))).toEqual([
      'Rolling out revision b',
    ]);
    expect(titles(daemonSetFindings(workload('DaemonSet', {}, { desiredNumberScheduled: 3, updatedNumberScheduled: 3, numberAvailable: 2 })))).toEqual([
      '2 of 3 nodes available',
    ]);
  });

  it('tells a failed Job from a complete, a suspended and a running one', () => {
    expect(jobFindings(workload('Job', {}, { conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' }] }))[0]).toMatchObject({
      severity: 'failed',
      title: 'Job failed: BackoffLimitExceeded',
    });
    expect(jobFindings(workload('Job', {}, { conditions: [{ type: 'Complete', status: 'True' }] }))).toEqual([]);
    expect(titles(jobFindings(workload('Job', { suspend: true }, {})))).toEqual(['Job is suspended (spec.suspend)']);
    expect(titles(jobFindings(workload('Job', { completions: 3 }, { succeeded: 1, active: 1 })))).toEqual(['Job running: 1 of 3 completions']);
  });
});
