import { describe, expect, it } from 'vitest';
import type { ApiCallRecord, ReconcileStartRecord } from '@dojo/console-protocol';
import { ClientIdentifier } from './client-identity.ts';
import { observeActivity } from './testing/observed-activity.ts';
import { dojos, kubectl, operator, type SimulatedJournal } from './testing/simulated-journal.ts';

const flapping = operator('flapper');
const lastTransition = 'status.conditions[type=Ready].lastTransitionTime';

/** The operator answers every event about the Dojo by rewriting `paths` `delayMs` later, `times` times. */
function echoLoop(journal: SimulatedJournal, who: typeof flapping, times: number, delayMs: number, paths: (i: number) => string[]) {
  for (let i = 0; i < times; i++) {
    journal.advance(delayMs);
    journal.write(who, dojos, 'default', 'web', { subresource: 'status', changedPaths: paths(i) });
  }
}

describe('the hot-loop detector', () => {
  it('flags an operator that rewrites a condition timestamp on every event, naming the field, the writer, the rate and the cure', () => {
    const { journal, activity } = observeActivity();
    journal.watch(flapping, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    const started = journal.time;
    echoLoop(journal, flapping, 4, 100, () => [lastTransition]);
    activity.tick();
    expect(activity.snapshot().hotLoops).toEqual([]);
    echoLoop(journal, flapping, 2, 100, () => [lastTransition]);
    activity.tick();
    const [loop] = activity.snapshot().hotLoops;
    expect(loop).toMatchObject({
      kind: 'self',
      object: { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web' },
      resource: 'dojos/status',
      writers: ['flapper'],
      fieldPaths: [lastTransition],
      active: true,
    });
    expect(loop!.detectedAt - started).toBeLessThan(10_000);
    expect(loop!.ratePerSecond).toBeGreaterThan(0);
    expect(loop!.cure).toMatch(/lastTransitionTime only when its status changes/);

    echoLoop(journal, flapping, 10, 100, () => [lastTransition]);
    expect(activity.snapshot().hotLoops[0]!.writes).toBe(15);
    journal.advance(16_000);
    activity.tick();
    expect(activity.snapshot().hotLoops[0]).toMatchObject({ active: false, ratePerSecond: 0 });
  });

  it('does not flag an operator that takes several steps, each writing a different field after the echo of the last', () => {
    const { journal, activity } = observeActivity();
    journal.watch(flapping, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    const steps = [
      'status.conditions[type=Progressing]',
      'status.credentials',
      'status.observedGeneration',
      'status.readyReplicas',
      'status.conditions[type=Available]',
      'status.readyStatus',
    ];
    echoLoop(journal, flapping, steps.length, 50, (i) => [steps[i]!]);
    activity.tick();
    expect(activity.snapshot().hotLoops).toEqual([]);
  });

  it('flags two writers that keep setting the same field back, naming both', () => {
    const { journal, activity } = observeActivity();
    const a = operator('autoscaler');
    const b = operator('gitops');
    journal.watch(a, dojos);
    journal.watch(b, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    for (let i = 0; i < 6; i++) {
      journal.advance(200);
      journal.write(i % 2 === 0 ? a : b, dojos, 'default', 'web', { verb: 'patch', changedPaths: ['spec.replicas'] });
    }
    activity.tick();
    expect(activity.snapshot().hotLoops).toEqual([
      expect.objectContaining({
        kind: 'ping-pong',
        writers: ['autoscaler', 'gitops'],
        fieldPaths: ['spec.replicas'],
        cure: expect.stringMatching(/^Two writers own spec.replicas/),
      }),
    ]);
  });

  it("runs the console's own controllers through the detector from their exact triggers, never inferring reconciles for them", () => {
    const { journal, activity, starts } = observeActivity({ identifier: new ClientIdentifier({ isEmbedded: (name) => name === 'dojo' }) });
    const dojoController = { user: 'admin', userAgent: 'dojo-console/dojo' };
    journal.watch({ user: 'admin', userAgent: 'dojo-console' }, dojos);
    let trigger = journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    for (let i = 0; i < 6; i++) {
      journal.advance(30);
      const reconcileId = `r${i}`;
      const start: ReconcileStartRecord = {
        type: 'reconcile-start',
        seq: 0,
        time: journal.time,
        controller: 'dojo',
        key: 'default/web',
        worker: 0,
        reconcileId,
        triggers: [{ reason: 'watch', event: 'MODIFIED', kind: 'Dojo', key: 'default/web', resourceVersion: trigger }],
        droppedTriggers: 0,
      };
      activity.ingestTelemetry(start);
      const rv = String(Number(trigger) + 1);
      const call: ApiCallRecord = {
        type: 'api-call',
        seq: 0,
        time: journal.time,
        controller: 'dojo',
        key: 'default/web',
        verb: 'patch',
        resource: 'dojos/status',
        code: 200,
        rvReturned: rv,
        durationMs: 2,
        reconcileId,
      };
      // The runtime's record usually comes first; the last two arrive after the journal's.
      if (i < 4) activity.ingestTelemetry(call);
      trigger = journal.write(dojoController, dojos, 'default', 'web', { subresource: 'status', changedPaths: [lastTransition] });
      expect(trigger).toBe(rv);
      if (i >= 4) activity.ingestTelemetry(call);
    }
    activity.tick();
    expect(starts()).toEqual([]);
    expect(activity.snapshot().hotLoops).toEqual([expect.objectContaining({ kind: 'self', writers: ['dojo'], fieldPaths: [lastTransition] })]);
    const dojo = activity.snapshot().clients.find((c) => c.name === 'dojo');
    expect(dojo).toMatchObject({ kind: 'embedded', inferredReconciles: 0, totals: expect.objectContaining({ requests: 6, writes: 6 }) });
  });
});
