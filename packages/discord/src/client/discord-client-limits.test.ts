import { afterEach, describe, expect, it } from 'vitest';
import { DiscordApiError, isNetworkError, isRateLimited } from '../api-error.ts';
import { startDiscordSimulator } from '../simulator/discord-simulator.ts';
import type { DiscordSimulator, DiscordSimulatorOptions } from '../simulator/discord-simulator.ts';
import { ManualClock } from '../test-support/manual-clock.ts';
import { DiscordClient } from './discord-client.ts';
import type { DiscordClientOptions } from './discord-client.ts';
import type { DiscordCallRecord } from './discord-rest.ts';

const token = 'sim-token';
const running: DiscordSimulator[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function setup(sim: Omit<DiscordSimulatorOptions, 'token'>, client: Partial<DiscordClientOptions> = {}) {
  const simulator = await startDiscordSimulator({ token, ...sim });
  running.push(simulator);
  const calls: DiscordCallRecord[] = [];
  const discord = new DiscordClient({ baseUrl: simulator.baseUrl, token, onCall: (c) => calls.push(c), ...client });
  return { simulator, discord, calls };
}

async function rejection(promise: Promise<unknown>): Promise<DiscordApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof DiscordApiError)) throw new Error(`expected a DiscordApiError, got ${String(err)}`);
  return err;
}

const twoPerTwoSeconds = { perRoute: { limit: 2, windowMs: 2000 }, global: false } as const;

describe('DiscordClient rate limiting', () => {
  it("reports retryAfterSeconds from the server's 429 without waiting", async () => {
    const clock = new ManualClock();
    const { simulator } = await setup({ clock, rateLimits: twoPerTwoSeconds });
    const guild = simulator.state.createGuild({ name: 'Kyoto Dojo' });
    // Three fresh clients know nothing about the bucket, so the third request reaches the server.
    for (let i = 0; i < 2; i++) await new DiscordClient({ baseUrl: simulator.baseUrl, token, clock }).getGuild(guild.id);
    const err = await rejection(new DiscordClient({ baseUrl: simulator.baseUrl, token, clock }).getGuild(guild.id));
    expect(isRateLimited(err)).toBe(true);
    expect(err).toMatchObject({ status: 429, sent: true, global: false, retryAfterSeconds: 2 });
  });

  it('refuses locally, before sending, once the headers say the bucket is empty', async () => {
    const clock = new ManualClock();
    const { simulator, discord, calls } = await setup({ clock, rateLimits: twoPerTwoSeconds }, { clock });
    const guild = simulator.state.createGuild({ name: 'Kyoto Dojo' });
    await discord.getGuild(guild.id);
    await discord.getGuild(guild.id);
    clock.advance(500);
    const err = await rejection(discord.getGuild(guild.id));
    expect(err).toMatchObject({ status: 429, sent: false, retryAfterSeconds: 1.5, method: 'GET' });
    expect(calls.map((c) => [c.status, c.sent])).toEqual([
      [200, true],
      [200, true],
      [429, false],
    ]);
    clock.advance(1500);
    await expect(discord.getGuild(guild.id)).resolves.toMatchObject({ id: guild.id });
  });

  it('keeps buckets of different channels apart', async () => {
    const clock = new ManualClock();
    const { simulator, discord } = await setup({ clock, rateLimits: twoPerTwoSeconds }, { clock });
    const guild = simulator.state.createGuild({ name: 'Kyoto Dojo' });
    const a = simulator.state.createGuildChannel(guild.id, { name: 'a' });
    const b = simulator.state.createGuildChannel(guild.id, { name: 'b' });
    await discord.createMessage(a.id, { content: '1' });
    await discord.createMessage(a.id, { content: '2' });
    await expect(discord.createMessage(b.id, { content: '3' })).resolves.toMatchObject({ channel_id: b.id });
  });

  it('waits out empty buckets and 429s when asked to', async () => {
    const clock = new ManualClock();
    const { simulator, discord } = await setup({ clock, rateLimits: twoPerTwoSeconds }, { clock, waitOnRateLimit: true });
    const guild = simulator.state.createGuild({ name: 'Kyoto Dojo' });
    const started = clock.now();
    for (let i = 0; i < 5; i++) await discord.getGuild(guild.id);
    expect(clock.now() - started).toBe(4000);
  });

  it('gives up after maxRateLimitRetries 429 responses', async () => {
    const clock = new ManualClock();
    const { discord, calls } = await setup(
      { clock, rateLimits: false, faults: { rate429: 1, retryAfterSeconds: 3 } },
      { clock, waitOnRateLimit: true, maxRateLimitRetries: 2 },
    );
    const err = await rejection(discord.listGuilds());
    expect(err).toMatchObject({ status: 429, retryAfterSeconds: 3 });
    expect(calls.filter((c) => c.sent)).toHaveLength(3);
  });

  it('stops all routes after a global 429', async () => {
    const clock = new ManualClock();
    const { simulator, discord, calls } = await setup({ clock, rateLimits: { global: { limit: 2, windowMs: 1000 } } }, { clock });
    const guild = simulator.state.createGuild({ name: 'Kyoto Dojo' });
    await discord.getGuild(guild.id);
    await discord.listGuildChannels(guild.id);
    expect(await rejection(discord.listGuilds())).toMatchObject({ status: 429, global: true, sent: true });
    expect(await rejection(discord.getGuild(guild.id))).toMatchObject({ status: 429, global: true, sent: false });
    expect(calls.filter((c) => c.sent)).toHaveLength(3);
  });
});

describe('DiscordClient without a response', () => {
  it('times out a slow response as a network error', async () => {
    const { discord } = await setup({ rateLimits: false, faults: { latencyMs: 2000 } }, { timeoutMs: 50 });
    const err = await rejection(discord.listGuilds());
    expect(isNetworkError(err)).toBe(true);
    expect(err.message).toBe('Request timed out after 50 ms');
  });

  it('reports a refused connection as a network error', async () => {
    const discord = new DiscordClient({ baseUrl: 'http://127.0.0.1:9/api/v10', token });
    const err = await rejection(discord.listGuilds());
    expect(err).toMatchObject({ status: 0, path: '/users/@me/guilds' });
  });

  it('stops when the caller aborts', async () => {
    const { discord } = await setup({ rateLimits: false, faults: { latencyMs: 2000 } });
    const controller = new AbortController();
    const pending = rejection(discord.listGuilds({}, { signal: controller.signal }));
    controller.abort();
    expect((await pending).message).toBe('Request aborted');
  });
});
