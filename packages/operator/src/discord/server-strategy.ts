/** DiscordServer <-> a Discord guild. No parent; recognised after a crash by the marker in its description. */
import type { DiscordClient, Guild, PartialGuild } from '@dojo/discord';
import type { DiscordServer } from '../api/discord-resources.ts';
import { operatorTypes } from '../api/resource-types.ts';
import type { DiscordKindStrategy } from './discord-kind-strategy.ts';
import { hasMarker, withMarker } from './discord-naming.ts';

const description = (server: DiscordServer): string => withMarker(server.spec.description, server.metadata.uid ?? '');

/** Every guild the bot is in, page by page (Discord answers at most 200 at a time). */
async function allGuilds(discord: DiscordClient, signal: AbortSignal): Promise<PartialGuild[]> {
  const guilds: PartialGuild[] = [];
  for (let after: string | undefined; ;) {
    const page = await discord.listGuilds({ limit: 200, ...(after ? { after } : {}) }, { signal });
    guilds.push(...page);
    if (page.length < 200) return guilds;
    after = page.at(-1)!.id;
  }
}

export const serverStrategy: DiscordKindStrategy<DiscordServer, undefined, Guild> = {
  type: operatorTypes.discordServers,
  noun: 'guild',
  parent: async () => ({ ready: true, parent: undefined }),
  recordedId: (server) => server.status?.id,
  fetch: (discord, id, signal) => discord.getGuild(id, { signal }),
  async find(discord, server, _parent, signal) {
    for (const candidate of await allGuilds(discord, signal)) {
      if (candidate.name !== server.spec.name) continue;
      const guild = await discord.getGuild(candidate.id, { signal });
      if (hasMarker(guild.description, server.metadata.uid ?? '')) return guild;
    }
    return undefined;
  },
  create: (discord, server, _parent, signal) => discord.createGuild({ name: server.spec.name, description: description(server) }, { signal }),
  drift(server, _parent, guild) {
    const fields: string[] = [];
    if (guild.name !== server.spec.name) fields.push('name');
    if ((guild.description ?? '') !== description(server)) fields.push('description');
    return fields;
  },
  correct: (discord, server, _parent, guild, signal) => discord.modifyGuild(guild.id, { name: server.spec.name, description: description(server) }, { signal }),
  remove: (discord, id, signal) => discord.deleteGuild(id, { signal }),
  statusOf: () => ({}),
};
