/**
 * One controller of an operator the console did not start, read from its Prometheus endpoint:
 * workqueue depth (with its history), adds, retries, reconciles and errors per second, queue and
 * work latency, workers. Marked "from metrics"; a stale target's card is dimmed and says the
 * figures are from its last good scrape.
 */
import type { ScrapedController, ScrapeTargetStatus } from '@dojo/console-protocol';
import { CardLinks } from '../../../components/CardLinks.tsx';
import { Badge } from '../../../components/ConditionChip.tsx';
import { Sparkline } from '../../../components/Sparkline.tsx';
import { Stat } from '../../../components/Stat.tsx';
import { SummaryCard } from '../../../components/SummaryCard.tsx';
import { formatOptionalRate, formatQuantiles, formatSeconds, freshnessNote, reconcileRates, resultsText } from '../model/scrape-text.ts';

export function ScrapedControllerCard({ target, controller, now }: { target: ScrapeTargetStatus; controller: ScrapedController; now: number }) {
  const c = controller;
  const note = freshnessNote(target, now);
  const reconciles = reconcileRates(c.reconcilesPerSecond);
  return (
    <SummaryCard
      label={`Scraped controller ${c.name}`}
      name={c.name}
      detail={target.name}
      detailTitle={target.url}
      stale={Boolean(note)}
      badges={
        <div className="flex shrink-0 gap-1">
          {target.state === 'stale' ? <Badge tone="unknown">Stale</Badge> : null}
          <span title={`controller-runtime metrics scraped from ${target.url} every ${target.intervalMs / 1000}s`}>
            <Badge>from metrics</Badge>
          </span>
        </div>
      }
    >
      {note ? (
        <p role="status" className="text-xs text-amber-800 dark:text-amber-200">
          {note}
        </p>
      ) : null}
      <dl className={`grid grid-cols-3 gap-x-3 gap-y-2 ${note ? 'opacity-60' : ''}`}>
        <Stat label="Queue depth" value={c.depth ?? '—'} hint="workqueue_depth" />
        <Stat label="Workers" value={`${c.activeWorkers ?? '—'}/${c.maxConcurrentReconciles ?? '—'}`} hint="active / MaxConcurrentReconciles" />
        <Stat label="Reconciles/s" value={formatOptionalRate(reconciles.total)} hint="controller_runtime_reconcile_total, every result" />
        <Stat
          label="Errors/s"
          value={<span className={(c.errorsPerSecond ?? 0) > 0 ? 'text-rose-700 dark:text-rose-300' : ''}>{formatOptionalRate(c.errorsPerSecond)}</span>}
          hint="controller_runtime_reconcile_errors_total"
        />
        <Stat label="Adds/s" value={formatOptionalRate(c.addsPerSecond)} hint="workqueue_adds_total" />
        <Stat label="Retries/s" value={formatOptionalRate(c.retriesPerSecond)} hint="workqueue_retries_total (rate-limited requeues)" />
        <Stat label="Queue p50/p99" value={formatQuantiles(c.queueDuration)} hint="time waiting in the workqueue, between the last two scrapes" />
        <Stat label="Work p50/p99" value={formatQuantiles(c.workDuration)} hint="time processing an item, between the last two scrapes" />
        <Stat
          label="Longest running"
          value={formatSeconds(c.longestRunningProcessorSeconds)}
          hint="workqueue_longest_running_processor_seconds: a stuck worker shows here"
        />
      </dl>
      <div className={`flex items-end justify-between gap-2 ${note ? 'opacity-60' : ''}`}>
        <Sparkline
          values={c.depthHistory.map((s) => s.depth)}
          label={`${c.name} queue depth over the last ${c.depthHistory.length} scrapes`}
          width={140}
          height={30}
        />
        <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400" title="controller_runtime_reconcile_total by result, per second">
          {resultsText(c.reconcilesPerSecond)}
        </span>
      </div>
      <CardLinks
        label={`${c.name} links`}
        links={[{ label: 'Metrics endpoint', to: target.url, external: true, title: `${target.url} (opens the raw Prometheus text; it may need the token)` }]}
      />
    </SummaryCard>
  );
}
