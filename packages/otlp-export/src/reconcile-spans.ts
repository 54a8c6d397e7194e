/**
 * One finished reconcile as a trace: a root span `reconcile <Kind>` from the reconcile's own
 * start to its own end, a CLIENT child span per API call it made (from when the call was sent
 * to when it was answered), and a `conflict` event per 409 with the version that won. Times
 * are the journal's, never the export's. Ids follow from the reconcile (reconcile-ids.ts).
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { FinishedReconcile } from './reconcile-assembler.ts';
import { apiCallAttributes, conflictAttributes, isFailure, reconcileAttributes } from './reconcile-attributes.ts';
import { reconcileTraceId, type ReconcileIdGenerator } from './reconcile-ids.ts';

/** How many spans `writeReconcileSpans` makes of it: the root and one per call kept. */
export function spanCount(reconcile: FinishedReconcile): number {
  return 1 + reconcile.calls.length;
}

export function reconcileSpanName(reconcile: FinishedReconcile): string {
  const kind = reconcile.end.object?.kind ?? reconcile.start?.object?.kind;
  return kind ? `reconcile ${kind}` : `reconcile ${reconcile.end.controller}`;
}

export function writeReconcileSpans(reconcile: FinishedReconcile, tracer: Tracer, ids: ReconcileIdGenerator): void {
  const { end } = reconcile;
  const calls = reconcile.calls.map((call) => ({ call, start: call.time - call.durationMs, end: call.time }));
  // An inferred pass starts at its first request as the server logged it; its spans still cover every call.
  const startMs = Math.min(reconcile.start?.time ?? end.time - end.durationMs, ...calls.map((c) => c.start));
  const endMs = Math.max(end.time, ...calls.map((c) => c.end));
  const traceId = reconcileTraceId({ reconcileId: end.reconcileId, controller: end.controller, startMs });
  ids.within(traceId, () => {
    const root = tracer.startSpan(
      reconcileSpanName(reconcile),
      { kind: SpanKind.INTERNAL, startTime: startMs, attributes: reconcileAttributes(reconcile) },
      ROOT_CONTEXT,
    );
    if (end.result === 'error') root.setStatus({ code: SpanStatusCode.ERROR, message: end.error ?? 'the reconcile failed' });
    for (const conflict of reconcile.conflicts) root.addEvent('conflict', conflictAttributes(conflict), conflict.time);
    const parent = trace.setSpan(ROOT_CONTEXT, root);
    for (const { call, start, end: callEnd } of calls) {
      const child = tracer.startSpan(`${call.verb} ${call.resource}`, { kind: SpanKind.CLIENT, startTime: start, attributes: apiCallAttributes(call) }, parent);
      if (isFailure(call))
        child.setStatus({ code: SpanStatusCode.ERROR, message: `${call.code} on ${call.verb} ${call.resource}${call.name ? ` ${call.name}` : ''}` });
      child.end(callEnd);
    }
    root.end(endMs);
  });
}
