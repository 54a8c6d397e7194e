/**
 * Every client of the API server the console did not start — operators in any language,
 * kubectl, the console's own informers — as cards, seen through the request journal; operators
 * connected but silent so far; and what the journal feed is doing when it is not live. The
 * console's own controllers have their controller cards. Beyond the console's limit of clients
 * the rest are folded into one counted "other", and a note says so.
 */
import type { ReactNode } from 'react';
import type { ActivitySnapshot } from '@dojo/console-protocol';
import { EmptyState, Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { OverflowNote } from '../../../components/OverflowNote.tsx';
import { Link } from '../../../lib/router.tsx';
import { useActivity } from '../api/activity.ts';
import { ClientCard, type ClientLinks } from './ClientCard.tsx';

function FeedNote({ feed }: { feed: ActivitySnapshot['feed'] }) {
  // Audit events refused as unreadable are counted (the audit feed says why in `detail`), never shown as activity.
  const refused = feed.refused
    ? `${feed.refused} audit event${feed.refused === 1 ? '' : 's'} refused as unreadable and left out${feed.detail ? ` (${feed.detail})` : ''}.`
    : undefined;
  if (feed.state === 'live' && feed.gaps === 0 && !refused) return null;
  const text =
    feed.state === 'unavailable'
      ? `No request journal: ${feed.detail ?? 'the API server keeps none'}.`
      : feed.state === 'connecting'
        ? `Connecting to the API server's request journal${feed.detail && !refused ? ` (${feed.detail})` : ''}…${refused ? ` ${refused}` : ''}`
        : feed.gaps > 0
          ? `The journal dropped records the console had not read ${feed.gaps} time${feed.gaps === 1 ? '' : 's'}: totals and inferred reconciles miss what was lost.${refused ? ` ${refused}` : ''}`
          : refused;
  return (
    <p role="status" className="mb-3 text-sm text-amber-800 dark:text-amber-200">
      {text}
    </p>
  );
}

/**
 * `also`: more about a client, from another source, inside its card (e.g. its traces);
 * `controls`: what is in force on a connected client (by its credential's name), at the top of its card.
 */
export function ClientCards({
  links,
  also,
  controls,
}: {
  links: ClientLinks;
  also?: (client: string) => ReactNode;
  controls?: (connectedName: string) => ReactNode;
}) {
  const { data, error, isPending } = useActivity();
  if (isPending) return <Loading label="Loading clients…" />;
  if (error) return <ErrorNotice error={error} title="Could not load the API server's clients" />;
  const clients = data.clients.filter((c) => c.kind !== 'embedded');
  // A connected client is its credential's user (its card's name differs when it is named as one of the console's controllers).
  const silent = data.connected.filter((c) => !data.clients.some((x) => x.name === c.name || (x.kind === 'connected' && x.user === c.name)));
  return (
    <>
      <FeedNote feed={data.feed} />
      <OverflowNote overflow={data.overflow?.clients} nouns={{ one: 'client', many: 'clients', events: 'requests' }} />
      {clients.length === 0 && silent.length === 0 ? (
        <EmptyState title="No other clients yet.">
          Connect an operator (any language) and what it does shows up here, beside the embedded controllers.
        </EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {clients.map((c) => (
            <ClientCard
              key={c.name}
              client={c}
              links={links}
              also={
                <>
                  {c.kind === 'connected' ? controls?.(c.user) : null}
                  {also?.(c.name)}
                </>
              }
            />
          ))}
          {silent.map((c) => (
            <article
              key={c.name}
              aria-label={`Client ${c.name}`}
              className="rounded-lg border border-dashed border-slate-300 p-4 text-sm dark:border-slate-700"
            >
              <h3 className="font-semibold text-slate-900 dark:text-white">{c.name}</h3>
              <p className="mt-1 text-slate-500 dark:text-slate-400">Connected; no request from it yet.</p>
              <p className="mt-2 font-mono text-xs break-all text-slate-600 dark:text-slate-300">KUBECONFIG={c.kubeconfigPath}</p>
              {controls?.(c.name)}
              <Link to={links.client(c.name)} className="mt-2 inline-block text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                Controls
              </Link>
            </article>
          ))}
        </div>
      )}
    </>
  );
}
