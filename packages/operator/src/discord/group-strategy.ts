/** DiscordGroup <-> a category channel in its server's guild; waits for the DiscordServer to be Ready. */
import { ChannelType, type Channel } from '@dojo/discord';
import type { DiscordGroup, DiscordServer } from '../api/discord-resources.ts';
import { operatorTypes } from '../api/resource-types.ts';
import { readIfExists } from '../read-if-exists.ts';
import { conditionStatus } from '../status-conditions.ts';
import type { DiscordKindStrategy, ParentState } from './discord-kind-strategy.ts';

export interface GroupParent {
  guildId: string;
}

export const groupStrategy: DiscordKindStrategy<DiscordGroup, GroupParent, Channel> = {
  type: operatorTypes.discordGroups,
  noun: 'category',
  async parent(group, reader, signal): Promise<ParentState<GroupParent>> {
    const name = group.spec.serverRef.name;
    const server = await readIfExists<DiscordServer>(reader, operatorTypes.discordServers, { namespace: group.metadata.namespace, name }, signal);
    if (!server) return { ready: false, reason: 'WaitingForServer', message: `DiscordServer ${name} does not exist` };
    if (server.metadata.deletionTimestamp) return { ready: false, reason: 'ServerDeleting', message: `DiscordServer ${name} is being deleted` };
    const guildId = server.status?.id;
    if (!guildId || conditionStatus(server.status?.conditions, 'Ready') !== 'True') {
      return { ready: false, reason: 'WaitingForServer', message: `DiscordServer ${name} is not Ready yet` };
    }
    return { ready: true, parent: { guildId } };
  },
  recordedId: (group, parent) => (group.status?.guildId === parent.guildId ? group.status.id : undefined),
  fetch: (discord, id, signal) => discord.getChannel(id, { signal }),
  // Categories have no topic to carry a marker: the one with the spec's name in the guild is ours.
  async find(discord, group, parent, signal) {
    const channels = await discord.listGuildChannels(parent.guildId, { signal });
    return channels.find((c) => c.type === ChannelType.GuildCategory && c.name === group.spec.name);
  },
  create: (discord, group, parent, signal) =>
    discord.createGuildChannel(parent.guildId, { name: group.spec.name, type: ChannelType.GuildCategory }, { signal }),
  drift: (group, _parent, category) => (category.name === group.spec.name ? [] : ['name']),
  correct: (discord, group, _parent, category, signal) => discord.modifyChannel(category.id, { name: group.spec.name }, { signal }),
  remove: async (discord, id, signal) => void (await discord.deleteChannel(id, { signal })),
  statusOf: (category) => ({ guildId: category.guild_id }),
};
