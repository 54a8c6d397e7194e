/**
 * The simulated Discord as its users see it: servers on the left, the chosen server's groups
 * and channels, and the chosen channel's messages (alarms arrive here, newest last, announced
 * politely to screen readers).
 */
import { useState } from 'react';
import { EmptyState, Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { useDiscordState } from '../api/discord-state.ts';
import { allChannels, type DiscordChannel, type DiscordGuild } from '../model/discord-view.ts';
import { MessageList } from './MessageList.tsx';

function ChannelButton({ channel, selected, onSelect }: { channel: DiscordChannel; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className={`flex w-full items-center justify-between gap-2 rounded px-2 py-1 text-left text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 ${
        selected
          ? 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/50 dark:text-indigo-100'
          : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
      }`}
    >
      <span className="truncate">
        <span aria-hidden="true" className="mr-1 text-slate-400">
          #
        </span>
        <bdi>{channel.name}</bdi>
      </span>
      {channel.messages.length ? (
        <span className="rounded-full bg-slate-200 px-1.5 text-xs tabular-nums dark:bg-slate-700" aria-label={`${channel.messages.length} messages`}>
          {channel.messages.length}
        </span>
      ) : null}
    </button>
  );
}

function ChannelTree({ guild, selected, onSelect }: { guild: DiscordGuild; selected: string | undefined; onSelect: (id: string) => void }) {
  return (
    <nav aria-label={`Channels of ${guild.name}`} className="flex flex-col gap-3">
      {guild.channels.length ? (
        <ul className="flex flex-col gap-0.5">
          {guild.channels.map((c) => (
            <li key={c.id}>
              <ChannelButton channel={c} selected={c.id === selected} onSelect={() => onSelect(c.id)} />
            </li>
          ))}
        </ul>
      ) : null}
      {guild.categories.map((category) => (
        <section key={category.id} aria-label={`Group ${category.name}`}>
          <h4 className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            <bdi>{category.name}</bdi>
          </h4>
          {category.channels.length ? (
            <ul className="mt-1 flex flex-col gap-0.5">
              {category.channels.map((c) => (
                <li key={c.id}>
                  <ChannelButton channel={c} selected={c.id === selected} onSelect={() => onSelect(c.id)} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-2 text-xs text-slate-500">No channels.</p>
          )}
        </section>
      ))}
    </nav>
  );
}

/** `simulator`: the running Discord simulator's name (`GET /api/simulators`). */
export function DiscordWorkspace({ simulator }: { simulator: string }) {
  const { data: view, error, isPending } = useDiscordState(simulator);
  const [guildId, setGuildId] = useState<string>();
  const [channelId, setChannelId] = useState<string>();
  if (isPending) return <Loading label="Loading the Discord simulator…" />;
  if (error) return <ErrorNotice error={error} title="Could not load the Discord simulator" />;
  if (view.guilds.length === 0) return <EmptyState title="No Discord servers yet.">Create a DiscordServer resource and its guild appears here.</EmptyState>;
  const guild = view.guilds.find((g) => g.id === guildId) ?? view.guilds[0]!;
  const channels = allChannels(guild);
  const busiest = [...channels].sort((a, b) => (b.messages.at(-1)?.timestamp ?? '').localeCompare(a.messages.at(-1)?.timestamp ?? ''))[0];
  const channel = channels.find((c) => c.id === channelId) ?? busiest;
  return (
    <div className="grid min-h-[28rem] overflow-hidden rounded-lg border border-slate-200 bg-white md:grid-cols-[12rem_16rem_1fr] dark:border-slate-800 dark:bg-slate-900">
      <nav
        aria-label="Discord servers"
        className="border-b border-slate-200 bg-slate-50 p-2 md:border-r md:border-b-0 dark:border-slate-800 dark:bg-slate-950/40"
      >
        <ul className="flex flex-col gap-1">
          {view.guilds.map((g) => (
            <li key={g.id}>
              <button
                type="button"
                aria-pressed={g.id === guild.id}
                onClick={() => {
                  setGuildId(g.id);
                  setChannelId(undefined);
                }}
                className={`w-full truncate rounded-md px-2 py-1.5 text-left text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 ${
                  g.id === guild.id ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800'
                }`}
              >
                <bdi>{g.name}</bdi>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-b border-slate-200 p-2 md:border-r md:border-b-0 dark:border-slate-800">
        <h3 className="truncate px-2 pb-2 text-sm font-semibold">
          <bdi>{guild.name}</bdi>
        </h3>
        <ChannelTree guild={guild} selected={channel?.id} onSelect={setChannelId} />
      </div>
      <div className="flex min-w-0 flex-col">
        {channel ? (
          <>
            <div className="border-b border-slate-200 px-4 py-2 dark:border-slate-800">
              <h3 className="text-sm font-semibold">
                # <bdi>{channel.name}</bdi>
              </h3>
              {channel.topic ? (
                <p className="text-xs text-slate-500">
                  <bdi>{channel.topic}</bdi>
                </p>
              ) : null}
            </div>
            <MessageList channel={channel} />
          </>
        ) : (
          <p className="p-4 text-sm text-slate-500">This server has no text channels yet.</p>
        )}
      </div>
    </div>
  );
}
