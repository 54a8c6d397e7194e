/**
 * Every controller the console knows only from its operator's OpenTelemetry traces, as cards
 * beside the embedded and scraped ones; one matched to a client of the API server is shown in
 * that client's card instead (TracedClientSection). Renders nothing when the receiver is off;
 * says how to send when it is on but nothing has arrived yet. In a recording: the traced
 * controllers as recorded, or, plainly, that the recorded console received no traces.
 */
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { OverflowNote } from '../../../components/OverflowNote.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useTraces } from '../api/traces.ts';
import { TracedControllerCard } from './TracedControllerCard.tsx';

function NotRecorded({ receiver }: { receiver: 'on' | 'off' | 'unknown' }) {
  return (
    <section aria-labelledby="traced-heading">
      <h3 id="traced-heading" className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-300">
        Controllers from traces
      </h3>
      <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
        {receiver === 'off'
          ? 'Traces were not recorded: the recorded console had no trace receiver (--otlp-receiver).'
          : 'Traces were not recorded: this recording holds no reconcile from traces (it was made before consoles noted whether their trace receiver was on).'}
      </p>
    </section>
  );
}

export function TracedControllerCards({ timeline }: { timeline: (controller: string) => string }) {
  const { data, error } = useTraces();
  const now = useNow();
  if (error) return <ErrorNotice error={error} title="Could not load what the trace receiver took in" />;
  if (data?.recorded && !data.enabled) return <NotRecorded receiver={data.recorded.receiver} />;
  if (!data?.enabled) return null;
  const own = data.controllers.filter((c) => c.client === undefined);
  // Every traced controller is a client's: their cards say it.
  if (own.length === 0 && data.controllers.length > 0) return null;
  return (
    <section aria-labelledby="traced-heading">
      <h3 id="traced-heading" className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-300">
        Controllers from traces{' '}
        <span className="font-normal text-slate-500 dark:text-slate-400">
          — reconcile spans operators sent to {data.path}; exact, not inferred{data.recorded ? '; as recorded' : ''}
        </span>
      </h3>
      <OverflowNote overflow={data.overflow} nouns={{ one: 'controller', many: 'controllers', events: 'reconciles' }} />
      {own.length === 0 && data.recorded ? (
        <EmptyState title="No reconcile spans were recorded.">
          The recorded console&apos;s trace receiver was on, but no operator&apos;s reconcile reached it in this recording.
        </EmptyState>
      ) : own.length === 0 ? (
        <EmptyState title="No reconcile spans yet.">
          Run an operator with OTEL_EXPORTER_OTLP_ENDPOINT set to this console and the receiver&apos;s token (printed at startup; docs/opentelemetry.md).
          {data.spans > 0 ? ` ${data.spans.toLocaleString()} spans arrived, none of them a reconcile.` : ''}
        </EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {own.map((c) => (
            <TracedControllerCard key={c.controller} controller={c} timeline={timeline(c.controller)} now={now} />
          ))}
        </div>
      )}
    </section>
  );
}
