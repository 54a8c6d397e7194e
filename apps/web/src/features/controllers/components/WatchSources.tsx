/**
 * The watches feeding one controller (For, Owns, Watches) and what their predicates did with
 * each event: passed into the workqueue or filtered out. A filtered event costs no reconcile,
 * which is the point of a predicate; a watch that filters nothing may be missing one.
 */
import type { PredicateEventType, WatchSummary } from '@dojo/console-protocol';
import { DataTable } from '../../../components/DataTable.tsx';

const relationText: Record<WatchSummary['relation'], string> = { for: 'For', owns: 'Owns', watches: 'Watches' };
const eventTypes: readonly PredicateEventType[] = ['create', 'update', 'delete', 'generic'];

function PerType({ watch, field }: { watch: WatchSummary; field: 'passed' | 'dropped' }) {
  const parts = eventTypes.filter((t) => watch.byType[t][field] > 0).map((t) => `${t} ${watch.byType[t][field]}`);
  return <span className="text-xs text-slate-500 dark:text-slate-400">{parts.length ? parts.join(' · ') : '—'}</span>;
}

export function WatchSources({ watches }: { watches: readonly WatchSummary[] }) {
  return (
    <DataTable<WatchSummary>
      caption="Watches and predicate counts"
      rows={watches}
      rowKey={(w) => `${w.relation}/${w.resource}`}
      empty="This controller reports no watches."
      columns={[
        { id: 'relation', header: 'Relation', cell: (w) => relationText[w.relation] },
        { id: 'kind', header: 'Kind', cell: (w) => <span className="font-mono text-xs">{w.kind}</span> },
        { id: 'passed', header: 'Passed', align: 'right', cell: (w) => <span className="tabular-nums">{w.passed}</span> },
        {
          id: 'filtered',
          header: 'Filtered',
          align: 'right',
          cell: (w) => (
            <span className="tabular-nums" data-testid={`filtered-${w.relation}-${w.resource}`}>
              {w.filtered}
            </span>
          ),
        },
        { id: 'by-type', header: 'Filtered by event type', cell: (w) => <PerType watch={w} field="dropped" /> },
      ]}
    />
  );
}
