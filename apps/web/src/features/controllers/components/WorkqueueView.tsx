/**
 * What one controller's workqueue holds right now and why: waiting keys (how long, merged
 * adds), keys being processed (which worker, how long), dirty keys, delayed keys (countdown,
 * retries), adds vs gets (deduplication), depth over time, and the events its watches'
 * predicates filtered out before they reached the queue.
 */
import { Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Sparkline } from '../../../components/Sparkline.tsx';
import { Stat } from '../../../components/Stat.tsx';
import { formatPercent } from '../../../lib/time-format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useControllerHistory } from '../api/controllers.ts';
import { useControllerDetails } from '../api/controller-details.ts';
import { DelayedKeys, DirtyKeys, ProcessingKeys, QueuedKeys, type KeyLink } from './QueueTables.tsx';
import { WatchSources } from './WatchSources.tsx';

export function WorkqueueView({ name, keyLink }: { name: string; keyLink?: KeyLink }) {
  const details = useControllerDetails(name);
  const { data: history } = useControllerHistory();
  const now = useNow(250);
  if (details.isPending) return <Loading label={`Loading the ${name} workqueue…`} />;
  if (details.error) return <ErrorNotice error={details.error} title={`Could not load controller ${name}`} />;
  const { queue } = details.data.state;
  const depthSamples = (history?.[name] ?? []).map((s) => s.depth);
  const { adds, merged, gets, dones } = queue.counters;
  return (
    <div className="flex flex-col gap-5">
      <Panel title="Counters" description="Every accepted add, the adds that merged into a waiting key, and the keys handed to workers.">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-8">
          <Stat label="Depth" value={details.data.depth} />
          <Stat label="Processing" value={queue.processing.length} />
          <Stat label="Dirty" value={queue.dirty.length} />
          <Stat label="Delayed" value={queue.delayed.length} />
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
        <Sparkline values={depthSamples} label={`${name} queue depth over the last ${depthSamples.length} seconds`} width={720} height={80} className="w-full text-amber-500 dark:text-amber-400" />
      </Panel>
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-2">
        <Panel title={`Queued (${queue.queued.length})`} bodyClassName="">
          <QueuedKeys queue={queue} now={now} keyLink={keyLink} />
        </Panel>
        <Panel title={`Processing (${queue.processing.length})`} bodyClassName="">
          <ProcessingKeys queue={queue} now={now} keyLink={keyLink} />
        </Panel>
        <Panel title={`Dirty (${queue.dirty.length})`} description="Added again while processing: queued again when the worker is done." bodyClassName="">
          <DirtyKeys queue={queue} keyLink={keyLink} />
        </Panel>
        <Panel title={`Delayed and backoff (${queue.delayed.length})`} bodyClassName="">
          <DelayedKeys queue={queue} now={now} keyLink={keyLink} />
        </Panel>
      </div>
    </div>
  );
}
