/**
 * One controller known only from the spans its operator sent (no client of the API server
 * matched it): how many reconciles, errors and 409s its traces recorded, and when the latest
 * one ended.
 */
import type { TracedControllerSummary } from '@dojo/console-protocol';
import { Badge } from '../../../components/ConditionChip.tsx';
import { SummaryCard } from '../../../components/SummaryCard.tsx';
import { TracedStats } from './TracedStats.tsx';

export function TracedControllerCard({ controller: c, timeline, now }: { controller: TracedControllerSummary; timeline: string; now: number }) {
  return (
    <SummaryCard
      label={`Traced controller ${c.controller}`}
      name={c.controller}
      detail={`service ${c.service}`}
      badges={
        <span title="Recorded exactly by the operator's own spans, received over OTLP">
          <Badge>from traces</Badge>
        </span>
      }
    >
      <TracedStats controller={c} timeline={timeline} now={now} />
    </SummaryCard>
  );
}
