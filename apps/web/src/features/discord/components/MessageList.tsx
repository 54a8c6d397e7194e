/** A channel's messages, oldest first; content is text, never markup. */
import { formatAge } from '../../../lib/time-format.ts';
import { useNow } from '../../../lib/use-now.ts';
import type { DiscordChannel } from '../model/discord-view.ts';

export function MessageList({ channel }: { channel: DiscordChannel }) {
  const now = useNow(5_000);
  if (channel.messages.length === 0)
    return (
      <p className="p-4 text-sm text-slate-500 dark:text-slate-400">
        No messages in #<bdi>{channel.name}</bdi> yet.
      </p>
    );
  return (
    <ol aria-label={`Messages in #${channel.name}`} aria-live="polite" className="flex max-h-[32rem] flex-col gap-3 overflow-y-auto p-4">
      {channel.messages.map((m) => {
        const at = Date.parse(m.timestamp);
        const fresh = Number.isFinite(at) && now - at < 15_000;
        return (
          <li key={m.id} className={`rounded-md px-3 py-2 ${fresh ? 'bg-amber-50 dark:bg-amber-950/40' : ''}`}>
            <div className="flex items-baseline gap-2">
              <bdi className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">{m.author}</bdi>
              <time dateTime={m.timestamp} className="text-xs text-slate-500" title={m.timestamp}>
                {Number.isFinite(at) ? `${formatAge(at, now)} ago` : ''}
              </time>
              {fresh ? <span className="text-xs font-medium text-amber-700 dark:text-amber-300">new</span> : null}
            </div>
            <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
              <bdi>{m.content}</bdi>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
