/**
 * How the runtime's client addresses the operator's kinds, and the CloudNativePG Database it
 * creates. Exported so the console can label them and register them for owner lookups.
 */
import type { ResourceType } from '@dojo/runtime';

const jutsu = (resource: string, kind: string): ResourceType => ({ group: 'core.jutsu.com', version: 'v1', resource, kind, namespaced: true });

export const operatorTypes = {
  dojos: jutsu('dojos', 'Dojo'),
  discordServers: jutsu('discordservers', 'DiscordServer'),
  discordGroups: jutsu('discordgroups', 'DiscordGroup'),
  discordChannels: jutsu('discordchannels', 'DiscordChannel'),
} as const satisfies Record<string, ResourceType>;

/** postgresql.cnpg.io/v1 Database: installed by CloudNativePG (or the simulated cluster), not by us. */
export const cnpgDatabases: ResourceType = { group: 'postgresql.cnpg.io', version: 'v1', resource: 'databases', kind: 'Database', namespaced: true };

/** Every kind the operator reads or writes that is not built into Kubernetes. */
export const operatorResourceTypes: readonly ResourceType[] = [...Object.values(operatorTypes), cnpgDatabases];
