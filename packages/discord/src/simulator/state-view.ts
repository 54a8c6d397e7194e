import type { Channel, Guild, Message, User } from '../types.ts';
import type { StateSnapshot } from './state-snapshot.ts';

export interface ChannelView extends Channel {
  /** The latest messages, oldest first. */
  messages: Message[];
}

export interface GuildView extends Guild {
  channels: ChannelView[];
}

/** What `GET /_sim/state` answers: guilds, their channels, and each channel's latest messages. */
export interface StateView {
  bot: User;
  guilds: GuildView[];
}

export function stateView(snapshot: StateSnapshot, messagesPerChannel = 20): StateView {
  const channelsByGuild = new Map<string, ChannelView[]>();
  for (const channel of snapshot.channels) {
    const list = channelsByGuild.get(channel.guild_id) ?? [];
    list.push({ ...channel, messages: (snapshot.messages[channel.id] ?? []).slice(-messagesPerChannel) });
    channelsByGuild.set(channel.guild_id, list);
  }
  return {
    bot: snapshot.bot,
    guilds: snapshot.guilds.map((guild) => ({ ...guild, channels: channelsByGuild.get(guild.id) ?? [] })),
  };
}
