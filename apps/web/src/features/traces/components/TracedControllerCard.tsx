/**
 * One controller known only from the spans its operator sent: how many reconciles, errors and
 * 409s its traces recorded — exactly, not inferred — and when the latest one ended.
 */
import type { TracedControllerSummary } from '@dojo/console-protocol';
import { Badge } from '../../../components/ConditionChip.tsx';
import { Stat } from '../../../components/Stat.tsx';
import { Link } from '../../../lib/router.tsx';
import { formatAge } from '../../../lib/time-format.ts';

export function TracedControllerCard({ controller: c, timeline, now }: { controller: TracedControllerSummary; timeline: string; now: number }) {
  return (
    <article aria-label={`Traced controller ${c.controller}`} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs dark:border-slate-800 dark:bg-slate-900">
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-slate-900 dark:text-white">{c.controller}</h3>
          <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400">service {c.service}</p>
        </div>
        <span title="Recorded exactly by the operator's own spans, received over OTLP">
          <Badge>from traces</Badge>
        </span>
      </header>
      <dl className="grid grid-cols-4 gap-x-3 gap-y-2">
        <Stat label="Reconciles" value={c.reconciles} hint="reconcile spans received" />
        <Stat label="Errors" value={<span className={c.errors > 0 ? 'text-rose-700 dark:text-rose-300' : ''}>{c.errors}</span>} hint="reconcile spans with an error status (409s excepted)" />
        <Stat label="409s" value={c.conflicts} hint="client calls that lost a resourceVersion race" />
        <Stat label="API calls" value={c.apiCalls} hint="HTTP client spans to the Kubernetes API inside its reconciles" />
      </dl>
      <p className="text-xs text-slate-500 tabular-nums dark:text-slate-400">latest reconcile ended {formatAge(c.lastSeen, now)} ago</p>
      <nav aria-label={`${c.controller} views`} className="flex gap-3 border-t border-slate-100 pt-2 text-sm dark:border-slate-800">
        <Link to={timeline} className="text-indigo-700 hover:underline dark:text-indigo-300">
          Timeline
        </Link>
      </nav>
    </article>
  );
}
