import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordSimulator } from './discord-simulator.ts';
import type { DiscordSimulator } from './discord-simulator.ts';

let sim: DiscordSimulator;
let guildId: string;
let channelId: string;

/** Gives the generators live ids again after a random request deleted them. */
function ensureTargets(): void {
  if (!sim.state.listGuilds().some((g) => g.id === guildId)) guildId = sim.state.createGuild({ name: 'Kyoto' }).id;
  if (!sim.state.listGuildChannels(guildId).some((c) => c.id === channelId)) {
    channelId = sim.state.createGuildChannel(guildId, { name: 'alerts' }).id;
  }
}

beforeAll(async () => {
  sim = await startDiscordSimulator({ token: 'sim-token', rateLimits: false });
  guildId = '';
  ensureTargets();
});

afterAll(async () => {
  await sim.close();
});

/** Ids that exist, ids that do not, and things that are not ids at all. */
const id = fc.oneof(
  { arbitrary: fc.constantFrom('guild', 'channel').map((kind) => (kind === 'guild' ? guildId : channelId)), weight: 3 },
  { arbitrary: fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String), weight: 1 },
  { arbitrary: fc.string({ maxLength: 12 }).map(encodeURIComponent), weight: 1 },
);
const routes = [
  'POST /api/v10/guilds',
  'GET /api/v10/guilds/:id',
  'PATCH /api/v10/guilds/:id',
  'DELETE /api/v10/guilds/:id',
  'GET /api/v10/users/@me/guilds',
  'GET /api/v10/guilds/:id/channels',
  'POST /api/v10/guilds/:id/channels',
  'GET /api/v10/channels/:id',
  'PATCH /api/v10/channels/:id',
  'DELETE /api/v10/channels/:id',
  'GET /api/v10/channels/:id/messages',
  'POST /api/v10/channels/:id/messages',
  'GET /_sim/state',
  'DELETE /_sim/state',
  'GET /_sim/faults',
  'PUT /_sim/faults',
  'GET /_sim/events',
] as const;
const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');
const knownRoute = fc.tuple(fc.constantFrom(...routes), id).map(([route, value]) => {
  const [verb = 'GET', template = '/'] = route.split(' ');
  return { method: verb, path: template.replace(':id', value) };
});
const randomRoute = fc.record({
  method,
  path: fc
    .array(fc.oneof(fc.constantFrom('api', 'v10', 'guilds', 'channels', 'messages', '@me', '_sim', '', '..'), id), { maxLength: 6 })
    .map((segments) => `/${segments.join('/')}`),
});
const route = fc.oneof({ arbitrary: knownRoute, weight: 4 }, { arbitrary: randomRoute, weight: 1 });

const query = fc.option(
  fc.dictionary(fc.constantFrom('limit', 'before', 'after', 'since', 'messages'), fc.oneof(fc.string({ maxLength: 25 }), id)),
  { nil: undefined },
);

/** Objects with the fields the routes read, holding plausible and implausible values. */
const field = fc.constantFrom(
  ...['name', 'type', 'parent_id', 'topic', 'position', 'nsfw', 'description'],
  ...['content', 'nonce', 'enforce_nonce', 'rate429', 'latencyMs'],
);
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ maxLength: 120 }),
  fc.constantFrom(0, 4, 2, -1, 0.5, true, null),
  id,
);
const body = fc.oneof(
  { arbitrary: fc.dictionary(field, value).map((v) => JSON.stringify(v)), weight: 4 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), weight: 1 },
  { arbitrary: fc.string({ maxLength: 50 }), weight: 1 },
);
const request = fc.record({
  route,
  query,
  body: fc.option(body, { nil: undefined }),
  authorized: fc.nat(9).map((n) => n > 0),
});

describe('Discord simulator robustness', () => {
  it('answers any method, path and body with JSON in Discord\'s shape and stays up', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ route: { method, path }, ...r }) => {
        const search = r.query ? `?${new URLSearchParams(r.query)}` : '';
        const withBody = r.body !== undefined && !['GET', 'OPTIONS'].includes(method);
        const res = await fetch(`${sim.url}${path}${search}`, {
          method,
          headers: r.authorized ? { Authorization: 'Bot sim-token', 'Content-Type': 'application/json' } : {},
          body: withBody ? r.body : undefined,
        });
        const text = await res.text();
        // A random PUT /_sim/faults may have turned a knob; the next request starts clean.
        sim.faults.reset();
        ensureTargets();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status).toBeLessThan(500);
        if (res.status === 204) return;
        expect(res.headers.get('content-type')).toBe('application/json');
        const parsed = JSON.parse(text) as unknown;
        if (res.status >= 400) {
          expect(parsed).toMatchObject({ message: expect.any(String) as string, code: expect.any(Number) as number });
        }
      }),
      { numRuns: 500 },
    );
    // The generators are only useful if they reach the handlers, not just the router.
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 400, 404]));
    const alive = await fetch(`${sim.url}/_sim/state`);
    expect(alive.status).toBe(200);
  });
});
