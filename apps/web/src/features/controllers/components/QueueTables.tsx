/**
 * The keys in a workqueue, by state: waiting, being processed, dirty, delayed (backoff). Each
 * key links to its object's page when the page knows it.
 */
import type { ProcessingKey, RateLimitingQueueSnapshot, WaitingKey } from '@dojo/console-protocol';
import { DataTable } from '../../../components/DataTable.tsx';
import { VirtualTable } from '../../../components/VirtualTable.tsx';
import { formatDuration } from '../../../lib/time-format.ts';
import { Link } from '../../../lib/router.tsx';
import { describeTrigger, summarizeTriggers } from '../../../lib/trigger-text.ts';

/** The page of the object a key names, when there is one. */
export type KeyLink = (key: string) => string | undefined;

function Key({ name, link }: { name: string; link: KeyLink | undefined }) {
  const to = link?.(name);
  if (!to) return <span className="font-mono text-xs">{name}</span>;
  return (
    <Link to={to} className="font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-300">
      {name}
    </Link>
  );
}

/** A delayed key with the rate limiter's retry count for it. */
type DelayedKey = RateLimitingQueueSnapshot['delayed'][number];

function Triggers({ waiting }: { waiting: WaitingKey }) {
  return (
    <span title={waiting.triggers.map(describeTrigger).join('\n')} className="text-slate-600 dark:text-slate-300">
      {summarizeTriggers(waiting.triggers, waiting.droppedTriggers)}
    </span>
  );
}

export function QueuedKeys({ queue, now, keyLink }: { queue: RateLimitingQueueSnapshot; now: number; keyLink?: KeyLink | undefined }) {
  return (
    <VirtualTable<WaitingKey>
      label="Queued keys"
      rows={queue.queued}
      rowKey={(k) => k.key}
      maxHeight={320}
      empty={<p className="text-sm text-slate-500">Nothing is waiting.</p>}
      columns={[
        { id: 'key', header: 'Key', width: 'minmax(10rem, 2fr)', cell: (k) => <Key name={k.key} link={keyLink} /> },
        { id: 'waiting', header: 'Waiting', width: '7rem', align: 'right', cell: (k) => (k.since ? formatDuration(now - k.since) : '—') },
        { id: 'merged', header: 'Adds merged', width: '7rem', align: 'right', cell: (k) => k.triggers.length + k.droppedTriggers },
        { id: 'triggers', header: 'Triggers', width: 'minmax(10rem, 2fr)', cell: (k) => <Triggers waiting={k} /> },
      ]}
    />
  );
}

export function ProcessingKeys({ queue, now, keyLink }: { queue: RateLimitingQueueSnapshot; now: number; keyLink?: KeyLink | undefined }) {
  return (
    <DataTable<ProcessingKey>
      caption="Keys being processed"
      rows={[...queue.processing].sort((a, b) => (a.worker ?? 0) - (b.worker ?? 0))}
      rowKey={(k) => k.key}
      empty="No worker is busy."
      columns={[
        { id: 'worker', header: 'Worker', cell: (k) => (k.worker === undefined ? '—' : `#${k.worker}`) },
        { id: 'key', header: 'Key', cell: (k) => <Key name={k.key} link={keyLink} /> },
        { id: 'for', header: 'For', align: 'right', cell: (k) => formatDuration(now - k.startedAt) },
        {
          id: 'dirty',
          header: 'Dirty',
          cell: (k) => (k.dirty ? <span className="text-amber-700 dark:text-amber-300">re-added while processing</span> : ''),
        },
      ]}
    />
  );
}

export function DirtyKeys({ queue, keyLink }: { queue: RateLimitingQueueSnapshot; keyLink?: KeyLink | undefined }) {
  return (
    <DataTable<WaitingKey>
      caption="Dirty keys"
      rows={queue.dirty}
      rowKey={(k) => k.key}
      empty="No key was re-added while it was processing."
      columns={[
        { id: 'key', header: 'Key', cell: (k) => <Key name={k.key} link={keyLink} /> },
        { id: 'triggers', header: 'Will carry', cell: (k) => <Triggers waiting={k} /> },
      ]}
    />
  );
}

export function DelayedKeys({ queue, now, keyLink }: { queue: RateLimitingQueueSnapshot; now: number; keyLink?: KeyLink | undefined }) {
  return (
    <DataTable<DelayedKey>
      caption="Delayed keys"
      rows={[...queue.delayed].sort((a, b) => a.readyAt - b.readyAt)}
      rowKey={(k) => k.key}
      empty="No key is waiting out a delay or backoff."
      columns={[
        { id: 'key', header: 'Key', cell: (k) => <Key name={k.key} link={keyLink} /> },
        {
          id: 'back',
          header: 'Back in',
          align: 'right',
          cell: (k) => (
            <time dateTime={new Date(k.readyAt).toISOString()} className="tabular-nums">
              {k.readyAt > now ? formatDuration(k.readyAt - now) : 'now'}
            </time>
          ),
        },
        { id: 'retries', header: 'Retries', align: 'right', cell: (k) => k.retries },
        { id: 'kind', header: 'Why', cell: (k) => (k.retries > 0 ? 'rate-limited backoff' : 'requeueAfter / delayed add') },
      ]}
    />
  );
}
