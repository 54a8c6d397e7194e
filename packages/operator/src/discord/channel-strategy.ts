/**
 * DiscordChannel <-> a text channel under its group's category; waits for the DiscordGroup to
 * be Ready. Recognised after a crash by the ownership marker in its topic.
 */
import { ChannelType, type Channel } from '@dojo/discord';
import type { DiscordChannel, DiscordGroup } from '../api/discord-resources.ts';
import { operatorTypes } from '../api/resource-types.ts';
import { readIfExists } from '../read-if-exists.ts';
import { conditionStatus } from '../status-conditions.ts';
import type { DiscordKindStrategy, ParentState } from './discord-kind-strategy.ts';
import { hasMarker, textChannelName, withMarker } from './discord-naming.ts';

export interface ChannelParent {
  guildId: string;
  categoryId: string;
}

const topic = (channel: DiscordChannel): string => withMarker(channel.spec.topic, channel.metadata.uid ?? '');

export const channelStrategy: DiscordKindStrategy<DiscordChannel, ChannelParent, Channel> = {
  type: operatorTypes.discordChannels,
  noun: 'text channel',
  async parent(channel, reader, signal): Promise<ParentState<ChannelParent>> {
    const name = channel.spec.groupRef.name;
    const group = await readIfExists<DiscordGroup>(reader, operatorTypes.discordGroups, { namespace: channel.metadata.namespace, name }, signal);
    if (!group) return { ready: false, reason: 'WaitingForGroup', message: `DiscordGroup ${name} does not exist` };
    if (group.metadata.deletionTimestamp) return { ready: false, reason: 'GroupDeleting', message: `DiscordGroup ${name} is being deleted` };
    const categoryId = group.status?.id;
    const guildId = group.status?.guildId;
    if (!categoryId || !guildId || conditionStatus(group.status?.conditions, 'Ready') !== 'True') {
      return { ready: false, reason: 'WaitingForGroup', message: `DiscordGroup ${name} is not Ready yet` };
    }
    return { ready: true, parent: { guildId, categoryId } };
  },
  recordedId: (channel, parent) => (channel.status?.guildId === parent.guildId ? channel.status.id : undefined),
  fetch: (discord, id, signal) => discord.getChannel(id, { signal }),
  async find(discord, channel, parent, signal) {
    const channels = await discord.listGuildChannels(parent.guildId, { signal });
    return channels.find((c) => c.type === ChannelType.GuildText && hasMarker(c.topic, channel.metadata.uid ?? ''));
  },
  create: (discord, channel, parent, signal) =>
    discord.createGuildChannel(
      parent.guildId,
      { name: channel.spec.name, type: ChannelType.GuildText, parent_id: parent.categoryId, topic: topic(channel) },
      { signal },
    ),
  drift(channel, parent, text) {
    const fields: string[] = [];
    if (text.name !== textChannelName(channel.spec.name)) fields.push('name');
    if (text.parent_id !== parent.categoryId) fields.push('category');
    if ((text.topic ?? '') !== topic(channel)) fields.push('topic');
    return fields;
  },
  correct: (discord, channel, parent, text, signal) =>
    discord.modifyChannel(text.id, { name: channel.spec.name, parent_id: parent.categoryId, topic: topic(channel) }, { signal }),
  remove: async (discord, id, signal) => void (await discord.deleteChannel(id, { signal })),
  statusOf: (text) => ({ guildId: text.guild_id, parentId: text.parent_id ?? '', name: text.name }),
};
