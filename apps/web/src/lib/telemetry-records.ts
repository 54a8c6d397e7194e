/**
 * Telemetry records as they arrive over the wire (the runtime's journal records,
 * packages/runtime/src/telemetry/records.ts). Every record has a global, strictly increasing
 * `seq` and `time` in epoch milliseconds. Unknown record types are kept and ignored.
 */
import type { ConditionStatus } from '@dojo/kube-api';
import type { QueueTrigger } from './queue-trigger.ts';

interface RecordBase {
  seq: number;
  time: number;
  controller?: string;
  key?: string;
}

export interface WatchEventRecord extends RecordBase {
  type: 'watch-event';
  key: string;
  event: string;
  kind: string;
  resourceVersion?: string;
}

export interface EnqueueRecord extends RecordBase {
  type: 'enqueue';
  controller: string;
  key: string;
  reason: string;
  trigger: QueueTrigger;
  merged: boolean;
  outcome: string;
  delayMs?: number;
}

export interface DequeueRecord extends RecordBase {
  type: 'dequeue';
  controller: string;
  key: string;
  worker: number;
  waitedMs: number;
  triggerCount: number;
}

export interface ReconcileStartRecord extends RecordBase {
  type: 'reconcile-start';
  controller: string;
  key: string;
  worker: number;
  reconcileId: string;
  triggers: QueueTrigger[];
  droppedTriggers: number;
}

export type ReconcileResult = 'success' | 'error' | 'requeue' | 'requeueAfter' | 'conflict';

export const reconcileResults: readonly ReconcileResult[] = ['success', 'error', 'requeue', 'requeueAfter', 'conflict'];

export interface ReconcileEndRecord extends RecordBase {
  type: 'reconcile-end';
  controller: string;
  key: string;
  worker: number;
  reconcileId: string;
  result: ReconcileResult;
  durationMs: number;
  error?: string;
  requeueAfter?: number;
  terminal?: boolean;
  panic?: boolean;
  timedOut?: boolean;
}

export interface ApiCallRecord extends RecordBase {
  type: 'api-call';
  verb: string;
  resource: string;
  namespace?: string;
  name?: string;
  code: number;
  rvSent?: string;
  rvReturned?: string;
  fieldManager?: string;
  durationMs: number;
  reconcileId?: string;
  worker?: number;
  injected?: boolean;
}

export interface ConflictRecord extends RecordBase {
  type: 'conflict';
  key: string;
  resource: string;
  staleRV?: string;
  currentRV?: string;
  currentManager?: string;
  reconcileId?: string;
  injected?: boolean;
  /** Present when the server can tell which fields the two versions disagree on. */
  fields?: string[];
}

export interface BackoffRecord extends RecordBase {
  type: 'backoff';
  controller: string;
  key: string;
  delayMs: number;
  retries: number;
  cause: string;
  reconcileId?: string;
}

export interface ConditionTransitionRecord extends RecordBase {
  type: 'condition-transition';
  key: string;
  kind: string;
  condition: string;
  from?: ConditionStatus;
  to: ConditionStatus;
  reason?: string;
  message?: string;
  observedGeneration?: number;
}

export interface DebugRecord extends RecordBase {
  type: 'debug';
  controller: string;
  action: string;
  worker?: number;
  value?: number;
  detail?: string;
}

export type TelemetryRecord =
  | WatchEventRecord
  | EnqueueRecord
  | DequeueRecord
  | ReconcileStartRecord
  | ReconcileEndRecord
  | ApiCallRecord
  | ConflictRecord
  | BackoffRecord
  | ConditionTransitionRecord
  | DebugRecord;

export type TelemetryRecordType = TelemetryRecord['type'];
