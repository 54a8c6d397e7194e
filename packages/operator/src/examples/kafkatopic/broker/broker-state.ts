/**
 * The simulated cluster's topics: what Kafka's admin operations change, with Kafka's rules.
 *
 * - A topic needs a legal name, partitions >= 1, and 1 <= replication factor <= brokers.
 * - Partitions can only be added (CreatePartitions), never removed.
 * - The replication factor cannot change through these operations (it would take a partition
 *   reassignment), so an operator can only report a mismatch, never fix it.
 * - Configs are the ones topic-configs.ts knows; unset ones answer with Kafka's default.
 *
 * In memory: restarting the simulator starts an empty cluster.
 */
import { kafkaErrors } from './kafka-admin-error.ts';
import { checkTopicConfig, checkTopicName, topicConfigDefaults } from './topic-configs.ts';

export interface Topic {
  name: string;
  partitions: number;
  replicationFactor: number;
  /** Only the configs set on the topic (Kafka's "dynamic topic configs"). */
  configs: Record<string, string>;
}

export interface NewTopic {
  name: string;
  partitions?: number;
  replicationFactor?: number;
  configs?: Record<string, string>;
}

export interface TopicConfigEntry {
  name: string;
  value: string;
  isDefault: boolean;
}

export interface BrokerStateSnapshot {
  clusterId: string;
  brokers: number;
  topics: Topic[];
}

/** Kafka's num.partitions and default.replication.factor. */
const defaultPartitions = 1;
const defaultReplicationFactor = 1;

export class BrokerState {
  readonly clusterId: string;
  readonly brokers: number;
  readonly #topics = new Map<string, Topic>();

  constructor(options: { clusterId: string; brokers: number }) {
    this.clusterId = options.clusterId;
    this.brokers = options.brokers;
  }

  list(): Topic[] {
    return [...this.#topics.values()].sort((a, b) => a.name.localeCompare(b.name)).map(copy);
  }

  describe(name: string): Topic {
    return copy(this.#get(name));
  }

  configs(name: string): TopicConfigEntry[] {
    const topic = this.#get(name);
    return Object.entries(topicConfigDefaults).map(([config, fallback]) => {
      const value = topic.configs[config];
      return { name: config, value: value ?? fallback, isDefault: value === undefined };
    });
  }

  create(request: NewTopic): Topic {
    checkTopicName(request.name);
    const partitions = request.partitions ?? defaultPartitions;
    const replicationFactor = request.replicationFactor ?? defaultReplicationFactor;
    if (partitions < 1) throw kafkaErrors.partitionsTooFew();
    if (replicationFactor < 1) throw kafkaErrors.replicationFactorTooSmall();
    if (replicationFactor > this.brokers) throw kafkaErrors.invalidReplicationFactor(replicationFactor, this.brokers);
    const configs = { ...request.configs };
    for (const [name, value] of Object.entries(configs)) checkTopicConfig(name, value);
    if (this.#topics.has(request.name)) throw kafkaErrors.topicExists(request.name);
    const topic: Topic = { name: request.name, partitions, replicationFactor, configs };
    this.#topics.set(topic.name, topic);
    return copy(topic);
  }

  /** CreatePartitions: `total` is the new partition count, which must be an increase. */
  createPartitions(name: string, total: number): Topic {
    const topic = this.#get(name);
    if (total <= topic.partitions) throw kafkaErrors.partitionsNotIncreased(topic.partitions, total);
    topic.partitions = total;
    return copy(topic);
  }

  /** IncrementalAlterConfigs: `null` deletes a config, back to its default. All or nothing. */
  alterConfigs(name: string, changes: Record<string, string | null>): void {
    const topic = this.#get(name);
    for (const [config, value] of Object.entries(changes)) {
      if (value === null) {
        if (!(config in topicConfigDefaults)) throw kafkaErrors.invalidConfig(`Unknown topic config name: ${config}`);
      } else checkTopicConfig(config, value);
    }
    for (const [config, value] of Object.entries(changes)) {
      if (value === null) delete topic.configs[config];
      else topic.configs[config] = value;
    }
  }

  delete(name: string): void {
    this.#get(name);
    this.#topics.delete(name);
  }

  reset(): void {
    this.#topics.clear();
  }

  snapshot(): BrokerStateSnapshot {
    return { clusterId: this.clusterId, brokers: this.brokers, topics: this.list() };
  }

  #get(name: string): Topic {
    const topic = this.#topics.get(name);
    if (!topic) throw kafkaErrors.unknownTopic();
    return topic;
  }
}

function copy(topic: Topic): Topic {
  return { ...topic, configs: { ...topic.configs } };
}
