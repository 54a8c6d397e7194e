/**
 * Properties of hot-loop detection over simulated clusters with random timing: an operator that
 * converges is never flagged, however fast the world around it changes; one that rewrites a
 * condition timestamp on every event is always flagged, naming that field. Both hold for the
 * embedded journal (every watch event seen: the echo rule, within 10 s) and for the audit view
 * (no watch event seen: the churn rule, within 12 s for an operator that loops at least once a second).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deployments, dojos, kubectl, operator } from './testing/simulated-journal.ts';
import { Simulation } from './testing/simulation.ts';

const op = operator('my-operator');
const replicaSets = { user: 'admin', userAgent: 'replicaset-controller/v1.33.0 (linux/amd64) kubernetes/abc' };
const lastTransition = 'status.conditions[type=Available].lastTransitionTime';

const kubelet = { user: 'system:node:worker-1', userAgent: 'kubelet/v1.33.0 (linux/amd64) kubernetes/abc' };
const pods = { group: '', version: 'v1', resource: 'pods', kind: 'Pod' };

const dojoName = (i: number) => `dojo-${i}`;

const views = [
  { view: 'the request journal', deliveries: true, kind: 'self', maxReactionMs: 1500, withinMs: 10_000 },
  { view: 'audit events', deliveries: false, kind: 'churn', maxReactionMs: 900, withinMs: 12_000 },
] as const;

describe.each(views)('hot-loop detection from $view, over random schedules', ({ deliveries, kind, maxReactionMs, withinMs }) => {
  it('never flags an operator that converges, however often the world around it changes', () => {
    const scenario = fc.record({
      dojos: fc.integer({ min: 1, max: 3 }),
      /** Pods becoming ready: the ReplicaSet controller rewrites a Deployment's status. */
      podChanges: fc.array(fc.record({ dojo: fc.nat(2), at: fc.integer({ min: 0, max: 20_000 }) }), { maxLength: 60 }),
      /** A person editing a Dojo's spec. */
      specEdits: fc.array(fc.record({ dojo: fc.nat(2), at: fc.integer({ min: 0, max: 20_000 }) }), { maxLength: 10 }),
      /** How long the operator takes to react to an event. */
      reactionMs: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 20 }),
      /** It takes this many steps (one write each, each after the echo of the last) to bring a Dojo up. */
      setupSteps: fc.integer({ min: 1, max: 4 }),
    });
    fc.assert(
      fc.property(scenario, (s) => {
        const sim = new Simulation(op, { deliveries });
        const start = sim.journal.time;
        const ready = new Map<string, number>();
        const generation = new Map<string, number>();
        const written = new Map<string, { ready: number; generation: number; step: number }>();
        let reaction = 0;
        sim.onOperatorEvent((event) => {
          const name = event.owner?.name ?? event.name!;
          const delay = s.reactionMs[reaction++ % s.reactionMs.length]!;
          sim.at(sim.journal.time + delay, () => {
            // Level-based: compare what the world says with what status says; write only a difference.
            const status = written.get(name) ?? { ready: 0, generation: 0, step: 0 };
            const paths: string[] = [];
            if (status.step < s.setupSteps) paths.push(`status.setup.step${status.step + 1}`);
            else {
              const now = ready.get(name) ?? 0;
              if (now !== status.ready)
                paths.push(
                  'status.readyReplicas',
                  ...((now === 0) !== (status.ready === 0) ? ['status.conditions[type=Available].status', lastTransition] : []),
                );
              if ((generation.get(name) ?? 1) !== status.generation) paths.push('status.observedGeneration');
            }
            if (paths.length === 0) return;
            written.set(name, {
              step: Math.min(status.step + 1, s.setupSteps),
              ready: status.step < s.setupSteps ? status.ready : (ready.get(name) ?? 0),
              generation: status.step < s.setupSteps ? status.generation : (generation.get(name) ?? 1),
            });
            sim.journal.write(op, dojos, 'default', name, { subresource: 'status', changedPaths: paths });
          });
        });
        for (let i = 0; i < s.dojos; i++) {
          sim.at(start + i, () => {
            generation.set(dojoName(i), 1);
            sim.journal.write(kubectl, dojos, 'default', dojoName(i), { verb: 'create' });
            sim.journal.write(replicaSets, deployments, 'default', dojoName(i), {
              verb: 'create',
              owner: { group: 'core.jutsu.com', kind: 'Dojo', name: dojoName(i) },
            });
          });
        }
        for (const change of s.podChanges) {
          const name = dojoName(change.dojo % s.dojos);
          sim.at(start + 10 + change.at, () => {
            ready.set(name, (ready.get(name) ?? 0) + 1);
            // A Pod became ready (a write of its own), and the Deployment it belongs to follows.
            sim.journal.write(kubelet, pods, 'default', `${name}-${change.at}`, { verb: 'create', owner: { group: 'apps', kind: 'Deployment', name } });
            sim.journal.write(replicaSets, deployments, 'default', name, { subresource: 'status', changedPaths: ['status.readyReplicas'] });
          });
        }
        for (const edit of s.specEdits) {
          const name = dojoName(edit.dojo % s.dojos);
          sim.at(start + 10 + edit.at, () => {
            generation.set(name, (generation.get(name) ?? 1) + 1);
            sim.journal.write(kubectl, dojos, 'default', name, { verb: 'patch', changedPaths: ['spec.replicas'] });
          });
        }
        sim.runUntil(start + 40_000);
        expect(sim.activity.snapshot().hotLoops).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('always flags an operator that rewrites a condition timestamp on every event, naming the field', () => {
    const scenario = fc.record({
      reactionMs: fc.array(fc.integer({ min: 5, max: maxReactionMs }), { minLength: 1, maxLength: 10 }),
      loopStartsAt: fc.integer({ min: 0, max: 5000 }),
      /** Other Dojos the operator handles normally meanwhile. */
      noise: fc.array(fc.integer({ min: 0, max: 15_000 }), { maxLength: 30 }),
    });
    fc.assert(
      fc.property(scenario, (s) => {
        const sim = new Simulation(op, { deliveries });
        const start = sim.journal.time;
        let reaction = 0;
        sim.onOperatorEvent((event) => {
          if (event.name !== 'flappy') return;
          sim.at(sim.journal.time + s.reactionMs[reaction++ % s.reactionMs.length]!, () => {
            sim.journal.write(op, dojos, 'default', 'flappy', { subresource: 'status', changedPaths: [lastTransition] });
          });
        });
        sim.at(start + s.loopStartsAt, () => sim.journal.write(kubectl, dojos, 'default', 'flappy', { verb: 'create' }));
        s.noise.forEach((at, i) => sim.at(start + at, () => sim.journal.write(kubectl, dojos, 'default', `quiet-${i}`, { verb: 'create' })));
        sim.runUntil(start + s.loopStartsAt + withinMs);
        const loops = sim.activity.snapshot().hotLoops;
        expect(loops).toEqual([expect.objectContaining({ kind, writers: ['my-operator'], fieldPaths: [lastTransition], active: true })]);
        expect(loops[0]!.object.name).toBe('flappy');
      }),
      { numRuns: 150 },
    );
  });
});
