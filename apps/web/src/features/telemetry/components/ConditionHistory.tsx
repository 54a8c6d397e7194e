/**
 * Every condition transition of one object — this kind, this incarnation — newest first, from
 * the console's history (it survives reloads and console restarts), with what retention evicted.
 * In a recording, only the transitions made by the instant the time slider chose.
 */
import type { ConditionTransitionRecord } from '@dojo/console-protocol';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { Badge } from '../../../components/ConditionChip.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { HistoryNote } from '../../../components/HistoryNote.tsx';
import { evictedCount, useStreamCoverage } from '../../../lib/history-coverage.ts';
import { formatClock } from '../../../lib/time-format.ts';
import { useViewInstant } from '../../../lib/view-time.ts';
import { useStoreVersion, useTelemetryBackfill, useTelemetryStore } from '../api/telemetry.ts';

const tone = (status: string) => (status === 'True' ? 'good' : status === 'False' ? 'neutral' : 'unknown');
const transitions = { types: ['condition-transition'], plural: 'condition transitions' };

export function ConditionHistory({ identity }: { identity: ObjectIdentity }) {
  const store = useTelemetryStore();
  useTelemetryBackfill({ object: identityKey(identity), ...(identity.uid ? { uid: identity.uid } : {}), types: 'condition-transition', limit: 1000 });
  useStoreVersion(store, 500);
  const coverage = useStreamCoverage('telemetry');
  const instant = useViewInstant();
  // The tab's store keeps what later instants loaded too: an earlier instant shows none of it.
  const rows = store
    .transitionsOf(identity)
    .filter((r) => instant === undefined || r.time <= instant)
    .reverse();
  const evicted = coverage ? evictedCount(coverage, transitions) > 0 : false;
  return (
    <div className="flex flex-col gap-2">
      <DataTable<ConditionTransitionRecord>
        caption="Condition transitions"
        rows={rows}
        rowKey={(r) => String(r.seq)}
        empty={evicted ? 'No transitions since history became complete (older ones were evicted, see below).' : 'No transitions recorded for this object yet.'}
        columns={[
          { id: 'time', header: 'Time', cell: (r) => <span className="font-mono text-xs">{formatClock(r.time)}</span> },
          { id: 'type', header: 'Condition', cell: (r) => r.condition },
          {
            id: 'change',
            header: 'Change',
            cell: (r) => (
              <span className="flex items-center gap-1">
                {r.from ? <Badge tone={tone(r.from)}>{r.from}</Badge> : <span className="text-slate-500 dark:text-slate-400">(none)</span>}
                <span aria-label="to">→</span>
                <Badge tone={tone(r.to)}>{r.to}</Badge>
              </span>
            ),
          },
          { id: 'reason', header: 'Reason', cell: (r) => <span className="font-mono text-xs">{r.reason ?? ''}</span> },
          { id: 'message', header: 'Message', cell: (r) => <span className="break-words">{r.message ?? ''}</span>, className: 'max-w-md' },
          { id: 'gen', header: 'Observed gen.', align: 'right', cell: (r) => r.observedGeneration ?? '—' },
        ]}
      />
      <div className="px-4 pb-2">
        <HistoryNote stream="telemetry" thing={transitions} />
      </div>
    </div>
  );
}
