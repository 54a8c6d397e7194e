import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Deployment, IntOrPercent, ReplicaSet } from '../core/workload-types.ts';
import { planScale } from './proportional-scaling.ts';
import { planNewReplicaSet, planOldReplicaSets } from './rolling-update.ts';
import { maxSurge, maxUnavailable, newReplicaSetSize, resolveFenceposts, scaledValue } from './rollout-math.ts';

function deployment(replicas: number, surge: IntOrPercent, unavailable: IntOrPercent): Deployment {
  return {
    metadata: { name: 'web', generation: 2 },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: { spec: { containers: [{ name: 'app', image: 'v2' }] } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: surge, maxUnavailable: unavailable } },
    },
  };
}

function replicaSet(name: string, created: string, replicas: number, available: number): ReplicaSet {
  return {
    metadata: { name, creationTimestamp: created, annotations: {} },
    spec: { replicas, selector: {}, template: {} },
    status: { replicas, availableReplicas: available },
  };
}

const intOrPercent = fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constantFrom('0%', '10%', '25%', '50%', '100%'));

describe('rollout arithmetic', () => {
  it('scales percentages like intstr: surge rounds up, unavailability down', () => {
    expect(scaledValue('25%', 10, true)).toBe(3);
    expect(scaledValue('25%', 10, false)).toBe(2);
    expect(scaledValue(4, 10, true)).toBe(4);
  });

  it('never lets both surge and unavailability be zero', () => {
    fc.assert(
      fc.property(intOrPercent, intOrPercent, fc.integer({ min: 0, max: 50 }), (surge, unavailable, desired) => {
        const posts = resolveFenceposts(surge, unavailable, desired);
        expect(posts.surge + posts.unavailable).toBeGreaterThan(0);
      }),
    );
  });

  it('never grows the new ReplicaSet beyond the desired replicas or the surge allowance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), intOrPercent, intOrPercent, fc.integer({ min: 0, max: 20 }), (desired, surge, unavailable, old) => {
        const d = deployment(desired, surge, unavailable);
        const oldRS = replicaSet('web-old', '2024-01-01T00:00:00Z', old, old);
        const newRS = replicaSet('web-new', '2024-01-01T00:01:00Z', 0, 0);
        const size = newReplicaSetSize(d, [oldRS, newRS], newRS);
        expect(size).toBeLessThanOrEqual(desired);
        expect(size === 0 || size + old <= desired + maxSurge(d)).toBe(true);
      }),
    );
  });
});

describe('a rolling update', () => {
  it('stays within maxSurge and maxUnavailable at every step, and finishes on the new ReplicaSet', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        intOrPercent,
        intOrPercent,
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 80, maxLength: 80 }),
        (desired, surge, unavailable, readiness) => {
          const d = deployment(desired, surge, unavailable);
          const oldRS = replicaSet('web-old', '2024-01-01T00:00:00Z', desired, desired);
          const newRS = replicaSet('web-new', '2024-01-01T00:01:00Z', 0, 0);
          const all = [oldRS, newRS];
          newRS.spec.replicas = newReplicaSetSize(d, all, newRS);
          const total = (): number => all.reduce((n, rs) => n + (rs.spec.replicas ?? 0), 0);
          const available = (): number => all.reduce((n, rs) => n + (rs.status?.availableReplicas ?? 0), 0);
          for (const ready of readiness) {
            const grow = planNewReplicaSet(d, all, newRS);
            if (grow !== undefined) newRS.spec.replicas = grow;
            else for (const step of planOldReplicaSets(d, all, [oldRS], newRS)) step.replicaSet.spec.replicas = step.replicas;
            // The ReplicaSet controller and kubelet: removed Pods go, unavailable ones first;
            // at least one new Pod becomes available per step.
            for (const rs of all)
              rs.status = { replicas: rs.spec.replicas ?? 0, availableReplicas: Math.min(rs.status?.availableReplicas ?? 0, rs.spec.replicas ?? 0) };
            const newAvailable = Math.min(newRS.spec.replicas ?? 0, (newRS.status?.availableReplicas ?? 0) + Math.max(1, ready));
            newRS.status = { replicas: newRS.spec.replicas ?? 0, availableReplicas: newAvailable };

            expect(total()).toBeLessThanOrEqual(desired + maxSurge(d));
            expect(available()).toBeGreaterThanOrEqual(desired - maxUnavailable(d));
          }
          expect({ old: oldRS.spec.replicas, new: newRS.spec.replicas }).toEqual({ old: 0, new: desired });
        },
      ),
    );
  });
});

describe('proportional scaling', () => {
  it('shares added replicas between the ReplicaSets of a rollout in flight', () => {
    const d = deployment(20, 3, 2);
    d.status = { replicas: 13 };
    const oldRS = replicaSet('web-old', '2024-01-01T00:00:00Z', 8, 8);
    const newRS = replicaSet('web-new', '2024-01-01T00:01:00Z', 5, 0);
    for (const rs of [oldRS, newRS]) rs.metadata.annotations = { 'deployment.kubernetes.io/max-replicas': '13' };
    const steps = planScale(d, newRS, [oldRS]);
    const sizes = Object.fromEntries(steps.map((s) => [s.replicaSet.metadata.name, s.replicas]));
    expect(sizes['web-old']! + sizes['web-new']!).toBe(23);
    expect(sizes['web-old']).toBeGreaterThan(sizes['web-new']!);
  });

  it('scales the only active ReplicaSet straight to the desired replicas', () => {
    const d = deployment(5, 1, 0);
    const rs = replicaSet('web-new', '2024-01-01T00:01:00Z', 3, 3);
    expect(planScale(d, rs, []).map((s) => s.replicas)).toEqual([5]);
  });
});
