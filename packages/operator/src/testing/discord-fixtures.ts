/** DiscordServer -> DiscordGroup -> DiscordChannel objects for tests, and a wait for Ready. */
import type { Condition } from '@dojo/kube-api';
import type { KubeClient } from '@dojo/runtime';
import type { DiscordChannel, DiscordGroup, DiscordResource, DiscordServer } from '../api/discord-resources.ts';
import { operatorTypes } from '../api/resource-types.ts';

export function discordServer(namespace: string, name: string, spec: Partial<DiscordServer['spec']> = {}): DiscordServer {
  return { apiVersion: 'core.jutsu.com/v1', kind: 'DiscordServer', metadata: { namespace, name }, spec: { name: `Server ${name}`, ...spec } };
}

export function discordGroup(namespace: string, name: string, server: string, spec: Partial<DiscordGroup['spec']> = {}): DiscordGroup {
  return {
    apiVersion: 'core.jutsu.com/v1',
    kind: 'DiscordGroup',
    metadata: { namespace, name },
    spec: { name: `Group ${name}`, serverRef: { name: server }, ...spec },
  };
}

export function discordChannel(namespace: string, name: string, group: string, spec: Partial<DiscordChannel['spec']> = {}): DiscordChannel {
  return {
    apiVersion: 'core.jutsu.com/v1',
    kind: 'DiscordChannel',
    metadata: { namespace, name },
    spec: { name: `Channel ${name}`, groupRef: { name: group }, ...spec },
  };
}

export const readyCondition = (object: DiscordResource): Condition | undefined => object.status?.conditions?.find((c) => c.type === 'Ready');

/** Creates a server, a group and a channel named `${name}` and resolves once they exist in Kubernetes. */
export async function createDiscordChain(api: KubeClient, namespace: string, name: string): Promise<void> {
  await api.create(operatorTypes.discordServers, discordServer(namespace, name));
  await api.create(operatorTypes.discordGroups, discordGroup(namespace, name, name));
  await api.create(operatorTypes.discordChannels, discordChannel(namespace, name, name));
}
