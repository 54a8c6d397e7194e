/**
 * The telemetry records the runtime emits. Their shapes are wire types, defined once in
 * @dojo/console-protocol (the console and its browser read them unchanged); this file adds
 * what only the journal needs: a record as its emitter writes it, before the journal stamps it.
 */
import type { TelemetryRecord } from '@dojo/console-protocol';

export type {
  ApiCallRecord,
  BackoffRecord,
  ConditionTransitionRecord,
  ConflictRecord,
  DebugAction,
  DebugRecord,
  DequeueRecord,
  EnqueueRecord,
  ReconcileEndRecord,
  ReconcileResultKind,
  ReconcileStartRecord,
  TelemetryRecord,
  TelemetryRecordType,
  WatchEventRecord,
} from '@dojo/console-protocol';

type Unstamped<R> = R extends TelemetryRecord ? Omit<R, 'seq' | 'time'> & { time?: number } : never;

/** A record as its emitter writes it: the journal adds `seq`, and `time` unless given. */
export type JournalRecordInput = Unstamped<TelemetryRecord>;
