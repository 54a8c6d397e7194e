/**
 * The Overview's admission section: a card per webhook and policy that was called or evaluated
 * (GET /api/admission, polled), shown only once there is at least one, saying since when it
 * counts (the console counts from its start, as far back as its journal reached then).
 */
import type { AdmissionSummaryEntry } from '@dojo/console-protocol';
import { StatusError } from '@dojo/kube-api';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { formatAge } from '../../../lib/time-format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useAdmissionSummary } from '../api/admission-summary.ts';
import { AdmissionCard } from './AdmissionCard.tsx';

export function AdmissionCards({ configurationLink }: { configurationLink?: (entry: AdmissionSummaryEntry) => string | undefined }) {
  const { data, error } = useAdmissionSummary();
  const now = useNow();
  // A console without the embedded API server has no journal to count calls from: nothing to show.
  if (error instanceof StatusError && error.code === 404) return null;
  if (error) return <ErrorNotice error={error} title="Could not load the admission webhooks' calls" />;
  if (!data || data.entries.length === 0) return null;
  return (
    <section aria-labelledby="admission-heading">
      <h3 id="admission-heading" className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-300">
        Admission webhooks and policies{' '}
        <span className="font-normal text-slate-500 dark:text-slate-400">
          — every call and evaluation the API server made, from its request journal, counted since{' '}
          <time dateTime={new Date(data.since).toISOString()} title={new Date(data.since).toISOString()}>
            {formatAge(data.since, now)} ago
          </time>
        </span>
      </h3>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
        {data.entries.map((entry) => (
          <AdmissionCard
            key={`${entry.kind}/${entry.configuration}/${entry.name}`}
            entry={entry}
            now={now}
            since={data.since}
            configurationLink={configurationLink?.(entry)}
          />
        ))}
      </div>
    </section>
  );
}
