/**
 * What it takes to make the broker match a KafkaTopic, decided from the spec and what the broker
 * describes. Pure, so tested without a broker.
 *
 * Fixable drift becomes changes: a missing topic is created, missing partitions are added, and
 * configs named in spec.config are set back. Drift Kafka's admin API cannot undo is reported,
 * never "fixed": more partitions than the spec (Kafka cannot remove them) and another
 * replication factor (that takes a partition reassignment, which this operator does not do).
 * Configs the spec does not name are left as they are.
 */
import type { NewTopicRequest, TopicDescription } from './broker/kafka-admin-client.ts';
import { topicNameOf, type KafkaTopic } from './kafkatopic.ts';

export type TopicChange =
  { type: 'create'; topic: NewTopicRequest } | { type: 'createPartitions'; total: number } | { type: 'setConfigs'; configs: Record<string, string> };

export interface Problem {
  reason: string;
  message: string;
}

export interface TopicPlan {
  changes: TopicChange[];
  /** What the broker will describe once the changes are made. */
  expected: TopicDescription;
  /** Drift the changes cannot fix. */
  drift?: Problem;
}

export function planTopic(topic: KafkaTopic, observed: TopicDescription | undefined): TopicPlan {
  const { numPartitions, replicationFactor, config = {} } = topic.spec;
  const name = topicNameOf(topic);
  if (!observed) {
    const create: NewTopicRequest = { name, partitions: numPartitions, replicationFactor, configs: { ...config } };
    return { changes: [{ type: 'create', topic: create }], expected: { name, partitions: numPartitions, replicationFactor, configs: { ...config } } };
  }
  const changes: TopicChange[] = [];
  const expected: TopicDescription = { ...observed, configs: { ...observed.configs } };
  if (observed.partitions < numPartitions) {
    changes.push({ type: 'createPartitions', total: numPartitions });
    expected.partitions = numPartitions;
  }
  const configs = Object.fromEntries(Object.entries(config).filter(([key, value]) => observed.configs[key] !== value));
  if (Object.keys(configs).length > 0) {
    changes.push({ type: 'setConfigs', configs });
    Object.assign(expected.configs, configs);
  }
  const drift = unfixableDrift(topic, observed);
  return { changes, expected, ...(drift ? { drift } : {}) };
}

function unfixableDrift(topic: KafkaTopic, observed: TopicDescription): Problem | undefined {
  const { numPartitions, replicationFactor } = topic.spec;
  if (observed.replicationFactor !== replicationFactor) {
    return {
      reason: 'ReplicationFactorDrift',
      message: `Topic ${observed.name} has replication factor ${observed.replicationFactor} on the broker, not ${replicationFactor}; changing it takes a partition reassignment, which this operator does not do`,
    };
  }
  if (observed.partitions > numPartitions) {
    return {
      reason: 'PartitionsDrift',
      message: `Topic ${observed.name} has ${observed.partitions} partitions on the broker, more than spec.numPartitions ${numPartitions}, and Kafka cannot remove partitions: raise spec.numPartitions to ${observed.partitions}`,
    };
  }
  return undefined;
}

/** One line per change, for Events. */
export function describeChange(name: string, change: TopicChange): { reason: string; message: string } {
  switch (change.type) {
    case 'create':
      return {
        reason: 'TopicCreated',
        message: `Created topic ${name} with ${change.topic.partitions} partitions, replication factor ${change.topic.replicationFactor}`,
      };
    case 'createPartitions':
      return { reason: 'PartitionsIncreased', message: `Increased topic ${name} to ${change.total} partitions` };
    case 'setConfigs':
      return {
        reason: 'ConfigUpdated',
        message: `Set ${Object.entries(change.configs)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')} on topic ${name}`,
      };
  }
}
