import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiscordApiError, isNotFound } from '../api-error.ts';
import { startDiscordSimulator } from '../simulator/discord-simulator.ts';
import type { DiscordSimulator } from '../simulator/discord-simulator.ts';
import { ChannelType } from '../types.ts';
import { DiscordClient } from './discord-client.ts';

const token = 'sim-token';
let sim: DiscordSimulator;
let discord: DiscordClient;

beforeEach(async () => {
  sim = await startDiscordSimulator({ token, rateLimits: false });
  discord = new DiscordClient({ baseUrl: sim.baseUrl, token });
});

afterEach(async () => {
  await sim.close();
});

async function rejection(promise: Promise<unknown>): Promise<DiscordApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof DiscordApiError)) throw new Error(`expected a DiscordApiError, got ${String(err)}`);
  return err;
}

describe('DiscordClient against the simulator', () => {
  it('creates, reads, renames, lists and deletes a guild', async () => {
    const guild = await discord.createGuild({ name: 'Kyoto Dojo' });
    expect(guild).toMatchObject({ name: 'Kyoto Dojo', icon: null, owner_id: sim.state.bot.id });
    expect(guild.id).toMatch(/^\d+$/);

    expect(await discord.getGuild(guild.id)).toEqual(guild);
    expect((await discord.modifyGuild(guild.id, { name: 'Osaka Dojo' })).name).toBe('Osaka Dojo');
    expect(await discord.listGuilds()).toEqual([expect.objectContaining({ id: guild.id, name: 'Osaka Dojo', owner: true })]);

    await discord.deleteGuild(guild.id);
    expect(await discord.listGuilds()).toEqual([]);
  });

  it('creates a category and a text channel inside it, then moves and edits the channel', async () => {
    const guild = await discord.createGuild({ name: 'Kyoto Dojo' });
    const category = await discord.createGuildChannel(guild.id, { name: 'Alarms', type: ChannelType.GuildCategory });
    const text = await discord.createGuildChannel(guild.id, {
      name: 'prod-alerts',
      type: ChannelType.GuildText,
      parent_id: category.id,
      topic: 'Dojo alarms',
    });
    expect(category).toMatchObject({ type: 4, name: 'Alarms', parent_id: null, guild_id: guild.id });
    expect(text).toMatchObject({ type: 0, name: 'prod-alerts', parent_id: category.id, topic: 'Dojo alarms' });
    expect(await discord.getChannel(text.id)).toEqual(text);
    expect((await discord.listGuildChannels(guild.id)).map((c) => c.id)).toEqual([category.id, text.id]);

    const moved = await discord.modifyChannel(text.id, { parent_id: null, topic: 'moved' });
    expect(moved).toMatchObject({ parent_id: null, topic: 'moved' });
    expect(await discord.deleteChannel(text.id)).toMatchObject({ id: text.id });
    expect(isNotFound(await rejection(discord.getChannel(text.id)))).toBe(true);
  });

  it('normalizes text-channel names the way Discord stores them, but not category names', async () => {
    const guild = await discord.createGuild({ name: 'Kyoto Dojo' });
    const text = await discord.createGuildChannel(guild.id, { name: 'Prod Alerts' });
    const category = await discord.createGuildChannel(guild.id, { name: 'Prod Alerts', type: ChannelType.GuildCategory });
    expect(text.name).toBe('prod-alerts');
    expect(category.name).toBe('Prod Alerts');
  });

  it("answers unknown guilds and channels with Discord's 404 codes", async () => {
    const guild = await rejection(discord.getGuild('123456789012345678'));
    expect(guild).toMatchObject({ status: 404, code: 10004, message: 'Unknown Guild' });
    const channel = await rejection(discord.deleteChannel('123456789012345678'));
    expect(channel).toMatchObject({ status: 404, code: 10003, message: 'Unknown Channel' });
    expect(channel.method).toBe('DELETE');
    expect(channel.path).toBe('/channels/123456789012345678');
  });

  it('is refused with 401 and code 0 when the token is wrong', async () => {
    const intruder = new DiscordClient({ baseUrl: sim.baseUrl, token: 'wrong' });
    expect(await rejection(intruder.listGuilds())).toMatchObject({ status: 401, code: 0, message: '401: Unauthorized' });
  });

  it('reports Invalid Form Body with the field errors', async () => {
    const err = await rejection(discord.createGuild({ name: 'x' }));
    expect(err).toMatchObject({ status: 400, code: 50035, message: 'Invalid Form Body' });
    expect(err.fieldErrors()).toEqual([{ path: 'name', code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 2 and 100 in length.' }]);
  });

  it('refuses a parent that is not a category of the same guild', async () => {
    const guild = await discord.createGuild({ name: 'Kyoto Dojo' });
    const text = await discord.createGuildChannel(guild.id, { name: 'general' });
    const err = await rejection(discord.createGuildChannel(guild.id, { name: 'child', parent_id: text.id }));
    expect(err.code).toBe(50035);
    expect(err.fieldErrors()[0]?.path).toBe('parent_id');
  });

  it('deletes every channel of a deleted guild', async () => {
    const guild = await discord.createGuild({ name: 'Kyoto Dojo' });
    const category = await discord.createGuildChannel(guild.id, { name: 'Alarms', type: ChannelType.GuildCategory });
    const text = await discord.createGuildChannel(guild.id, { name: 'alerts', parent_id: category.id });
    await discord.deleteGuild(guild.id);
    for (const id of [category.id, text.id]) expect((await rejection(discord.getChannel(id))).code).toBe(10003);
    expect((await rejection(discord.listGuildChannels(guild.id))).code).toBe(10004);
  });

  it('leaves the children of a deleted category at the top level', async () => {
    const guild = await discord.createGuild({ name: 'Kyoto Dojo' });
    const category = await discord.createGuildChannel(guild.id, { name: 'Alarms', type: ChannelType.GuildCategory });
    const text = await discord.createGuildChannel(guild.id, { name: 'alerts', parent_id: category.id });
    await discord.deleteChannel(category.id);
    expect(await discord.getChannel(text.id)).toMatchObject({ id: text.id, parent_id: null });
  });

  it('posts messages and lists them newest first', async () => {
    const guild = await discord.createGuild({ name: 'Kyoto Dojo' });
    const channel = await discord.createGuildChannel(guild.id, { name: 'alerts' });
    const first = await discord.createMessage(channel.id, { content: 'Dojo kyoto is Degraded' });
    const second = await discord.createMessage(channel.id, { content: 'Dojo kyoto is Available' });
    expect(first).toMatchObject({ channel_id: channel.id, content: 'Dojo kyoto is Degraded', author: { bot: true } });
    expect((await discord.listMessages(channel.id)).map((m) => m.id)).toEqual([second.id, first.id]);
    expect((await discord.listMessages(channel.id, { limit: 1 })).map((m) => m.id)).toEqual([second.id]);
    expect((await discord.listMessages(channel.id, { after: first.id })).map((m) => m.id)).toEqual([second.id]);
    expect((await discord.getChannel(channel.id)).last_message_id).toBe(second.id);
  });

  it('returns the first message again for a repeated nonce with enforce_nonce', async () => {
    const guild = await discord.createGuild({ name: 'Kyoto Dojo' });
    const channel = await discord.createGuildChannel(guild.id, { name: 'alerts' });
    const alarm = { content: 'Dojo kyoto is Degraded', nonce: 'kyoto-7', enforce_nonce: true };
    const first = await discord.createMessage(channel.id, alarm);
    const retry = await discord.createMessage(channel.id, alarm);
    expect(retry).toEqual(first);
    expect(first.nonce).toBe('kyoto-7');
    expect(await discord.listMessages(channel.id)).toHaveLength(1);
  });

  it('creates a second message for a repeated nonce without enforce_nonce', async () => {
    const guild = await discord.createGuild({ name: 'Kyoto Dojo' });
    const channel = await discord.createGuildChannel(guild.id, { name: 'alerts' });
    await discord.createMessage(channel.id, { content: 'a', nonce: 'n' });
    await discord.createMessage(channel.id, { content: 'a', nonce: 'n' });
    expect(await discord.listMessages(channel.id)).toHaveLength(2);
  });

  it('refuses empty messages and messages to a category', async () => {
    const guild = await discord.createGuild({ name: 'Kyoto Dojo' });
    const category = await discord.createGuildChannel(guild.id, { name: 'Alarms', type: ChannelType.GuildCategory });
    const text = await discord.createGuildChannel(guild.id, { name: 'alerts' });
    expect((await rejection(discord.createMessage(text.id, { content: '' }))).code).toBe(50006);
    expect((await rejection(discord.createMessage(category.id, { content: 'hi' }))).code).toBe(50008);
  });
});
