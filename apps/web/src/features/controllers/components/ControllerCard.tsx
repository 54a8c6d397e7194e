/** One controller at a glance: queue depth, workers, throughput, errors, latency, filtered events, and a sparkline. */
import type { ControllerSummary } from '@dojo/console-protocol';
import { CardLinks } from '../../../components/CardLinks.tsx';
import { Badge } from '../../../components/ConditionChip.tsx';
import { Sparkline } from '../../../components/Sparkline.tsx';
import { Stat } from '../../../components/Stat.tsx';
import { SummaryCard } from '../../../components/SummaryCard.tsx';
import { formatDuration, formatPercent, formatRate } from '../../../lib/time-format.ts';
import type { MetricsSample } from '../model/metrics-history.ts';

export interface ControllerLinks {
  workqueue: (name: string) => string;
  timeline: (name: string) => string;
  debug: (name: string) => string;
}

export function ControllerCard({ controller, history, links }: { controller: ControllerSummary; history: readonly MetricsSample[]; links: ControllerLinks }) {
  const c = controller;
  const kind = c.forKind.kind ? `${c.forKind.kind}${c.forKind.group ? `.${c.forKind.group}` : ''}` : '';
  return (
    <SummaryCard
      label={`Controller ${c.name}`}
      name={c.name}
      detail={kind}
      detailTitle={kind}
      badges={
        <div className="flex shrink-0 gap-1">
          {c.paused ? <Badge tone="unknown">Paused</Badge> : null}
          {c.breakpoints.length ? (
            <Badge tone="busy">
              {c.breakpoints.length} breakpoint{c.breakpoints.length === 1 ? '' : 's'}
            </Badge>
          ) : null}
          <Badge>{c.role}</Badge>
        </div>
      }
    >
      <dl className="grid grid-cols-3 gap-x-3 gap-y-2">
        <Stat label="Queue depth" value={c.depth} />
        <Stat label="Workers" value={`${c.workers.busy}/${c.workers.max}`} hint="busy / MaxConcurrentReconciles" />
        <Stat label="Reconciles/s" value={formatRate(c.ratePerSecond)} />
        <Stat label="Error rate" value={<span className={c.errorRate > 0 ? 'text-rose-700 dark:text-rose-300' : ''}>{formatPercent(c.errorRate)}</span>} />
        <Stat label="p50" value={formatDuration(c.p50Ms)} hint="median reconcile duration" />
        <Stat label="p99" value={formatDuration(c.p99Ms)} hint="99th percentile reconcile duration" />
      </dl>
      <div className="flex items-end justify-between gap-2">
        <Sparkline
          values={history.map((s) => s.ratePerSecond)}
          label={`${c.name} reconciles per second over the last ${history.length} seconds`}
          width={140}
          height={30}
        />
        <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400" title="reconciles · errors · conflicts · watch events filtered by predicates">
          {c.counts.reconciles} · {c.counts.errors} err · {c.counts.conflicts} 409 · {c.filteredEvents} filtered
        </span>
      </div>
      <CardLinks
        label={`${c.name} views`}
        links={[
          { label: 'Workqueue', to: links.workqueue(c.name) },
          { label: 'Timeline', to: links.timeline(c.name) },
          { label: 'Debug', to: links.debug(c.name) },
        ]}
      />
    </SummaryCard>
  );
}
