/**
 * Every controller the console knows only from its operator's OpenTelemetry traces, as cards
 * beside the embedded and scraped ones; one matched to a client of the API server is shown in
 * that client's card instead (TracedClientSection). Renders nothing when the receiver is off;
 * says how to send when it is on but nothing has arrived yet.
 */
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useTraces } from '../api/traces.ts';
import { TracedControllerCard } from './TracedControllerCard.tsx';

export function TracedControllerCards({ timeline }: { timeline: (controller: string) => string }) {
  const { data, error } = useTraces();
  const now = useNow();
  if (error) return <ErrorNotice error={error} title="Could not load what the trace receiver took in" />;
  if (!data?.enabled) return null;
  const own = data.controllers.filter((c) => c.client === undefined);
  // Every traced controller is a client's: their cards say it.
  if (own.length === 0 && data.controllers.length > 0) return null;
  return (
    <section aria-labelledby="traced-heading">
      <h3 id="traced-heading" className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-300">
        Controllers from traces <span className="font-normal text-slate-500 dark:text-slate-400">— reconcile spans operators sent to {data.path}; exact, not inferred</span>
      </h3>
      {own.length === 0 ? (
        <EmptyState title="No reconcile spans yet.">
          Run an operator with OTEL_EXPORTER_OTLP_ENDPOINT set to this console and the receiver&apos;s token (printed at startup; docs/opentelemetry.md).
          {data.spans > 0 ? ` ${data.spans.toLocaleString()} spans arrived, none of them a reconcile.` : ''}
        </EmptyState>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {own.map((c) => (
            <TracedControllerCard key={c.controller} controller={c} timeline={timeline(c.controller)} now={now} />
          ))}
        </div>
      )}
    </section>
  );
}
