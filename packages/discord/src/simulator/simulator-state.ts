import { discordErrors } from '../api-error.ts';
import type { DiscordClock } from '../clock.ts';
import { SnowflakeGenerator } from '../snowflake.ts';
import { ChannelType } from '../types.ts';
import type {
  Channel,
  CreateGuildChannelParams,
  DiscordOperations,
  CreateGuildParams,
  CreateMessageParams,
  Guild,
  ListGuildsQuery,
  ListMessagesQuery,
  Message,
  ModifyChannelParams,
  ModifyGuildParams,
  PartialGuild,
  User,
} from '../types.ts';
import { MessageLog } from './message-log.ts';
import type { StateSnapshot } from './state-snapshot.ts';

export type StateChange =
  | { type: 'guild.created' | 'guild.updated' | 'guild.deleted'; guild: Guild }
  | { type: 'channel.created' | 'channel.updated' | 'channel.deleted'; channel: Channel }
  | { type: 'message.created'; message: Message; guildId: string }
  | { type: 'state.reset' };

export interface SimulatorStateOptions {
  clock: DiscordClock;
  snapshot?: StateSnapshot | undefined;
  maxMessagesPerChannel?: number | undefined;
  /** How long a nonce is remembered for `enforce_nonce`; Discord says "a few minutes". */
  nonceWindowMs?: number | undefined;
  /** Called after every mutation, in order, before the call returns. */
  onChange?: ((changes: StateChange[]) => void) | undefined;
}

/** Every permission bit: the bot created these guilds, so it owns them. */
const OWNER_PERMISSIONS = '2251799813685247';

/**
 * The simulator's model of Discord: guilds, their channels and the channels' messages, with
 * Discord's side effects. Deleting a guild deletes its channels; deleting a category leaves
 * its children in place with `parent_id: null`; text-channel names are normalized. Every
 * object handed out is a copy.
 */
export class SimulatorState implements DiscordOperations {
  readonly bot: User;
  private readonly clock: DiscordClock;
  private readonly ids: SnowflakeGenerator;
  private readonly guilds = new Map<string, Guild>();
  private readonly channels = new Map<string, Channel>();
  private readonly messages: MessageLog;
  private readonly nonceWindowMs: number;
  private readonly onChange: (changes: StateChange[]) => void;

  constructor(options: SimulatorStateOptions) {
    const snapshot = options.snapshot;
    this.clock = options.clock;
    this.ids = new SnowflakeGenerator(snapshot?.lastSnowflake);
    this.nonceWindowMs = options.nonceWindowMs ?? 5 * 60_000;
    this.onChange = options.onChange ?? (() => {});
    this.messages = new MessageLog(options.maxMessagesPerChannel ?? 1000, snapshot?.messages);
    for (const guild of snapshot?.guilds ?? []) this.guilds.set(guild.id, guild);
    for (const channel of snapshot?.channels ?? []) this.channels.set(channel.id, channel);
    this.bot = snapshot?.bot ?? {
      id: this.nextId(),
      username: 'dojo-sim-bot',
      discriminator: '0',
      global_name: 'Dojo Simulator Bot',
      avatar: null,
      bot: true,
    };
  }

  listGuilds(query: ListGuildsQuery = {}): PartialGuild[] {
    const before = query.before === undefined ? undefined : BigInt(query.before);
    const after = query.after === undefined ? undefined : BigInt(query.after);
    return [...this.guilds.values()]
      .filter((g) => (before === undefined || BigInt(g.id) < before) && (after === undefined || BigInt(g.id) > after))
      .sort(byId)
      .slice(0, query.limit ?? 200)
      .map((g) => ({
        id: g.id,
        name: g.name,
        icon: g.icon,
        owner: g.owner_id === this.bot.id,
        permissions: OWNER_PERMISSIONS,
        features: [...g.features],
      }));
  }

