/**
 * One client of the API server at a glance, as the request journal sees it: requests and writes
 * per second, errors, 409s, the watches it holds, and how many of its reconciles were inferred;
 * and what another source says of the same client (`also`: its traces).
 */
import type { ReactNode } from 'react';
import type { ClientSummary } from '@dojo/console-protocol';
import { CardLinks } from '../../../components/CardLinks.tsx';
import { Badge } from '../../../components/ConditionChip.tsx';
import { Stat } from '../../../components/Stat.tsx';
import { SummaryCard } from '../../../components/SummaryCard.tsx';
import { formatRate } from '../../../lib/time-format.ts';
import { clientKindHints, clientKindLabels } from '../model/client-text.ts';

export interface ClientLinks {
  timeline: (client: string) => string;
  watches: (client: string) => string;
  conflicts: () => string;
  /** The page of a connected client (its credential's user): controls, faults, staleness, RBAC. */
  client: (connectedName: string) => string;
}

export function ClientCard({ client, links, also }: { client: ClientSummary; links: ClientLinks; also?: ReactNode }) {
  const c = client;
  const agent = c.userAgents[0];
  return (
    <SummaryCard
      label={`Client ${c.name}`}
      name={c.name}
      detail={agent ?? (c.fieldManagers.length ? `field manager ${c.fieldManagers.join(', ')}` : `user ${c.user}`)}
      detailTitle={[...c.userAgents, ...c.fieldManagers.map((m) => `field manager ${m}`)].join('\n')}
      badges={
        <span title={clientKindHints[c.kind]}>
          <Badge>{clientKindLabels[c.kind]}</Badge>
        </span>
      }
    >
      <dl className="grid grid-cols-3 gap-x-3 gap-y-2">
        <Stat label="Requests/s" value={formatRate(c.requestsPerSecond)} hint="over the last 10 seconds" />
        <Stat label="Writes/s" value={formatRate(c.writesPerSecond)} hint="creates, updates, patches and deletes over the last 10 seconds" />
        <Stat label="Watches" value={c.watchesHeld} hint="watches open now" />
        <Stat
          label="Errors"
          value={<span className={c.totals.errors > 0 ? 'text-rose-700 dark:text-rose-300' : ''}>{c.totals.errors}</span>}
          hint="answers of 400 and above, except 409 and a read's 404"
        />
        <Stat label="409s" value={c.totals.conflicts} hint="writes that lost a resourceVersion race" />
        <Stat
          label="Reconciles"
          value={c.kind === 'embedded' ? '—' : c.inferredReconciles}
          hint={c.kind === 'embedded' ? 'recorded exactly on its controller card' : 'inferred from its requests'}
        />
      </dl>
      <p className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
        {c.totals.requests.toLocaleString()} requests · {c.totals.writes.toLocaleString()} writes · {c.totals.watchEvents.toLocaleString()} watch events
        received
      </p>
      {also}
      <CardLinks
        label={`${c.name} views`}
        links={[
          c.kind === 'connected' && { label: 'Controls', to: links.client(c.user) },
          { label: 'Timeline', to: links.timeline(c.name) },
          { label: 'Watches', to: links.watches(c.name) },
          c.totals.conflicts > 0 && { label: 'Conflicts', to: links.conflicts() },
        ]}
      />
    </SummaryCard>
  );
}
