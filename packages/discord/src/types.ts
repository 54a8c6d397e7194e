/**
 * Discord REST v10 wire shapes for the subset this package speaks. Field names are Discord's
 * own (snake_case), so a body can be sent to or read from the real API unchanged.
 */

export type Snowflake = string;

/** Channel types the subset supports (Discord has more: voice 2, announcement 5, ...). */
export const ChannelType = {
  GuildText: 0,
  GuildCategory: 4,
} as const;
export type ChannelType = (typeof ChannelType)[keyof typeof ChannelType];

export interface User {
  id: Snowflake;
  username: string;
  discriminator: string;
  global_name: string | null;
  avatar: string | null;
  bot: boolean;
}

export interface Guild {
  id: Snowflake;
  name: string;
  icon: string | null;
  description: string | null;
  owner_id: Snowflake;
  features: string[];
}

/** What `GET /users/@me/guilds` returns for each guild. */
export interface PartialGuild {
  id: Snowflake;
  name: string;
  icon: string | null;
  owner: boolean;
  /** The current user's permissions as a decimal bit-set string. */
  permissions: string;
  features: string[];
}

export interface Channel {
  id: Snowflake;
  type: ChannelType;
  guild_id: Snowflake;
  name: string;
  position: number;
  /** The category a text channel sits in; null at the top level and always null for categories. */
  parent_id: Snowflake | null;
  /** Text channels only; categories carry no topic. */
  topic?: string | null;
  nsfw: boolean;
  permission_overwrites: unknown[];
  last_message_id?: Snowflake | null;
}

export interface Message {
  id: Snowflake;
  type: 0;
  channel_id: Snowflake;
  author: User;
  content: string;
  /** ISO 8601. */
  timestamp: string;
  edited_timestamp: string | null;
  tts: boolean;
  mention_everyone: boolean;
  mentions: unknown[];
  attachments: unknown[];
  embeds: unknown[];
  pinned: boolean;
  nonce?: string | number;
}

export interface CreateGuildParams {
  name: string;
  description?: string | null | undefined;
}

export interface ModifyGuildParams {
  name?: string | undefined;
  description?: string | null | undefined;
}

export interface CreateGuildChannelParams {
  name: string;
  type?: ChannelType | undefined;
  parent_id?: Snowflake | null | undefined;
  topic?: string | null | undefined;
  position?: number | undefined;
  nsfw?: boolean | undefined;
}

export interface ModifyChannelParams {
  name?: string | undefined;
  parent_id?: Snowflake | null | undefined;
  topic?: string | null | undefined;
  position?: number | undefined;
  nsfw?: boolean | undefined;
}

export interface CreateMessageParams {
  content: string;
  /** Up to 25 characters; echoed back on the message. */
  nonce?: string | number | undefined;
  /**
   * With a nonce, Discord returns the message already created with that nonce in the last few
   * minutes instead of creating a second one: the basis for exactly-once alarms.
   */
  enforce_nonce?: boolean | undefined;
}

export interface ListMessagesQuery {
  /** 1-100, default 50. */
  limit?: number | undefined;
  before?: Snowflake | undefined;
  after?: Snowflake | undefined;
}

export interface ListGuildsQuery {
  /** 1-200, default 200. */
  limit?: number | undefined;
  before?: Snowflake | undefined;
  after?: Snowflake | undefined;
}

/**
 * The operations of the subset, each with what it takes and what it answers, once: the
 * simulator performs them in memory (`SimulatorState implements DiscordOperations`), the client
 * over HTTP (`DiscordClient implements DiscordRemote<CallOptions>`).
 */
export interface DiscordOperations {
  createGuild(params: CreateGuildParams): Guild;
  getGuild(guildId: Snowflake): Guild;
  modifyGuild(guildId: Snowflake, params: ModifyGuildParams): Guild;
  /** A 404 means the guild was already gone. */
  deleteGuild(guildId: Snowflake): void;
  /** The guilds the bot is in: one page (up to 200), ordered by id. */
  listGuilds(query?: ListGuildsQuery): PartialGuild[];
  listGuildChannels(guildId: Snowflake): Channel[];
  /**
   * Text-channel names come back normalized the way Discord does it (lower case, spaces as
   * dashes): compare against the returned name, not the requested one, to detect drift.
   */
  createGuildChannel(guildId: Snowflake, params: CreateGuildChannelParams): Channel;
  getChannel(channelId: Snowflake): Channel;
  modifyChannel(channelId: Snowflake, params: ModifyChannelParams): Channel;
  /** Answers the deleted channel, as Discord does. Deleting a category orphans its children. */
  deleteChannel(channelId: Snowflake): Channel;
  /** With `nonce` and `enforce_nonce: true`, a retry answers the first message instead of a copy. */
  createMessage(channelId: Snowflake, params: CreateMessageParams): Message;
  /** Newest first, as Discord returns them. */
  listMessages(channelId: Snowflake, query?: ListMessagesQuery): Message[];
}

/** The same operations over the network: each takes call options last and answers later. */
export type DiscordRemote<Options> = {
  [K in keyof DiscordOperations]: (...args: [...Parameters<DiscordOperations[K]>, options?: Options]) => Promise<ReturnType<DiscordOperations[K]>>;
};
