import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelType } from '@dojo/discord';
import type { ReconcileEndRecord } from '@dojo/runtime';
import type { DiscordResource } from '../api/discord-resources.ts';
import { operatorTypes } from '../api/resource-types.ts';
import { discordChannel, discordGroup, discordServer, readyCondition } from '../testing/discord-fixtures.ts';
import { startOperatorTestEnv, type OperatorTestEnv, type RunningOperator } from '../testing/operator-test-env.ts';
import { eventually } from '../testing/eventually.ts';

const { discordServers, discordGroups, discordChannels } = operatorTypes;
const ns = 'faulty';
const servers = ['north', 'south', 'east'];
let env: OperatorTestEnv;
let operator: RunningOperator;

beforeAll(async () => {
  env = await startOperatorTestEnv();
  operator = await env.startOperator();
  await env.namespace(ns);
});

afterAll(async () => {
  await env?.stop();
});

async function everything(): Promise<DiscordResource[]> {
  const lists = await Promise.all([discordServers, discordGroups, discordChannels].map((type) => env.api.list<DiscordResource>(type, { namespace: ns })));
  return lists.flatMap((l) => l.items);
}

describe('Discord reconcilers under injected faults', () => {
  it('converge with 30% 5xx, 30% 429 and 30% lost write responses, creating no duplicates, and clean up on delete', async () => {
    // A lost response after a write is the hard case: the object exists, the operator does not know.
    env.sim.faults.set({ rate5xx: 0.3, rate429: 0.3, rate5xxAfterWrite: 0.3, retryAfterSeconds: 0.1 });
    for (const s of servers) {
      await env.api.create(discordServers, discordServer(ns, s, { name: `Guild ${s}` }));
      await env.api.create(discordGroups, discordGroup(ns, s, s, { name: `Category ${s}` }));
      for (const c of ['alerts', 'chat']) await env.api.create(discordChannels, discordChannel(ns, `${s}-${c}`, s, { name: `${s} ${c}` }));
    }
    await eventually(
      async () => {
        const all = await everything();
        expect(all).toHaveLength(12);
        expect(all.filter((o) => readyCondition(o)?.status !== 'True').map((o) => o.metadata.name)).toEqual([]);
      },
      { timeout: 40_000, interval: 200 },
    );

    const guilds = env.sim.state.listGuilds().filter((g) => g.name.startsWith('Guild '));
    expect(guilds.map((g) => g.name).sort()).toEqual(['Guild east', 'Guild north', 'Guild south']);
    for (const guild of guilds) {
      const s = guild.name.slice('Guild '.length);
      const channels = env.sim.state.listGuildChannels(guild.id);
      const categories = channels.filter((c) => c.type === ChannelType.GuildCategory);
      expect(categories.map((c) => c.name)).toEqual([`Category ${s}`]);
      const texts = channels.filter((c) => c.type === ChannelType.GuildText);
      expect(texts.map((c) => c.name).sort()).toEqual([`${s}-alerts`, `${s}-chat`]);
      expect(texts.every((c) => c.parent_id === categories[0]!.id)).toBe(true);
    }
    // The faults were real: errors were retried, 429s waited out.
    const ends = operator.manager.journal.query({ types: ['reconcile-end'], limit: 100_000 }).records as ReconcileEndRecord[];
    expect(ends.some((r) => r.result === 'error')).toBe(true);
    expect(ends.some((r) => r.result === 'requeueAfter' && r.requeueAfter === 100)).toBe(true);

    for (const type of [discordChannels, discordGroups, discordServers]) {
      for (const object of (await env.api.list(type, { namespace: ns })).items) await env.api.delete(type, { namespace: ns, name: object.metadata.name! });
    }
    await eventually(async () => expect(await everything()).toEqual([]), { timeout: 40_000, interval: 200 });
    expect(env.sim.state.listGuilds().filter((g) => g.name.startsWith('Guild '))).toEqual([]);
    env.sim.faults.reset();
  });
});
