import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../test-support/manual-clock.ts';
import { startDiscordSimulator } from './discord-simulator.ts';
import type { DiscordSimulator, DiscordSimulatorOptions } from './discord-simulator.ts';
import type { SimulatorEvent, SimulatorRequestRecord } from './simulator-events.ts';

const token = 'sim-token';
const auth = { Authorization: `Bot ${token}`, 'Content-Type': 'application/json' };
let sim: DiscordSimulator;

afterEach(async () => {
  await sim.close();
});

async function start(options: Omit<DiscordSimulatorOptions, 'token'> = {}): Promise<DiscordSimulator> {
  sim = await startDiscordSimulator({ token, ...options });
  return sim;
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = auth) {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

describe('Discord simulator over HTTP', () => {
  it("answers a missing or wrong token with Discord's 401 body", async () => {
    await start();
    expect(await call('GET', '/api/v10/users/@me/guilds', undefined, {})).toMatchObject({
      status: 401,
      body: { message: '401: Unauthorized', code: 0 },
    });
  });

  it('answers unknown routes with 404 and known routes with the wrong method with 405', async () => {
    await start();
    expect(await call('GET', '/api/v10/nope')).toMatchObject({ status: 404, body: { message: '404: Not Found', code: 0 } });
    expect(await call('PUT', '/api/v10/guilds')).toMatchObject({ status: 405, body: { message: '405: Method Not Allowed', code: 0 } });
  });

  it('answers malformed JSON with 50109 and a wrong field with 50035 and its error tree', async () => {
    await start();
    expect(await call('POST', '/api/v10/guilds', '{"name":')).toMatchObject({ status: 400, body: { code: 50109 } });
    expect(await call('POST', '/api/v10/guilds', { name: 7 })).toEqual({
      status: 400,
      headers: expect.anything() as Headers,
      body: {
        message: 'Invalid Form Body',
        code: 50035,
        errors: { name: { _errors: [{ code: 'BASE_TYPE_STRING', message: 'Could not interpret "7" as string.' }] } },
      },
    });
  });

  it('answers a burst beyond the bucket with 429, retry_after and the rate-limit headers', async () => {
    const clock = new ManualClock();
    await start({ clock, rateLimits: { perRoute: { limit: 5, windowMs: 5000 }, global: false } });
    const first = await call('GET', '/api/v10/users/@me/guilds');
    expect(first.headers.get('x-ratelimit-limit')).toBe('5');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('4');
    expect(first.headers.get('x-ratelimit-reset-after')).toBe('5.000');
    expect(first.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{32}$/);
    for (let i = 0; i < 4; i++) await call('GET', '/api/v10/users/@me/guilds');
    clock.advance(1250);

    const limited = await call('GET', '/api/v10/users/@me/guilds');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'You are being rate limited.', code: 0, retry_after: 3.75, global: false });
    expect(limited.headers.get('retry-after')).toBe('4');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('user');

    clock.advance(3750);
    expect((await call('GET', '/api/v10/users/@me/guilds')).status).toBe(200);
  });

  it('fails every API request with a Discord-like 500 at a 5xx rate of 1, and none at 0', async () => {
    await start({ rateLimits: false, seed: 1 });
    sim.faults.set({ rate5xx: 1 });
    for (let i = 0; i < 5; i++) {
      expect(await call('POST', '/api/v10/guilds', { name: 'Kyoto' })).toMatchObject({
        status: 500,
        body: { message: '500: Internal Server Error', code: 0 },
      });
    }
    expect(sim.state.listGuilds()).toEqual([]);
    sim.faults.set({ rate5xx: 0 });
    for (let i = 0; i < 5; i++) expect((await call('POST', '/api/v10/guilds', { name: 'Kyoto' })).status).toBe(201);
  });

  it('injects 429s with the configured retry_after and a shared scope', async () => {
    await start({ rateLimits: false, faults: { rate429: 1, retryAfterSeconds: 2.5 } });
    const limited = await call('GET', '/api/v10/users/@me/guilds');
    expect(limited).toMatchObject({ status: 429, body: { retry_after: 2.5, global: false } });
    expect(limited.headers.get('x-ratelimit-scope')).toBe('shared');
  });

  it('can lose the response of a write that happened, which a nonce retry then recovers', async () => {
    await start({ rateLimits: false });
    const guild = sim.state.createGuild({ name: 'Kyoto' });
    const channel = sim.state.createGuildChannel(guild.id, { name: 'alerts' });
    const alarm = { content: 'Degraded', nonce: 'kyoto-1', enforce_nonce: true };
    sim.faults.set({ rate5xxAfterWrite: 1 });
    expect((await call('POST', `/api/v10/channels/${channel.id}/messages`, alarm)).status).toBe(500);
    sim.faults.set({ rate5xxAfterWrite: 0 });
    const retry = await call('POST', `/api/v10/channels/${channel.id}/messages`, alarm);
    expect(retry.status).toBe(200);
    expect(sim.state.listMessages(channel.id)).toEqual([retry.body]);
  });

  it('sets and reads fault knobs over HTTP and refuses out-of-range values', async () => {
    await start();
    expect(await call('PUT', '/_sim/faults', { rate429: 0.2, rate5xx: 0.3, latencyMs: 50 })).toMatchObject({
      status: 200,
      body: { rate429: 0.2, rate5xx: 0.3, latencyMs: 50, rate5xxAfterWrite: 0 },
    });
    expect(sim.faults.get()).toMatchObject({ rate429: 0.2, rate5xx: 0.3, latencyMs: 50 });
    const bad = await call('PUT', '/_sim/faults', { rate5xx: 2 });
    expect(bad).toMatchObject({ status: 400, body: { code: 50035, errors: { rate5xx: {} } } });
    expect((await call('GET', '/_sim/faults')).body).toMatchObject({ rate5xx: 0.3 });
  });

  it('shows guilds with their channels and latest messages on /_sim/state', async () => {
    await start();
    const guild = sim.state.createGuild({ name: 'Kyoto' });
    const channel = sim.state.createGuildChannel(guild.id, { name: 'alerts' });
    for (const content of ['one', 'two', 'three']) sim.state.createMessage(channel.id, { content });
    const view = await call('GET', '/_sim/state?messages=2');
    expect(view.body).toMatchObject({
      bot: { id: sim.state.bot.id },
      guilds: [{ id: guild.id, channels: [{ id: channel.id, messages: [{ content: 'two' }, { content: 'three' }] }] }],
    });
    expect((await call('DELETE', '/_sim/state')).status).toBe(204);
    expect((await call('GET', '/_sim/state')).body).toMatchObject({ guilds: [] });
  });

  it('emits changes live and pages them from /_sim/events', async () => {
    await start();
    const live: SimulatorEvent[] = [];
    const requests: SimulatorRequestRecord[] = [];
    sim.events.on('change', (e) => live.push(e));
    sim.events.on('request', (r) => requests.push(r));
    const created = await call('POST', '/api/v10/guilds', { name: 'Kyoto' });
    const guildId = String(created.body?.id);
    await call('POST', `/api/v10/guilds/${guildId}/channels`, { name: 'alerts' });
    expect(live.map((e) => [e.seq, e.type])).toEqual([
      [1, 'guild.created'],
      [2, 'channel.created'],
    ]);
    expect(requests.map((r) => r.status)).toEqual([201, 201]);
    expect((await call('GET', '/_sim/events?since=1')).body).toMatchObject({
      events: [{ seq: 2, type: 'channel.created' }],
      latestSeq: 2,
      resyncRequired: false,
    });
    expect((await call('GET', '/_sim/events?since=99')).body).toMatchObject({ resyncRequired: true });
  });

  it('tells a reader that fell behind the kept history to resync', async () => {
    await start({ eventHistory: 2 });
    for (let i = 0; i < 4; i++) sim.state.createGuild({ name: `Dojo ${i}` });
    expect((await call('GET', '/_sim/events?since=1')).body).toMatchObject({ resyncRequired: true, latestSeq: 4 });
    expect((await call('GET', '/_sim/events?since=2')).body).toMatchObject({ resyncRequired: false });
  });
});
