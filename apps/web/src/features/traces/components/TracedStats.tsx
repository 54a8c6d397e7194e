/**
 * What a traced controller's spans recorded — reconciles, errors, 409s, API calls, exactly, not
 * inferred — and when its latest reconcile ended, with its Timeline: the body of its own card,
 * or a part of its API server client's card when the console matched the two (one operator).
 */
import type { TracedControllerSummary } from '@dojo/console-protocol';
import { Stat } from '../../../components/Stat.tsx';
import { Link } from '../../../lib/router.tsx';
import { formatAge } from '../../../lib/time-format.ts';

export function TracedStats({ controller: c, timeline, now }: { controller: TracedControllerSummary; timeline: string; now: number }) {
  return (
    <>
      <dl className="grid grid-cols-4 gap-x-3 gap-y-2">
        <Stat label="Reconciles" value={c.reconciles} hint="reconcile spans received" />
        <Stat
          label="Errors"
          value={<span className={c.errors > 0 ? 'text-rose-700 dark:text-rose-300' : ''}>{c.errors}</span>}
          hint="reconcile spans with an error status (409s excepted)"
        />
        <Stat label="409s" value={c.conflicts} hint="client calls that lost a resourceVersion race" />
        <Stat label="API calls" value={c.apiCalls} hint="HTTP client spans to the Kubernetes API inside its reconciles" />
      </dl>
      <p className="text-xs text-slate-500 tabular-nums dark:text-slate-400">latest reconcile ended {formatAge(c.lastSeen, now)} ago</p>
      <nav aria-label={`${c.controller} views`} className="flex gap-3 border-t border-slate-100 pt-2 text-sm dark:border-slate-800">
        <Link to={timeline} className="text-indigo-700 hover:underline dark:text-indigo-300">
          Timeline
        </Link>
      </nav>
    </>
  );
}
