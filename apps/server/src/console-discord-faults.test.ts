/**
 * The Discord simulator fails 30% of requests with a 500 and 20% with a 429: a
 * DiscordServer -> DiscordGroup -> DiscordChannel chain still becomes Ready through the whole
 * console, and the retries leave no duplicate guild, category or channel behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';
import { discordChainManifest, duplicates, type SimulatorState } from './testing/fault-manifests.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

describe('Discord resources under a flaky Discord', () => {
  it('converges a server -> group -> channel chain with no duplicates at 30% 5xx and 20% 429', async () => {
    const injected = { rate5xx: 0, rate429: 0 };
    const count = (r: { injected?: string | undefined }) => {
      if (r.injected === 'rate5xx' || r.injected === 'rate429') injected[r.injected]++;
    };
    c.discord!.events.on('request', count);
    c.discord!.faults.reseed(9);
    // Short 429 retry_after keeps the test bounded; the share of 429s is what matters here.
    c.discord!.faults.set({ rate5xx: 0.3, rate429: 0.2, retryAfterSeconds: 0.2 });
    await c.kubectl(['apply', '-f', '-'], [discordChainManifest('alpha'), discordChainManifest('beta')].join('\n'));
    await c.kubectl([
      'wait',
      '--for=condition=Ready',
      '--timeout=90s',
      'discordserver/alpha-server',
      'discordserver/beta-server',
      'discordgroup/alpha-group',
      'discordgroup/beta-group',
      'discordchannel/alpha-channel',
      'discordchannel/beta-channel',
    ]);
    c.discord!.faults.reset();
    c.discord!.events.off('request', count);
    // The chain converged through real failures, not around them.
    expect(injected.rate5xx).toBeGreaterThan(0);
    expect(injected.rate429).toBeGreaterThan(0);

    const state = (await c.http('GET', '/api/simulators/discord/state')).body as SimulatorState;
    const guilds = state.guilds.filter((g) => /^(alpha|beta) Server$/.test(g.name));
    expect(guilds.map((g) => g.name).sort()).toEqual(['alpha Server', 'beta Server']);
    for (const guild of guilds) {
      expect(duplicates(guild.channels.map((ch) => `${ch.type ?? ''}:${ch.name}`))).toEqual([]);
      const prefix = guild.name.split(' ')[0]!;
      expect(guild.channels.map((ch) => ch.name)).toEqual(expect.arrayContaining([`${prefix} Group`, `${prefix}-channel`]));
    }
  }, 120_000);

  it('answers the fault settings in force, so a page opened later shows them', async () => {
    c.discord!.faults.set({ rate5xx: 0.25, rate429: 0.1, latencyMs: 40 });
    try {
      const now = (await c.http('GET', '/api/simulators/discord/faults')).body as { rate5xx: number; rate429: number; latencyMs: number };
      expect(now).toMatchObject({ rate5xx: 0.25, rate429: 0.1, latencyMs: 40 });
    } finally {
      c.discord!.faults.reset();
    }
    expect((await c.http('GET', '/api/simulators/discord/faults')).body).toMatchObject({ rate5xx: 0, rate429: 0, latencyMs: 0 });
  });
});
