import type { SimulatorState } from './simulator-state.ts';
import {
  parseCreateChannel,
  parseCreateGuild,
  parseCreateMessage,
  parseListGuildsQuery,
  parseListMessagesQuery,
  parseModifyChannel,
  parseModifyGuild,
} from './request-params.ts';

export interface ApiCall {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  state: SimulatorState;
}

export interface ApiResult {
  status: number;
  body?: unknown;
}

interface ApiRoute {
  method: string;
  pattern: string;
  /** Writes are what `rate5xxAfterWrite` may follow with a lost response. */
  write: boolean;
  handle(call: ApiCall): ApiResult;
}

export type RouteMatch = { kind: 'matched'; route: ApiRoute; params: Record<string, string> } | { kind: 'methodNotAllowed' } | { kind: 'notFound' };

/**
 * The v10 subset, paths relative to `/api/v10`. Statuses are Discord's: 201 for a created
 * guild or channel, 200 for a created message, 204 for a deleted guild, and the deleted
 * channel itself for a deleted channel.
 */
const routes: ApiRoute[] = [
  {
    method: 'POST',
    pattern: '/guilds',
    write: true,
    handle: ({ state, body }) => ({ status: 201, body: state.createGuild(parseCreateGuild(body)) }),
  },
  {
    method: 'GET',
    pattern: '/guilds/:guild_id',
    write: false,
    handle: ({ state, params }) => ({ status: 200, body: state.getGuild(guildId(params)) }),
  },
  {
    method: 'PATCH',
    pattern: '/guilds/:guild_id',
    write: true,
    handle: ({ state, params, body }) => ({
      status: 200,
      body: state.modifyGuild(guildId(params), parseModifyGuild(body)),
    }),
  },
  {
    method: 'DELETE',
    pattern: '/guilds/:guild_id',
    write: true,
    handle: ({ state, params }) => {
      state.deleteGuild(guildId(params));
      return { status: 204 };
    },
  },
  {
    method: 'GET',
    pattern: '/users/@me/guilds',
    write: false,
    handle: ({ state, query }) => ({ status: 200, body: state.listGuilds(parseListGuildsQuery(query)) }),
  },
  {
    method: 'GET',
    pattern: '/guilds/:guild_id/channels',
    write: false,
    handle: ({ state, params }) => ({ status: 200, body: state.listGuildChannels(guildId(params)) }),
  },
  {
    method: 'POST',
    pattern: '/guilds/:guild_id/channels',
    write: true,
    handle: ({ state, params, body }) => ({
      status: 201,
      body: state.createGuildChannel(guildId(params), parseCreateChannel(body)),
    }),
  },
  {
    method: 'GET',
    pattern: '/channels/:channel_id',
    write: false,
    handle: ({ state, params }) => ({ status: 200, body: state.getChannel(channelId(params)) }),
  },
  {
    method: 'PATCH',
    pattern: '/channels/:channel_id',
    write: true,
    handle: ({ state, params, body }) => ({
      status: 200,
      body: state.modifyChannel(channelId(params), parseModifyChannel(body)),
    }),
  },
  {
    method: 'DELETE',
    pattern: '/channels/:channel_id',
    write: true,
    handle: ({ state, params }) => ({ status: 200, body: state.deleteChannel(channelId(params)) }),
  },
  {
    method: 'GET',
    pattern: '/channels/:channel_id/messages',
    write: false,
    handle: ({ state, params, query }) => ({
      status: 200,
      body: state.listMessages(channelId(params), parseListMessagesQuery(query)),
    }),
  },
  {
    method: 'POST',
    pattern: '/channels/:channel_id/messages',
    write: true,
    handle: ({ state, params, body }) => ({
      status: 200,
      body: state.createMessage(channelId(params), parseCreateMessage(body)),
    }),
  },
];

/** Ids in paths are digit strings; anything else in their place is an unknown route, as on Discord. */
const ID_SEGMENT = /^\d{1,20}$/;

export function matchApiRoute(method: string, path: string): RouteMatch {
  const segments = path.split('/').filter((s) => s.length > 0);
  let pathMatched = false;
  for (const route of routes) {
    const params = matchPattern(route.pattern, segments);
    if (!params) continue;
    if (route.method === method) return { kind: 'matched', route, params };
    pathMatched = true;
  }
  return pathMatched ? { kind: 'methodNotAllowed' } : { kind: 'notFound' };
}

function matchPattern(pattern: string, segments: string[]): Record<string, string> | undefined {
  const parts = pattern.split('/').filter((s) => s.length > 0);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i] ?? '';
    if (part.startsWith(':')) {
      if (!ID_SEGMENT.test(segment)) return undefined;
      params[part.slice(1)] = segment;
    } else if (part !== segment) {
      return undefined;
    }
  }
  return params;
}

function guildId(params: Record<string, string>): string {
  return params.guild_id ?? '';
}

function channelId(params: Record<string, string>): string {
  return params.channel_id ?? '';
}
