/**
 * How stale one client's view is (KEP-5647's vocabulary: the newest resourceVersion delivered
 * to it against the server's, per resource it watches) and the writes it made on a stale view,
 * with the field both wrote, the versions it had not seen, who wrote them and the journal
 * records that show it. A lower bound: what its cache holds is at most what was delivered.
 */
import type { ResourceStaleness, StaleWrite } from '@dojo/console-protocol';
import { Badge } from '../../../components/ConditionChip.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { formatClock } from '../../../lib/time-format.ts';
import { useClientStaleness } from '../api/client-staleness.ts';
import { objectText } from '../model/view-text.ts';
import { JournalEvidence } from './JournalEvidence.tsx';

function StaleWriteItem({ write }: { write: StaleWrite }) {
  const fields = write.overlappingPaths.length ? write.overlappingPaths : write.changedPaths;
  return (
    <li className="flex flex-col gap-1 border-b border-slate-200 p-3 last:border-b-0 dark:border-slate-800">
      <p className="text-sm">
        <span className="font-medium">
          {write.verb} {write.resource} {objectText({ namespace: write.object.namespace, name: write.object.name })}
        </span>{' '}
        at {formatClock(write.time)}: it had seen version {write.seenResourceVersion ?? 'none'}
        {write.seenThrough ? ` (through a ${write.seenThrough})` : ''}, the server had {write.currentResourceVersion}
        {write.currentWriter ? ` written by ${write.currentWriter}` : ''}.
      </p>
      {fields.length ? (
        <p className="text-xs">
          {write.overlappingPaths.length ? <Badge tone="bad">lost update likely</Badge> : null} Fields: <span className="font-mono">{fields.join(', ')}</span>
        </p>
      ) : null}
      {write.unseen.length ? (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          Not seen:{' '}
          {write.unseen
            .map((u) => `${u.resourceVersion}${u.writer ? ` by ${u.writer}` : ''}${u.changedPaths?.length ? ` (${u.changedPaths.join(', ')})` : ''}`)
            .join('; ')}
        </p>
      ) : null}
      <p className="text-xs text-slate-500 dark:text-slate-400">{write.cure}</p>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <JournalEvidence seq={write.evidence.writeSeq} label="the write" />
        {write.evidence.seenSeq !== undefined ? <JournalEvidence seq={write.evidence.seenSeq} label="what it had seen" /> : null}
        {write.evidence.unseenSeqs.map((seq) => (
          <JournalEvidence key={seq} seq={seq} label="unseen write" />
        ))}
      </div>
    </li>
  );
}

export function StalenessTab({ client }: { client: string }) {
  const { data, error, isPending } = useClientStaleness(client);
  if (isPending) return <Loading label="Loading the client's staleness…" />;
  if (error) return <ErrorNotice error={error} title="Could not load the client's staleness" />;
  return (
    <div className="flex flex-col gap-4">
      <Panel
        title="Lag per resource"
        description="The newest resourceVersion delivered to its watches against the server's: a lower bound of how stale its cache is."
        bodyClassName="p-0"
      >
        <DataTable<ResourceStaleness>
          caption="Lag per resource"
          focusable
          rows={data.resources}
          rowKey={(r) => r.resource}
          empty={<p className="p-4 text-sm text-slate-500 dark:text-slate-400">No watch open.</p>}
          columns={[
            { id: 'resource', header: 'Resource', cell: (r) => <span className="font-mono text-xs">{r.resource}</span> },
            {
              id: 'versions',
              header: 'Versions behind',
              align: 'right',
              cell: (r) => <span className={r.versionsBehind > 0 ? 'font-semibold text-amber-700 dark:text-amber-300' : ''}>{r.versionsBehind}</span>,
            },
            { id: 'seconds', header: 'Seconds behind', align: 'right', cell: (r) => r.secondsBehind.toFixed(1) },
            { id: 'store', header: 'Delivered', cell: (r) => <span className="font-mono text-xs">{r.storeResourceVersion ?? '—'}</span> },
            { id: 'server', header: 'Server', cell: (r) => <span className="font-mono text-xs">{r.serverResourceVersion ?? '—'}</span> },
            { id: 'note', header: 'Note', cell: (r) => (r.selector ? 'selector: may be under-counted' : '') },
          ]}
        />
      </Panel>
      <Panel
        title={`Writes on a stale view (${data.staleWriteCount})`}
        description="A write whose object it had not seen in its latest version, written by another client."
        bodyClassName="p-0"
      >
        {data.staleWrites.length ? (
          <ul aria-label="Writes on a stale view">
            {data.staleWrites.map((w) => (
              <StaleWriteItem key={w.id} write={w} />
            ))}
          </ul>
        ) : (
          <p className="p-4 text-sm text-slate-500 dark:text-slate-400">None so far.</p>
        )}
      </Panel>
    </div>
  );
}