  createGuild(params: CreateGuildParams): Guild {
    const guild: Guild = {
      id: this.nextId(),
      name: params.name,
      icon: null,
      description: params.description ?? null,
      owner_id: this.bot.id,
      features: [],
    };
    this.guilds.set(guild.id, guild);
    this.commit([{ type: 'guild.created', guild: copy(guild) }]);
    return copy(guild);
  }

  getGuild(guildId: string): Guild {
    return copy(this.guild(guildId));
  }

  modifyGuild(guildId: string, params: ModifyGuildParams): Guild {
    const guild = this.guild(guildId);
    const before = JSON.stringify(guild);
    if (params.name !== undefined) guild.name = params.name;
    if (params.description !== undefined) guild.description = params.description;
    if (JSON.stringify(guild) !== before) this.commit([{ type: 'guild.updated', guild: copy(guild) }]);
    return copy(guild);
  }

  deleteGuild(guildId: string): void {
    const guild = this.guild(guildId);
    const changes: StateChange[] = [];
    for (const channel of this.channelsOf(guildId)) {
      this.channels.delete(channel.id);
      this.messages.deleteChannel(channel.id);
      changes.push({ type: 'channel.deleted', channel: copy(channel) });
    }
    this.guilds.delete(guildId);
    changes.push({ type: 'guild.deleted', guild: copy(guild) });
    this.commit(changes);
  }

  listGuildChannels(guildId: string): Channel[] {
    this.guild(guildId);
    return this.channelsOf(guildId).map(copy);
  }

  createGuildChannel(guildId: string, params: CreateGuildChannelParams): Channel {
    this.guild(guildId);
    const type = params.type ?? ChannelType.GuildText;
    const parentId = this.checkParent(guildId, type, params.parent_id ?? null);
    const channel: Channel = {
      id: this.nextId(),
      type,
      guild_id: guildId,
      name: channelName(type, params.name),
      position: params.position ?? this.channelsOf(guildId).filter((c) => c.type === type).length,
      parent_id: parentId,
      nsfw: params.nsfw ?? false,
      permission_overwrites: [],
      ...(type === ChannelType.GuildText ? { topic: params.topic ?? null, last_message_id: null } : {}),
    };
    this.channels.set(channel.id, channel);
    this.commit([{ type: 'channel.created', channel: copy(channel) }]);
    return copy(channel);
  }

  getChannel(channelId: string): Channel {
    return copy(this.channel(channelId));
  }

  modifyChannel(channelId: string, params: ModifyChannelParams & { type?: number | undefined }): Channel {
    const channel = this.channel(channelId);
    if (params.type !== undefined && params.type !== channel.type) {
      throw discordErrors.invalidFormBody({
        type: { _errors: [{ code: 'CHANNEL_TYPE_INVALID', message: 'Cannot change the type of this channel.' }] },
      });
    }
    const parentId = params.parent_id === undefined ? channel.parent_id : this.checkParent(channel.guild_id, channel.type, params.parent_id);
    const before = JSON.stringify(channel);
    if (params.name !== undefined) channel.name = channelName(channel.type, params.name);
    if (params.position !== undefined) channel.position = params.position;
    if (params.nsfw !== undefined) channel.nsfw = params.nsfw;
    if (params.topic !== undefined && channel.type === ChannelType.GuildText) channel.topic = params.topic;
    channel.parent_id = parentId;
    if (JSON.stringify(channel) !== before) this.commit([{ type: 'channel.updated', channel: copy(channel) }]);
    return copy(channel);
  }

  deleteChannel(channelId: string): Channel {
    const channel = this.channel(channelId);
    this.channels.delete(channelId);
    this.messages.deleteChannel(channelId);
    const changes: StateChange[] = [{ type: 'channel.deleted', channel: copy(channel) }];
    for (const child of this.channels.values()) {
      if (child.parent_id !== channelId) continue;
      child.parent_id = null;
      changes.push({ type: 'channel.updated', channel: copy(child) });
    }
    this.commit(changes);
    return copy(channel);
  }

