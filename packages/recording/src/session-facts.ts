/**
 * What a recording needs beyond the streams, kept beside them in the history store while the
 * console runs (`HistoryStore.writeMeta`): which cluster and console made it (`source`), the
 * operators it ran (`operators`), the
 * kinds the cluster served (`resources`, refreshed with every discovery) and the controllers
 * (`controllers`: what telemetry cannot say about them, for the replayed workqueue), and what
 * the OTLP trace receiver had (`traces`: whether it was on, its services and the clients they
 * are, after every request it took).
 */
import type { ControllerSummary, RecordedController, ServedResource, TraceReceiverSnapshot, TraceSource } from '@dojo/console-protocol';
import type { HistoryStore } from '@dojo/history';

export function keepSource(history: HistoryStore, source: TraceSource, operators: readonly string[]): void {
  history.writeMeta('source', source);
  history.writeMeta('operators', operators);
}

/** Wraps a discovery so that every answer is kept as the session's `resources`. */
export function keepingResources(history: HistoryStore, discover: () => Promise<ServedResource[]>): () => Promise<ServedResource[]> {
  return async () => {
    const resources = await discover();
    history.writeMeta('resources', resources);
    return resources;
  };
}

export function keepControllers(history: HistoryStore, summaries: readonly ControllerSummary[]): void {
  const controllers: RecordedController[] = summaries.map((c) => ({
    name: c.name,
    role: c.role,
    forKind: c.forKind,
    maxConcurrentReconciles: c.workers.max,
    watches: c.watches.map(({ relation, kind, resource }) => ({ relation, kind, resource })),
  }));
  history.writeMeta('controllers', controllers);
}

/** The meta key of what the trace receiver had; a recording reads it back (replay/replay-traces.ts). */
export const tracesMeta = 'traces';

export function keepTraceReceiver(history: HistoryStore, snapshot: TraceReceiverSnapshot): void {
  history.writeMeta(tracesMeta, snapshot);
}

/**
 * Keeps what the trace receiver has for a recording, as it changes: after every OTLP request,
 * and now and then between them, because a traced operator is matched to its API server client
 * when the request journal's record of a call arrives, which can be after the spans did (a
 * recording exported by the CLI reads only what was kept). Unchanged snapshots are not written again.
 */
export function keepingTraceReceiver(history: HistoryStore, snapshot: () => TraceReceiverSnapshot, everyMs = 2_000): { kept: () => void; stop: () => void } {
  let last = '';
  const kept = (): void => {
    const now = snapshot();
    const text = JSON.stringify(now);
    if (text === last) return;
    last = text;
    keepTraceReceiver(history, now);
  };
  const timer = setInterval(kept, everyMs).unref();
  return { kept, stop: () => clearInterval(timer) };
}
