import { systemClock } from '../clock.ts';
import type { DiscordClock } from '../clock.ts';
import type { DiscordOperations, DiscordRemote } from '../types.ts';
import { DiscordRest } from './discord-rest.ts';
import type { DiscordCallRecord } from './discord-rest.ts';

export const DISCORD_API_BASE_URL = 'https://discord.com/api/v10';

export interface DiscordClientOptions {
  /** The bot token, sent as `Authorization: Bot <token>`. */
  token: string;
  /** Defaults to the real Discord; point it at a simulator's `baseUrl` to test. */
  baseUrl?: string;
  clock?: DiscordClock;
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

/** One of the client's calls, typed by DiscordOperations (types.ts). */
type Call<K extends keyof DiscordOperations> = DiscordRemote<CallOptions>[K];

/**
 * The Discord REST v10 calls the operator makes (DiscordOperations in types.ts says what each
 * takes and answers). Every failure is a DiscordApiError; ids are path-encoded so a malformed id
 * can only produce a 404, never a different route.
 */
export class DiscordClient implements DiscordRemote<CallOptions> {
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

  readonly createGuild: Call<'createGuild'> = (params, options) => this.rest.request('POST', '/guilds', { body: params, ...options });

  readonly getGuild: Call<'getGuild'> = (guildId, options) => this.rest.request('GET', `/guilds/${id(guildId)}`, { ...options });

  readonly modifyGuild: Call<'modifyGuild'> = (guildId, params, options) => this.rest.request('PATCH', `/guilds/${id(guildId)}`, { body: params, ...options });

  /** Resolves on 204; a 404 (isNotFound) means the guild was already gone. */
  readonly deleteGuild: Call<'deleteGuild'> = async (guildId, options) => {
    await this.rest.request('DELETE', `/guilds/${id(guildId)}`, { ...options });
  };

  readonly listGuilds: Call<'listGuilds'> = (query = {}, options) => this.rest.request('GET', '/users/@me/guilds', { query: { ...query }, ...options });

  readonly listGuildChannels: Call<'listGuildChannels'> = (guildId, options) => this.rest.request('GET', `/guilds/${id(guildId)}/channels`, { ...options });

  readonly createGuildChannel: Call<'createGuildChannel'> = (guildId, params, options) =>
    this.rest.request('POST', `/guilds/${id(guildId)}/channels`, { body: params, ...options });

  readonly getChannel: Call<'getChannel'> = (channelId, options) => this.rest.request('GET', `/channels/${id(channelId)}`, { ...options });

  readonly modifyChannel: Call<'modifyChannel'> = (channelId, params, options) =>
    this.rest.request('PATCH', `/channels/${id(channelId)}`, { body: params, ...options });

  readonly deleteChannel: Call<'deleteChannel'> = (channelId, options) => this.rest.request('DELETE', `/channels/${id(channelId)}`, { ...options });

  readonly createMessage: Call<'createMessage'> = (channelId, params, options) =>
    this.rest.request('POST', `/channels/${id(channelId)}/messages`, { body: params, ...options });

  readonly listMessages: Call<'listMessages'> = (channelId, query = {}, options) =>
    this.rest.request('GET', `/channels/${id(channelId)}/messages`, { query: { ...query }, ...options });
}

function id(value: string): string {
  return encodeURIComponent(value);
}
