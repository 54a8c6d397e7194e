/**
 * Each client's watches as the API server saw them — the reflector's view from the other side:
 * what it watches (resource, namespace, selectors), from which resourceVersion, the events it
 * received by type, where it got to, how it ended (410 Expired, too slow, timeout), and how
 * often it listed each resource (every LIST after the first is a relist).
 */
import type { ClientWatch, ClientWatches } from '@dojo/console-protocol';
import { Badge } from '../../../components/ConditionChip.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { EmptyState, Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { formatAge, formatClock } from '../../../lib/time-format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useActivity } from '../api/activity.ts';
import { watchStart } from '../model/watch-text.ts';

const scope = (w: ClientWatch) =>
  [
    w.namespace ? `ns ${w.namespace}` : 'all namespaces',
    w.name ? `name ${w.name}` : '',
    w.labelSelector ? `labels ${w.labelSelector}` : '',
    w.fieldSelector ? `fields ${w.fieldSelector}` : '',
  ]
    .filter(Boolean)
    .join(' · ');

function WatchTable({ watches, now }: { watches: readonly ClientWatch[]; now: number }) {
  return (
    <DataTable<ClientWatch>
      caption="Watches"
      rows={watches}
      rowKey={(w) => w.watchId}
      empty="No watches."
      columns={[
        { id: 'resource', header: 'Watches', cell: (w) => <span className="font-mono text-xs">{w.group ? `${w.resource}.${w.group}` : w.resource}</span> },
        { id: 'scope', header: 'Scope', cell: (w) => <span className="text-xs">{scope(w)}</span> },
        { id: 'from', header: 'From RV', cell: (w) => <span className="font-mono text-xs">{watchStart(w)}</span> },
        {
          id: 'opened',
          header: 'Opened',
          cell: (w) => (
            <span className="font-mono text-xs" title={formatClock(w.openedAt)}>
              {formatAge(w.openedAt, now)} ago
            </span>
          ),
        },
        {
          id: 'events',
          header: 'Events received',
          cell: (w) => (
            <span className="text-xs tabular-nums" title="ADDED · MODIFIED · DELETED · bookmarks · errors">
              {w.events.added} added · {w.events.modified} modified · {w.events.deleted} deleted · {w.events.bookmarks} bookmarks
              {w.events.errors ? ` · ${w.events.errors} errors` : ''}
            </span>
          ),
        },
        { id: 'last', header: 'Last RV', cell: (w) => <span className="font-mono text-xs">{w.lastResourceVersion ?? '—'}</span> },
        {
          id: 'state',
          header: 'State',
          cell: (w) =>
            w.closedAt === undefined ? (
              <Badge tone="good">open</Badge>
            ) : (
              <Badge tone={w.closeReason === 'client' || w.closeReason === 'timeout' ? 'neutral' : 'unknown'}>{`closed: ${w.closeReason ?? '?'}`}</Badge>
            ),
        },
      ]}
    />
  );
}

function ClientPanel({ entry, now }: { entry: ClientWatches; now: number }) {
  const open = entry.watches.filter((w) => w.closedAt === undefined).length;
  const relists = entry.lists.reduce((sum, l) => sum + l.relists, 0);
  return (
    <Panel
      title={entry.client}
      description={`${open} open watch${open === 1 ? '' : 'es'} · ${relists} relist${relists === 1 ? '' : 's'}`}
      bodyClassName="flex flex-col gap-3 p-2"
    >
      <WatchTable watches={entry.watches} now={now} />
      {entry.lists.length ? (
        <p className="px-3 text-xs text-slate-600 dark:text-slate-400">
          Lists: {entry.lists.map((l) => `${l.resource} ×${l.lists}${l.relists ? ` (${l.relists} relist${l.relists === 1 ? '' : 's'})` : ''}`).join(', ')}
        </p>
      ) : null}
    </Panel>
  );
}

export function WatchesView({ client }: { client: string | undefined }) {
  const { data, error, isPending } = useActivity();
  const now = useNow(1000);
  if (isPending) return <Loading label="Loading watches…" />;
  if (error) return <ErrorNotice error={error} title="Could not load watches" />;
  const shown = data.watches.filter((w) => !client || w.client === client);
  if (shown.length === 0)
    return <EmptyState title={client ? `${client} holds no watches.` : 'No watches yet.'}>{data.feed.state !== 'live' ? data.feed.detail : null}</EmptyState>;
  const dropped = data.overflow?.watches;
  return (
    <div className="flex flex-col gap-4">
      {dropped ? (
        <p role="note" className="text-sm text-amber-800 dark:text-amber-200">
          {dropped.dropped.toLocaleString('en-US')} older watches are not listed (the console keeps at most {dropped.limit.toLocaleString('en-US')}).
        </p>
      ) : null}
      {shown.map((entry) => (
        <ClientPanel key={entry.client} entry={entry} now={now} />
      ))}
    </div>
  );
}
