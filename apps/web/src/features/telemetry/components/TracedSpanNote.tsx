/**
 * Says a reconcile came from the operator's own traces: the console did not run it and did not
 * infer it — the operator's span recorded it exactly, and the trace id finds it in Jaeger or Tempo.
 */
import type { TracedReconcile } from '@dojo/console-protocol';

export function TracedSpanNote({ traced }: { traced: TracedReconcile }) {
  return (
    <section
      aria-label="From traces"
      className="rounded-md border border-teal-300 bg-teal-50 p-2 text-xs text-teal-900 dark:border-teal-800 dark:bg-teal-950/50 dark:text-teal-100"
    >
      <p>
        <strong>From traces</strong>: exact, recorded by {traced.service}&apos;s own <code className="font-mono">{traced.spanName}</code> span, received over
        OTLP.
      </p>
      <p className="mt-1 font-mono break-all">
        trace {traced.traceId} · span {traced.spanId}
      </p>
    </section>
  );
}
