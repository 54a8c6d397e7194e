import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Condition } from '@dojo/kube-api';
import type { Dojo } from '../api/dojo.ts';
import { ownedDeployment, podIn, testDojo } from '../testing/dojo-objects.ts';
import { desiredStatus, type DojoObservation, type DojoStage } from './dojo-status.ts';

const now = Date.parse('2026-03-01T10:00:00Z');
const get = (conditions: Condition[] | undefined, type: string): Condition => conditions!.find((c) => c.type === type)!;

/** A Dojo with any replica count, any Deployment counts, pods in any state, at any stage. */
const scenario = fc
  .record({
    desired: fc.integer({ min: 0, max: 6 }),
    hasDeployment: fc.boolean(),
    replicas: fc.integer({ min: 0, max: 8 }),
    ready: fc.integer({ min: 0, max: 8 }),
    available: fc.integer({ min: 0, max: 8 }),
    updated: fc.integer({ min: 0, max: 8 }),
    pods: fc.array(fc.constantFrom('Running' as const, 'CrashLoopBackOff' as const, 'ImagePullBackOff' as const, 'Pending' as const), { maxLength: 4 }),
    stage: fc.constantFrom<DojoStage>(
      {},
      { failure: { reason: 'UnsupportedDatabase', message: 'm' } },
      { waiting: { reason: 'WaitingForCredentials', message: 'm' } },
    ),
  })
  .map((s) => {
    const dojo = testDojo({ replicas: s.desired });
    const observed: DojoObservation = {
      pods: s.pods.map((p, i) => podIn(p, `pod-${i}`)),
      ...(s.hasDeployment
        ? {
            deployment: ownedDeployment(dojo, {
              replicas: s.replicas,
              readyReplicas: s.ready,
              availableReplicas: Math.min(s.available, s.ready),
              updatedReplicas: s.updated,
            }),
          }
        : {}),
    };
    return { dojo, observed, stage: s.stage };
  });

describe('desiredStatus', () => {
  it('is Available iff at least one replica is available', () => {
    fc.assert(
      fc.property(scenario, ({ dojo, observed, stage }) => {
        const status = desiredStatus(dojo, observed, stage, now);
        expect(get(status.conditions, 'Available').status).toBe((status.availableReplicas ?? 0) >= 1 ? 'True' : 'False');
      }),
    );
  });

  it('never reports Degraded and Progressing both True', () => {
    fc.assert(
      fc.property(scenario, ({ dojo, observed, stage }) => {
        const status = desiredStatus(dojo, observed, stage, now);
        const degraded = get(status.conditions, 'Degraded');
        const progressing = get(status.conditions, 'Progressing');
        expect(degraded.status === 'True' && progressing.status === 'True').toBe(false);
        if (degraded.status === 'True') expect(progressing).toMatchObject({ status: 'False', reason: degraded.reason });
      }),
    );
  });

  it('stamps every condition with reason, message and the Dojo generation, and readyStatus as ready/desired', () => {
    fc.assert(
      fc.property(scenario, ({ dojo, observed, stage }) => {
        const status = desiredStatus({ ...dojo, metadata: { ...dojo.metadata, generation: 4 } }, observed, stage, now);
        expect(status.conditions?.map((c) => c.type)).toEqual(['Available', 'Progressing', 'Degraded']);
        for (const c of status.conditions ?? []) {
          expect(c.reason).not.toBe('');
          expect(c.message).not.toBe('');
          expect(c.observedGeneration).toBe(4);
        }
        expect(status.observedGeneration).toBe(4);
        expect(status.readyStatus).toBe(`${status.readyReplicas}/${dojo.spec.replicas}`);
      }),
    );
  });

  it('moves lastTransitionTime only when a condition changes status', () => {
    const dojo = testDojo({ replicas: 2 });
    const first = desiredStatus(
      dojo,
      { pods: [], deployment: ownedDeployment(dojo, { replicas: 2, readyReplicas: 1, availableReplicas: 1, updatedReplicas: 2 }) },
      {},
      now,
    );
    const again: Dojo = { ...dojo, status: first };
    const second = desiredStatus(
      again,
      { pods: [], deployment: ownedDeployment(dojo, { replicas: 2, readyReplicas: 2, availableReplicas: 2, updatedReplicas: 2 }) },
      {},
      now + 60_000,
    );
    expect(get(second.conditions, 'Available').lastTransitionTime).toBe('2026-03-01T10:00:00Z');
    expect(get(second.conditions, 'Progressing')).toMatchObject({ status: 'False', reason: 'Reconciled', lastTransitionTime: '2026-03-01T10:01:00Z' });
  });

  it('reports crash-looping or unpullable pods as Degraded with the kubelet reason', () => {
    const dojo = testDojo({ replicas: 1 });
    const deployment = ownedDeployment(dojo, { replicas: 1 });
    for (const reason of ['CrashLoopBackOff', 'ImagePullBackOff'] as const) {
      const status = desiredStatus(dojo, { pods: [podIn('Running', 'a'), podIn(reason, 'b')], deployment }, {}, now);
      expect(get(status.conditions, 'Degraded')).toMatchObject({ status: 'True', reason });
      expect(get(status.conditions, 'Degraded').message).toContain('pod b');
    }
  });

  it('says what it waits for while there is no Deployment yet', () => {
    const status = desiredStatus(testDojo(), { pods: [] }, { waiting: { reason: 'WaitingForCredentials', message: 'no Secret' } }, now);
    expect(get(status.conditions, 'Progressing')).toMatchObject({ status: 'True', reason: 'WaitingForCredentials' });
    expect(get(status.conditions, 'Available')).toMatchObject({ status: 'False', reason: 'NoReplicasAvailable' });
    expect(status.readyStatus).toBe('0/3');
  });
});