  /** With `enforce_nonce`, a nonce seen on an earlier message answers that message instead. */
  createMessage(channelId: string, params: CreateMessageParams): Message {
    const channel = this.channel(channelId);
    if (channel.type !== ChannelType.GuildText) throw discordErrors.nonTextChannel();
    const now = this.clock.now();
    if (params.enforce_nonce && params.nonce !== undefined) {
      const earlier = this.messages.findByNonce(channelId, this.bot.id, params.nonce, now - this.nonceWindowMs);
      if (earlier) return copy(earlier);
    }
    const message: Message = {
      id: this.nextId(),
      type: 0,
      channel_id: channelId,
      author: copy(this.bot),
      content: params.content,
      timestamp: new Date(now).toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      attachments: [],
      embeds: [],
      pinned: false,
      ...(params.nonce === undefined ? {} : { nonce: params.nonce }),
    };
    this.messages.append(message);
    channel.last_message_id = message.id;
    this.commit([{ type: 'message.created', message: copy(message), guildId: channel.guild_id }]);
    return copy(message);
  }

  listMessages(channelId: string, query: ListMessagesQuery = {}): Message[] {
    this.channel(channelId);
    return this.messages.list(channelId, { ...query, limit: query.limit ?? 50 }).map(copy);
  }

  /** Forgets every guild, channel and message; the bot and the id sequence stay. */
  reset(): void {
    this.guilds.clear();
    this.channels.clear();
    this.messages.clear();
    this.commit([{ type: 'state.reset' }]);
  }

  snapshot(): StateSnapshot {
    return {
      version: 1,
      lastSnowflake: this.ids.lastIssued(),
      bot: copy(this.bot),
      guilds: [...this.guilds.values()].map(copy),
      channels: [...this.channels.values()].map(copy),
      messages: this.messages.snapshot(),
    };
  }

  private guild(guildId: string): Guild {
    const guild = this.guilds.get(guildId);
    if (!guild) throw discordErrors.unknownGuild();
    return guild;
  }

  private channel(channelId: string): Channel {
    const channel = this.channels.get(channelId);
    if (!channel) throw discordErrors.unknownChannel();
    return channel;
  }

  private channelsOf(guildId: string): Channel[] {
    return [...this.channels.values()].filter((c) => c.guild_id === guildId);
  }

  /** Only a category of the same guild can be a parent, and categories nest no further. */
  private checkParent(guildId: string, type: ChannelType, parentId: string | null): string | null {
    if (parentId === null) return null;
    const fail = (code: string, message: string) => discordErrors.invalidFormBody({ parent_id: { _errors: [{ code, message }] } });
    if (type === ChannelType.GuildCategory) {
      throw fail('CHANNEL_PARENT_INVALID_TYPE', 'Categories cannot have a parent category.');
    }
    const parent = this.channels.get(parentId);
    if (!parent || parent.guild_id !== guildId) throw fail('CHANNEL_PARENT_INVALID', 'Category does not exist.');
    if (parent.type !== ChannelType.GuildCategory) {
      throw fail('CHANNEL_PARENT_INVALID_TYPE', 'The parent must be a category channel.');
    }
    return parentId;
  }

  private nextId(): string {
    return this.ids.next(this.clock.now());
  }

  private commit(changes: StateChange[]): void {
    this.onChange(changes);
  }
}

/** Discord stores text-channel names lower-case with dashes for spaces; categories keep theirs. */
function channelName(type: ChannelType, name: string): string {
  return type === ChannelType.GuildText ? name.trim().toLowerCase().replace(/\s+/g, '-') : name;
}

function byId(a: { id: string }, b: { id: string }): number {
  const d = BigInt(a.id) - BigInt(b.id);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

function copy<T>(value: T): T {
  return structuredClone(value);
}
