/**
 * One controller known only from the spans its operator sent (no client of the API server
 * matched it): how many reconciles, errors and 409s its traces recorded, and when the latest
 * one ended.
 */
import type { TracedControllerSummary } from '@dojo/console-protocol';
import { Badge } from '../../../components/ConditionChip.tsx';
import { TracedStats } from './TracedStats.tsx';

export function TracedControllerCard({ controller: c, timeline, now }: { controller: TracedControllerSummary; timeline: string; now: number }) {
  return (
    <article
      aria-label={`Traced controller ${c.controller}`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-slate-900 dark:text-white">{c.controller}</h3>
          <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400">service {c.service}</p>
        </div>
        <span title="Recorded exactly by the operator's own spans, received over OTLP">
          <Badge>from traces</Badge>
        </span>
      </header>
      <TracedStats controller={c} timeline={timeline} now={now} />
    </article>
  );
}
