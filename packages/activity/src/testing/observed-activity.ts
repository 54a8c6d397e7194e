/** An Activity fed by a SimulatedJournal, with what it emitted kept for assertions. */
import type { ApiCallRecord, ConflictRecord, ReconcileEndRecord, ReconcileStartRecord } from '@dojo/console-protocol';
import { Activity, type ActivityOptions, type TelemetryInput } from '../activity.ts';
import { ClientIdentifier } from '../client-identity.ts';
import { SimulatedJournal } from './simulated-journal.ts';

export interface ObservedActivity {
  activity: Activity;
  journal: SimulatedJournal;
  emitted: TelemetryInput[];
  starts(): Omit<ReconcileStartRecord, 'seq'>[];
  ends(): Omit<ReconcileEndRecord, 'seq'>[];
  calls(reconcileId?: string): Omit<ApiCallRecord, 'seq'>[];
  conflicts(): Omit<ConflictRecord, 'seq'>[];
}

export function observeActivity(options: Partial<Omit<ActivityOptions, 'clock' | 'emit'>> = {}): ObservedActivity {
  const emitted: TelemetryInput[] = [];
  const journal = new SimulatedJournal((record) => activity.ingest(record));
  const activity = new Activity({ clock: journal.clock, emit: (r) => emitted.push(r), identifier: new ClientIdentifier(), ...options });
  const of = <T extends TelemetryInput['type']>(type: T) => emitted.filter((r): r is Extract<TelemetryInput, { type: T }> => r.type === type);
  return {
    activity,
    journal,
    emitted,
    starts: () => of('reconcile-start'),
    ends: () => of('reconcile-end'),
    calls: (reconcileId) => of('api-call').filter((c) => reconcileId === undefined || c.reconcileId === reconcileId),
    conflicts: () => of('conflict'),
  };
}
