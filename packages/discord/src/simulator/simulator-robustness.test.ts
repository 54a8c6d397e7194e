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

const query = fc.option(fc.dictionary(fc.constantFrom('limit', 'before', 'after', 'since', 'messages'), fc.oneof(fc.string({ maxLength: 25 }), id)), {
  nil: undefined,
});

/** Objects with the fields the routes read, holding plausible and implausible values. */
const field = fc.constantFrom(
  ...['name', 'type', 'parent_id', 'topic', 'position', 'nsfw', 'description'],
  ...['content', 'nonce', 'enforce_nonce', 'rate429', 'latencyMs'],
);
const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 120 }), fc.constantFrom(0, 4, 2, -1, 0.5, true, null), id);
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
  it("answers any method, path and body with JSON in Discord's shape and stays up", async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ route: { method, path }, ...r }) => {
        const search = r.query ? `?${new URLSearchParams(r.query)}` : '';
        const body = ['GET', 'OPTIONS'].includes(method) ? undefined : r.body;
        const res = await fetch(`${sim.url}${path}${search}`, {
          method,
          headers: r.authorized ? { Authorization: 'Bot sim-token', 'Content-Type': 'application/json' } : {},
          ...(body === undefined ? {} : { body }),
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
    const alive = await fetch(`${sim.url}/_sim/state`, { headers: { Authorization: 'Bot sim-token' } });
    expect(alive.status).toBe(200);
  });

  it("answers a foreign Host, or a control request without the token, in Discord's shape and changes nothing", async () => {
    const { request } = await import('node:http');
    const send = (path: string, headers: Record<string, string>, method = 'GET') =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(`${sim.url}${path}`, { method, headers }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end(method === 'PUT' ? '{"rate5xx":1}' : undefined);
      });
    const auth = { Authorization: 'Bot sim-token', 'Content-Type': 'application/json' };
    expect(await send('/_sim/faults', { ...auth, Host: 'evil.example' }, 'PUT')).toEqual({
      status: 421,
      body: '{"message":"421: Misdirected Request","code":0}',
    });
    expect(await send('/api/v10/users/@me/guilds', { ...auth, Host: 'evil.example' })).toMatchObject({ status: 421 });
    expect(await send('/_sim/faults', { 'Content-Type': 'application/json' }, 'PUT')).toEqual({
      status: 401,
      body: '{"message":"401: Unauthorized","code":0}',
    });
    expect(await send('/_sim/state', { Authorization: 'Bot wrong' })).toMatchObject({ status: 401 });
    expect(sim.faults.get().rate5xx).toBe(0);
  });

  it('survives malformed headers of every kind with a JSON answer', async () => {
    const { request } = await import('node:http');
    const header = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('%E0%A4%A', 'Bot %ZZ', 'Bot', '', '\u0000'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/_sim/state', '/api/v10/users/@me/guilds', '/nope'), header, header, async (path, auth, cookie) => {
        const status = await new Promise<number>((resolve) => {
          let req;
          try {
            req = request(`${sim.url}${path}`, { headers: { Authorization: auth, Cookie: cookie } }, (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            });
          } catch {
            // Node refuses to send a header with control characters: nothing reached the simulator.
            return resolve(400);
          }
          req.on('error', () => resolve(400));
          req.end();
        });
        expect(status).toBeGreaterThanOrEqual(200);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
    expect((await fetch(`${sim.url}/_sim/state`, { headers: { Authorization: 'Bot sim-token' } })).status).toBe(200);
  });
});
