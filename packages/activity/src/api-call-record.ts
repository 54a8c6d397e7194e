/**
 * An API call made inside one reconcile, as a telemetry record. Two sources know such calls —
 * a pass inferred from the request journal, and a reconcile span received over OTLP — and both
 * build the record here, so the timeline reads their calls the same way.
 */
import type { ApiCallRecord } from '@dojo/console-protocol';
import type { ObjectIdentity } from '@dojo/kube-api';

/** The reconcile the call belongs to. */
export interface CallingReconcile {
  readonly controller: string;
  /** The work-queue key, "namespace/name". */
  readonly key: string;
  readonly object: ObjectIdentity;
  readonly reconcileId: string;
  readonly worker: number;
}

/** The request itself. */
export interface ReconcileCall {
  readonly time: number;
  readonly verb: string;
  readonly resource: string;
  readonly code: number;
  readonly durationMs: number;
  /** "" or absent when cluster-scoped or unknown. */
  readonly namespace?: string | undefined;
  /** "" or absent for a create or a list. */
  readonly name?: string | undefined;
}

export function apiCallRecord(reconcile: CallingReconcile, call: ReconcileCall): Omit<ApiCallRecord, 'seq'> {
  const record: Omit<ApiCallRecord, 'seq'> = {
    type: 'api-call',
    time: call.time,
    controller: reconcile.controller,
    key: reconcile.key,
    object: reconcile.object,
    verb: call.verb,
    resource: call.resource,
    code: call.code,
    durationMs: call.durationMs,
    reconcileId: reconcile.reconcileId,
    worker: reconcile.worker,
  };
  if (call.namespace) record.namespace = call.namespace;
  if (call.name) record.name = call.name;
  return record;
}
