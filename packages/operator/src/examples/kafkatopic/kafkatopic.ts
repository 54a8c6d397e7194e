/** kafka.example.com KafkaTopic (seed 004): the kind, its client address and its CRD. */
import type { Condition, KubeObject } from '@dojo/kube-api';
import type { ResourceType } from '@dojo/runtime';
import { readCrdFile } from '../crd-file.ts';

export interface KafkaTopicSpec {
  /** The topic's name on the broker; metadata.name when absent. Immutable (CEL). */
  topicName?: string;
  /** May only grow (CEL): Kafka cannot remove partitions. */
  numPartitions: number;
  /** Immutable (CEL). */
  replicationFactor: number;
  config?: Record<string, string>;
}

export type KafkaTopicConditionType = 'Ready' | 'Degraded';

export interface KafkaTopicStatus {
  observedGeneration?: number;
  topicName?: string;
  partitions?: number;
  replicationFactor?: number;
  conditions?: Condition[];
}

export interface KafkaTopic extends KubeObject {
  spec: KafkaTopicSpec;
  status?: KafkaTopicStatus;
}

/** The storage version. v1alpha1 serves the same objects (conversion None) and is deprecated. */
export const kafkaTopicType = {
  group: 'kafka.example.com',
  version: 'v1',
  resource: 'kafkatopics',
  kind: 'KafkaTopic',
  namespaced: true,
} as const satisfies ResourceType;

/** Removed last: the topic on the broker goes first (or is already gone). */
export const kafkaTopicFinalizer = 'kafka.example.com/topic';

/** kafkatopics.kafka.example.com, read from kafkatopic/crd.yaml (a fresh copy on every call). */
export function kafkaTopicCrd(): KubeObject {
  // Both versions share one schema through YAML anchors; the JSON round trip unshares them, so
  // changing one version's copy can never change the other's.
  return JSON.parse(JSON.stringify(readCrdFile(new URL('./crd.yaml', import.meta.url)))) as KubeObject;
}

/** The Kafka topic a KafkaTopic manages: spec.topicName, or its own name. */
export function topicNameOf(topic: KafkaTopic): string {
  return topic.spec.topicName ?? topic.metadata.name!;
}
