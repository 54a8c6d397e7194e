/**
 * Properties of hot-loop detection over simulated clusters with random timing: an operator that
 * converges is never flagged, however fast the world around it changes; one that rewrites a
 * condition timestamp on every event is always flagged within 10 s, naming that field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RequestJournalRecord } from '@dojo/console-protocol';
import { Activity } from './activity.ts';
import { deployments, dojos, kubectl, operator, SimulatedJournal } from './testing/simulated-journal.ts';

const op = operator('my-operator');
const replicaSets = { user: 'admin', userAgent: 'replicaset-controller/v1.33.0 (linux/amd64) kubernetes/abc' };
const lastTransition = 'status.conditions[type=Available].lastTransitionTime';

/** Runs actions in time order against one journal; watch events reaching the operator schedule its reactions. */
class Simulation {
  readonly journal: SimulatedJournal;
  readonly activity: Activity;
  readonly #queue: { at: number; seq: number; run: () => void }[] = [];
  #seq = 0;
  #onOperatorEvent: (record: Extract<RequestJournalRecord, { type: 'watch-event' }>) => void = () => {};
  #operatorWatches = new Set<string>();

  constructor() {
    let activity: Activity | undefined;
    this.journal = new SimulatedJournal((record) => {
      activity!.ingest(record);
      if (record.type === 'watch-event' && this.#operatorWatches.has(record.watchId)) this.#onOperatorEvent(record);
    });
    this.activity = activity = new Activity({ clock: this.journal.clock, emit: () => {}, isEmbedded: () => false });
    this.#operatorWatches.add(this.journal.watch(op, dojos));
    this.#operatorWatches.add(this.journal.watch(op, deployments));
  }

  onOperatorEvent(handler: (record: Extract<RequestJournalRecord, { type: 'watch-event' }>) => void): void {
    this.#onOperatorEvent = handler;
  }

  at(time: number, run: () => void): void {
    this.#queue.push({ at: time, seq: this.#seq++, run });
  }

  runUntil(end: number): void {
    for (;;) {
      this.#queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.#queue[0];
      if (!next || next.at > end) break;
      this.#queue.shift();
      if (next.at > this.journal.time) {
        // Tick as time passes, the way the console does every 250 ms.
        for (let t = this.journal.time + 250; t < next.at; t += 250) {
          this.journal.time = t;
          this.activity.tick();
        }
        this.journal.time = next.at;
      }
      next.run();
    }
    this.journal.time = end;
    this.activity.tick();
  }
}

const dojoName = (i: number) => `dojo-${i}`;

describe('hot-loop detection, over random schedules', () => {
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
        const sim = new Simulation();
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
              if (now !== status.ready) paths.push('status.readyReplicas', ...((now === 0) !== (status.ready === 0) ? ['status.conditions[type=Available].status', lastTransition] : []));
              if ((generation.get(name) ?? 1) !== status.generation) paths.push('status.observedGeneration');
            }
            if (paths.length === 0) return;
            written.set(name, { step: Math.min(status.step + 1, s.setupSteps), ready: status.step < s.setupSteps ? status.ready : (ready.get(name) ?? 0), generation: status.step < s.setupSteps ? status.generation : (generation.get(name) ?? 1) });
            sim.journal.write(op, dojos, 'default', name, { subresource: 'status', changedPaths: paths });
          });
        });
        for (let i = 0; i < s.dojos; i++) {
          sim.at(start + i, () => {
            generation.set(dojoName(i), 1);
            sim.journal.write(kubectl, dojos, 'default', dojoName(i), { verb: 'create' });
            sim.journal.write(replicaSets, deployments, 'default', dojoName(i), { verb: 'create', owner: { group: 'core.jutsu.com', kind: 'Dojo', name: dojoName(i) } });
          });
        }
        for (const change of s.podChanges) {
          const name = dojoName(change.dojo % s.dojos);
          sim.at(start + 10 + change.at, () => {
            ready.set(name, (ready.get(name) ?? 0) + 1);
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

  it('always flags an operator that rewrites a condition timestamp on every event within 10 s, naming the field', () => {
    const scenario = fc.record({
      reactionMs: fc.array(fc.integer({ min: 5, max: 1500 }), { minLength: 1, maxLength: 10 }),
      loopStartsAt: fc.integer({ min: 0, max: 5000 }),
      /** Other Dojos the operator handles normally meanwhile. */
      noise: fc.array(fc.integer({ min: 0, max: 15_000 }), { maxLength: 30 }),
    });
    fc.assert(
      fc.property(scenario, (s) => {
        const sim = new Simulation();
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
        sim.runUntil(start + s.loopStartsAt + 10_000);
        const loops = sim.activity.snapshot().hotLoops;
        expect(loops).toEqual([expect.objectContaining({ kind: 'self', writers: ['my-operator'], fieldPaths: [lastTransition], active: true })]);
        expect(loops[0]!.object.name).toBe('flappy');
      }),
      { numRuns: 150 },
    );
  });
});
