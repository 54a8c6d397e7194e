/** Every condition transition of one object, newest first, from telemetry. */
import type { ConditionTransitionRecord } from '@dojo/console-protocol';
import { Badge } from '../../../components/ConditionChip.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { formatClock } from '../../../lib/time-format.ts';
import { useStoreVersion, useTelemetryBackfill, useTelemetryStore } from '../api/telemetry.ts';

const tone = (status: string) => (status === 'True' ? 'good' : status === 'False' ? 'neutral' : 'unknown');

export function ConditionHistory({ objectKey }: { objectKey: string }) {
  const store = useTelemetryStore();
  useTelemetryBackfill({ objectKey, types: 'condition-transition', limit: 1000 });
  useStoreVersion(store, 500);
  const rows = [...store.transitionsOf(objectKey)].reverse();
  return (
    <DataTable<ConditionTransitionRecord>
      caption="Condition transitions"
      rows={rows}
      rowKey={(r) => String(r.seq)}
      empty="No transitions recorded for this object yet."
      columns={[
        { id: 'time', header: 'Time', cell: (r) => <span className="font-mono text-xs">{formatClock(r.time)}</span> },
        { id: 'type', header: 'Condition', cell: (r) => r.condition },
        {
          id: 'change',
          header: 'Change',
          cell: (r) => (
            <span className="flex items-center gap-1">
              {r.from ? <Badge tone={tone(r.from)}>{r.from}</Badge> : <span className="text-slate-400">(none)</span>}
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
  );
}
