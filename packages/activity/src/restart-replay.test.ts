import { describe, expect, it } from 'vitest';
import type { ApiCallRecord, ReconcileStartRecord, TelemetryRecord } from '@dojo/console-protocol';
import { Activity, type TelemetryInput } from './activity.ts';
import { ClientIdentifier } from './client-identity.ts';
import { observeActivity } from './testing/observed-activity.ts';
import { dojos, kubectl, operator, SimulatedJournal } from './testing/simulated-journal.ts';

const op = operator('my-operator');

/** A client that watches Dojos, reads one, loses a race for it and patches it. */
function raceOnce(journal: SimulatedJournal): void {
  journal.get(op, dojos, 'default', 'web');
  const stale = journal.currentVersion(dojos, 'default', 'web')!;
  journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['metadata.labels.race'], fieldManager: 'kubectl-label' });
  journal.advance(5);
  journal.conflict(op, dojos, 'default', 'web', stale);
  journal.conflict(kubectl, dojos, 'default', 'web', stale);
  journal.write(op, dojos, 'default', 'web', { changedPaths: ['metadata.annotations.step'] });
  journal.advance(2000);
}

describe('a restarted console reading the journal from its start again', () => {
  it('rebuilds what it knows of each client but emits nothing the previous run already emitted', () => {
    const first = observeActivity();
    first.journal.watch(op, dojos);
    first.journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    first.journal.advance(50);
    raceOnce(first.journal);
    raceOnce(first.journal);
    first.activity.close();
    const appliedThrough = first.journal.records.at(-1)!.seq;
    expect(first.conflicts()).toHaveLength(4);

    const second = observeActivity({ appliedThrough });
    second.journal.time = first.journal.time;
    for (const record of first.journal.records) second.activity.ingest(record);
    second.activity.tick();
    expect(second.emitted).toEqual([]);
    expect(second.activity.snapshot().clients).toEqual(first.activity.snapshot().clients);
  });

  it('emits what it infers from records past the previous run, with reconcile ids that never repeat an earlier one', () => {
    const runs: { activity: Activity; emitted: TelemetryInput[] }[] = [];
    const journal = new SimulatedJournal((record) => runs.at(-1)!.activity.ingest(record));
    const run = (appliedThrough?: number) => {
      const emitted: TelemetryInput[] = [];
      runs.push({
        emitted,
        activity: new Activity({
          clock: journal.clock,
          emit: (r) => emitted.push(r),
          identifier: new ClientIdentifier(),
          ...(appliedThrough ? { appliedThrough } : {}),
        }),
      });
      return runs.at(-1)!;
    };
    const first = run();
    journal.watch(op, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.advance(50);
    raceOnce(journal);
    first.activity.close();
    const restartedAt = journal.time;

    // The second run reads the journal from its start again; the journal goes on after the restart.
    const second = run(journal.records.at(-1)!.seq);
    for (const record of journal.records) second.activity.ingest(record);
    journal.advance(50);
    raceOnce(journal);
    second.activity.close();

    const of = (emitted: TelemetryInput[], type: TelemetryInput['type']) => emitted.filter((r) => r.type === type);
    expect(of(second.emitted, 'conflict')).toHaveLength(2);
    expect(second.emitted.every((r) => r.time > restartedAt)).toBe(true);
    const ids = (type: TelemetryInput['type']) =>
      [...of(first.emitted, type), ...of(second.emitted, type)].map((r) => ('reconcileId' in r ? r.reconcileId : undefined));
    expect(new Set(ids('reconcile-start')).size).toBe(ids('reconcile-start').length);
    // Every reconcile journaled has one start and one end, across both runs.
    expect(ids('reconcile-end').sort()).toEqual(ids('reconcile-start').sort());
  });

  it('ends the passes still open when it closes, so a reconcile journaled before a restart has its end', () => {
    const { journal, activity, starts, ends } = observeActivity();
    journal.watch(op, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.advance(10);
    journal.get(op, dojos, 'default', 'web');
    expect(ends()).toEqual([]);
    activity.close();
    expect(ends().map((e) => e.reconcileId)).toEqual(starts().map((s) => s.reconcileId));
  });

  it("judges the console's own controllers' replayed writes by the reconciles recorded before the restart, so a hot loop stays found", () => {
    const identifier = new ClientIdentifier({ isEmbedded: (name) => name === 'dojo' });
    const first = observeActivity({ identifier });
    const recorded: TelemetryRecord[] = [];
    const dojoController = { user: 'admin', userAgent: 'dojo-console/dojo' };
    first.journal.watch({ user: 'admin', userAgent: 'dojo-console' }, dojos);
    let trigger = first.journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    for (let i = 0; i < 6; i++) {
      first.journal.advance(30);
      const reconcileId = `r${i}`;
      const start: ReconcileStartRecord = {
        type: 'reconcile-start',
        seq: 0,
        time: first.journal.time,
        controller: 'dojo',
        key: 'default/web',
        worker: 0,
        reconcileId,
        triggers: [{ reason: 'watch', event: 'MODIFIED', kind: 'Dojo', key: 'default/web', resourceVersion: trigger }],
        droppedTriggers: 0,
      };
      const call: ApiCallRecord = {
        type: 'api-call',
        seq: 0,
        time: first.journal.time,
        controller: 'dojo',
        key: 'default/web',
        verb: 'patch',
        resource: 'dojos/status',
        code: 200,
        rvReturned: String(Number(trigger) + 1),
        durationMs: 2,
        reconcileId,
      };
      recorded.push(start, call);
      first.activity.ingestTelemetry(start);
      first.activity.ingestTelemetry(call);
      trigger = first.journal.write(dojoController, dojos, 'default', 'web', {
        subresource: 'status',
        changedPaths: ['status.conditions[type=Ready].lastTransitionTime'],
      });
    }
    const loops = first.activity.snapshot().hotLoops;
    expect(loops).toEqual([expect.objectContaining({ kind: 'self', writers: ['dojo'] })]);

    const second = observeActivity({ identifier, appliedThrough: first.journal.records.at(-1)!.seq });
    second.journal.time = first.journal.time;
    for (const record of recorded) second.activity.ingestTelemetry(record);
    for (const record of first.journal.records) second.activity.ingest(record);
    expect(second.activity.snapshot().hotLoops).toEqual(loops);
    expect(second.emitted).toEqual([]);
  });
});
