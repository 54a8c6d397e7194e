/**
 * DiscordServer, DiscordGroup and DiscordChannel (core.jutsu.com/v1): Discord objects managed
 * from Kubernetes, the seed's example of external, non-cluster resources. A group references a
 * server and a channel references a group, by name, in the same namespace.
 */
import type { Condition, KubeObject } from '@dojo/kube-api';

export interface LocalObjectReference {
  name: string;
}

export type DiscordConditionType = 'Ready' | 'Progressing' | 'Degraded';

/** What every Discord kind's status holds: the external id and the usual bookkeeping. */
export interface DiscordObjectStatus {
  observedGeneration?: number;
  /** The Discord snowflake of the guild / category / text channel. */
  id?: string;
  conditions?: Condition[];
}

export interface DiscordServerSpec {
  name: string;
  description?: string;
}

export interface DiscordServer extends KubeObject {
  spec: DiscordServerSpec;
  status?: DiscordObjectStatus;
}

export interface DiscordGroupSpec {
  name: string;
  serverRef: LocalObjectReference;
}

export interface DiscordGroupStatus extends DiscordObjectStatus {
  guildId?: string;
}

export interface DiscordGroup extends KubeObject {
  spec: DiscordGroupSpec;
  status?: DiscordGroupStatus;
}

export interface DiscordChannelSpec {
  name: string;
  topic?: string;
  groupRef: LocalObjectReference;
}

export interface DiscordChannelStatus extends DiscordObjectStatus {
  guildId?: string;
  parentId?: string;
  /** The name as Discord stores it (lower case, dashes for spaces). */
  name?: string;
}

export interface DiscordChannel extends KubeObject {
  spec: DiscordChannelSpec;
  status?: DiscordChannelStatus;
}

/** Any of the three. */
export type DiscordResource = DiscordServer | DiscordGroup | DiscordChannel;
