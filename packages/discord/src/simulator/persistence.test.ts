import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiscordClient } from '../client/discord-client.ts';
import { ChannelType } from '../types.ts';
import { startDiscordSimulator } from './discord-simulator.ts';

let dir: string;
let dataFile: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'discord-sim-'));
  dataFile = join(dir, 'state', 'discord.json');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('Discord simulator persistence', () => {
  it('keeps guilds, channels and messages across a stop and a start with the same data file', async () => {
    const first = await startDiscordSimulator({ dataFile, rateLimits: false });
    const discord = new DiscordClient({ baseUrl: first.baseUrl, token: 'any' });
    const guild = await discord.createGuild({ name: 'Kyoto Dojo' });
    const category = await discord.createGuildChannel(guild.id, { name: 'Alarms', type: ChannelType.GuildCategory });
    const channel = await discord.createGuildChannel(guild.id, { name: 'alerts', parent_id: category.id });
    const message = await discord.createMessage(channel.id, { content: 'Degraded', nonce: 'n-1', enforce_nonce: true });
    const bot = first.state.bot;
    await first.close();

    const second = await startDiscordSimulator({ dataFile, rateLimits: false });
    try {
      const again = new DiscordClient({ baseUrl: second.baseUrl, token: 'any' });
      expect(await again.getGuild(guild.id)).toEqual(guild);
      expect(await again.listGuildChannels(guild.id)).toEqual([category, { ...channel, last_message_id: message.id }]);
      expect(await again.listMessages(channel.id)).toEqual([message]);
      expect(second.state.bot).toEqual(bot);
      // The nonce is remembered too: a retry after the restart still finds the first message.
      expect(await again.createMessage(channel.id, { content: 'Degraded', nonce: 'n-1', enforce_nonce: true })).toEqual(message);
      const later = await again.createGuild({ name: 'Osaka Dojo' });
      expect(BigInt(later.id)).toBeGreaterThan(BigInt(message.id));
    } finally {
      await second.close();
    }
  });

  it('replaces the file whole and leaves no temporary files behind', async () => {
    const sim = await startDiscordSimulator({ dataFile });
    for (let i = 0; i < 10; i++) sim.state.createGuild({ name: `Dojo ${i}` });
    await sim.close();
    expect(readdirSync(join(dir, 'state'))).toEqual(['discord.json']);
    const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as { version: number; guilds: unknown[] };
    expect(saved.version).toBe(1);
    expect(saved.guilds).toHaveLength(10);
  });

  it('refuses to start on a data file that is not its own', async () => {
    writeFileSync(join(dir, 'foreign.json'), '{"hello": "world"}');
    await expect(startDiscordSimulator({ dataFile: join(dir, 'foreign.json') })).rejects.toThrow(/not a version 1 snapshot/);
    writeFileSync(join(dir, 'torn.json'), '{"version": 1, "gu');
    await expect(startDiscordSimulator({ dataFile: join(dir, 'torn.json') })).rejects.toThrow(/not valid JSON/);
  });
});
