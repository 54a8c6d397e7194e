import { systemClock } from '../clock.ts';
import type { Clock } from '../clock.ts';
import type {
  Channel,
  CreateGuildChannelParams,
  CreateGuildParams,
  CreateMessageParams,
  Guild,
  ListGuildsQuery,
  ListMessagesQuery,
  Message,
  ModifyChannelParams,
  ModifyGuildParams,
  PartialGuild,
} from '../types.ts';
import { DiscordRest } from './discord-rest.ts';
import type { DiscordCallRecord } from './discord-rest.ts';

export const DISCORD_API_BASE_URL = 'https://discord.com/api/v10';

export interface DiscordClientOptions {
  /** The bot token, sent as `Authorization: Bot <token>`. */
  token: string;
  /** Defaults to the real Discord; point it at a simulator's `baseUrl` to test. */
  baseUrl?: string;
  clock?: Clock;
  fetch?: typeof fetch;
  /** Per HTTP attempt, reading the body included. Default 15 s. */
  timeoutMs?: number;
  /**
   * Default false: fail fast with a 429 DiscordApiError carrying retryAfterSeconds, which is
   * what a reconciler wants (requeueAfter, not a blocked worker). True: sleep and retry.
   */
  waitOnRateLimit?: boolean;
  /** How many 429 responses to wait out per call in `waitOnRateLimit` mode. Default 3. */
  maxRateLimitRetries?: number;
  userAgent?: string;
  /** Called once per request attempt, also for local refusals; feeds the console's timeline. */
  onCall?: (record: DiscordCallRecord) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * The Discord REST v10 calls the operator makes. Every failure is a DiscordApiError; ids are
 * path-encoded so a malformed id can only produce a 404, never a different route.
 */
export class DiscordClient {
  private readonly rest: DiscordRest;

  constructor(options: DiscordClientOptions) {
    this.rest = new DiscordRest({
      token: options.token,
      baseUrl: options.baseUrl ?? DISCORD_API_BASE_URL,
      clock: options.clock ?? systemClock,
      fetch: options.fetch ?? globalThis.fetch,
      timeoutMs: options.timeoutMs ?? 15_000,
      waitOnRateLimit: options.waitOnRateLimit ?? false,
      maxRateLimitRetries: options.maxRateLimitRetries ?? 3,
      userAgent: options.userAgent ?? 'DiscordBot (https://github.com/dojo-console/dojo-console, 0.1.0)',
      onCall: options.onCall,
    });
  }

  createGuild(params: CreateGuildParams, options?: CallOptions): Promise<Guild> {
    return this.rest.request('POST', '/guilds', { body: params, ...options });
  }

  getGuild(guildId: string, options?: CallOptions): Promise<Guild> {
    return this.rest.request('GET', `/guilds/${id(guildId)}`, { ...options });
  }

  modifyGuild(guildId: string, params: ModifyGuildParams, options?: CallOptions): Promise<Guild> {
    return this.rest.request('PATCH', `/guilds/${id(guildId)}`, { body: params, ...options });
  }

  /** Resolves on 204; a 404 (isNotFound) means the guild was already gone. */
  async deleteGuild(guildId: string, options?: CallOptions): Promise<void> {
    await this.rest.request('DELETE', `/guilds/${id(guildId)}`, { ...options });
  }

  /** The guilds the bot is in: one page (up to 200), ordered by id. */
  listGuilds(query: ListGuildsQuery = {}, options?: CallOptions): Promise<PartialGuild[]> {
    return this.rest.request('GET', '/users/@me/guilds', { query: { ...query }, ...options });
  }

  listGuildChannels(guildId: string, options?: CallOptions): Promise<Channel[]> {
    return this.rest.request('GET', `/guilds/${id(guildId)}/channels`, { ...options });
  }

  /**
   * Text-channel names come back normalized the way Discord does it (lower case, spaces as
   * dashes): compare against the returned name, not the requested one, to detect drift.
   */
  createGuildChannel(guildId: string, params: CreateGuildChannelParams, options?: CallOptions): Promise<Channel> {
    return this.rest.request('POST', `/guilds/${id(guildId)}/channels`, { body: params, ...options });
  }

  getChannel(channelId: string, options?: CallOptions): Promise<Channel> {
    return this.rest.request('GET', `/channels/${id(channelId)}`, { ...options });
  }

  modifyChannel(channelId: string, params: ModifyChannelParams, options?: CallOptions): Promise<Channel> {
    return this.rest.request('PATCH', `/channels/${id(channelId)}`, { body: params, ...options });
  }

  /** Returns the deleted channel, as Discord does. Deleting a category orphans its children. */
  deleteChannel(channelId: string, options?: CallOptions): Promise<Channel> {
    return this.rest.request('DELETE', `/channels/${id(channelId)}`, { ...options });
  }

  /** With `nonce` and `enforce_nonce: true`, a retry returns the first message instead of a copy. */
  createMessage(channelId: string, params: CreateMessageParams, options?: CallOptions): Promise<Message> {
    return this.rest.request('POST', `/channels/${id(channelId)}/messages`, { body: params, ...options });
  }

  /** Newest first, as Discord returns them. */
  listMessages(channelId: string, query: ListMessagesQuery = {}, options?: CallOptions): Promise<Message[]> {
    return this.rest.request('GET', `/channels/${id(channelId)}/messages`, { query: { ...query }, ...options });
  }
}

function id(value: string): string {
  return encodeURIComponent(value);
}
