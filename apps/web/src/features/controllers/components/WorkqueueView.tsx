/**
 * What one controller's workqueue holds right now and why: waiting keys (how long, merged
 * adds), keys being processed (which worker, how long), dirty keys, delayed keys (countdown,
 * retries), adds vs gets (deduplication), depth over time, and the events its watches'
 * predicates filtered out before they reached the queue. Each key list shows its first 1,000
 * keys (api/controller-details.ts) and says so when it holds more; the filter finds the others.
 */
import { useState } from 'react';
import { Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Sparkline } from '../../../components/Sparkline.tsx';
import { Stat } from '../../../components/Stat.tsx';
import { formatClock, formatPercent } from '../../../lib/time-format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useControllerHistory } from '../api/controllers.ts';
import { useControllerDetails } from '../api/controller-details.ts';
import { DelayedKeys, DirtyKeys, ProcessingKeys, QueuedKeys, type KeyLink } from './QueueTables.tsx';
import { WatchSources } from './WatchSources.tsx';

const fieldClass =
  'w-72 rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

export function WorkqueueView({ name, keyLink }: { name: string; keyLink?: KeyLink | undefined }) {
  const [match, setMatch] = useState('');
  const details = useControllerDetails(name, match.trim());
  const { data: history } = useControllerHistory();
  const now = useNow(250);
  if (details.isPending) return <Loading label={`Loading the ${name} workqueue…`} />;
  if (details.error) return <ErrorNotice error={details.error} title={`Could not load controller ${name}`} />;
  const { queue } = details.data.state;
  const depthSamples = (history?.[name] ?? []).map((s) => s.depth);
  const { adds, merged, gets, dones } = queue.counters;
  const rebuilt = details.data.reconstructed;
  const shown = details.data.keysShown;
  const totals = shown?.totals ?? {
    queued: queue.queued.length,
    processing: queue.processing.length,
    dirty: queue.dirty.length,
    delayed: queue.delayed.length,
  };
  const cut = (list: keyof typeof totals) => (totals[list] > queue[list].length ? ` — the first ${queue[list].length.toLocaleString('en-US')} shown` : '');
  return (
    <div className="flex flex-col gap-5">
      {rebuilt ? (
        <p
          role="note"
          aria-label="Rebuilt from the recording"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
        >
          Rebuilt from the recording's telemetry{rebuilt.fromStart ? '' : ` since ${formatClock(rebuilt.since)}`} up to {formatClock(rebuilt.at)}. Not known
          from a recording: {rebuilt.unknown.join('; ')}.
        </p>
      ) : null}
      <Panel title="Counters" description="Every accepted add, the adds that merged into a waiting key, and the keys handed to workers.">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-8">
          <Stat label="Depth" value={details.data.depth} />
          <Stat label="Processing" value={totals.processing} />
          <Stat label="Dirty" value={totals.dirty} />
          <Stat label="Delayed" value={totals.delayed} />
          <Stat label="Adds" value={adds} />
          <Stat label="Merged adds" value={merged} hint="adds that deduplicated into a key already waiting" />
          <Stat label="Gets" value={gets} hint="keys handed to a worker" />
          <Stat label="Deduplicated" value={adds ? formatPercent(merged / adds) : '—'} hint="share of adds that cost no extra reconcile" />
        </dl>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {adds} adds became {gets} reconciles ({dones} done).
        </p>
      </Panel>
      <Panel
        title={`Watches (${details.data.filteredEvents} events filtered)`}
        description="Every event of a watch goes through its predicates; only those that pass add a key to the queue."
        bodyClassName=""
      >
        <WatchSources watches={details.data.watches} />
      </Panel>
      <Panel title="Depth over time" description={`The last ${depthSamples.length} seconds.`}>
        <Sparkline
          values={depthSamples}
          label={`${name} queue depth over the last ${depthSamples.length} seconds`}
          width={720}
          height={80}
          className="w-full text-amber-500 dark:text-amber-400"
        />
      </Panel>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          Filter keys
          <input type="search" value={match} placeholder="namespace/name" onChange={(e) => setMatch(e.target.value)} className={fieldClass} />
        </label>
        {shown && Object.values(totals).some((n) => n > shown.limit) ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Each list shows its first {shown.limit.toLocaleString('en-US')} keys, in the order workers will take them; filter to find the others.
          </p>
        ) : null}
      </div>
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-2">
        <Panel title={`Queued (${totals.queued}${shown?.match ? ` matching “${shown.match}”` : ''})${cut('queued')}`} bodyClassName="">
          <QueuedKeys queue={queue} now={now} keyLink={keyLink} />
        </Panel>
        <Panel title={`Processing (${totals.processing})${cut('processing')}`} bodyClassName="">
          <ProcessingKeys queue={queue} now={now} keyLink={keyLink} />
        </Panel>
        <Panel
          title={`Dirty (${totals.dirty})${cut('dirty')}`}
          description="Added again while processing: queued again when the worker is done."
          bodyClassName=""
        >
          <DirtyKeys queue={queue} keyLink={keyLink} />
        </Panel>
        <Panel title={`Delayed and backoff (${totals.delayed})${cut('delayed')}`} bodyClassName="">
          <DelayedKeys queue={queue} now={now} keyLink={keyLink} />
        </Panel>
      </div>
    </div>
  );
}
