import { describe, expect, it } from 'vitest';
import type { TopicDescription } from './broker/kafka-admin-client.ts';
import type { KafkaTopic, KafkaTopicSpec } from './kafkatopic.ts';
import { managerOf } from './topic-claims.ts';
import { planTopic } from './topic-plan.ts';

function kafkaTopic(spec: Partial<KafkaTopicSpec> = {}, meta: Partial<KafkaTopic['metadata']> = {}): KafkaTopic {
  return {
    apiVersion: 'kafka.example.com/v1',
    kind: 'KafkaTopic',
    metadata: { namespace: 'ns', name: 'orders', uid: 'uid-1', generation: 1, creationTimestamp: '2026-01-01T00:00:00Z', ...meta },
    spec: { numPartitions: 3, replicationFactor: 2, ...spec },
  };
}

const onBroker = (topic: Partial<TopicDescription> = {}): TopicDescription => ({ name: 'orders', partitions: 3, replicationFactor: 2, configs: {}, ...topic });

describe('planTopic', () => {
  it('creates a missing topic under metadata.name, or under spec.topicName when given', () => {
    expect(planTopic(kafkaTopic({ config: { 'retention.ms': '1000' } }), undefined).changes).toEqual([
      { type: 'create', topic: { name: 'orders', partitions: 3, replicationFactor: 2, configs: { 'retention.ms': '1000' } } },
    ]);
    expect(planTopic(kafkaTopic({ topicName: 'shop.orders.v1' }), undefined).changes).toMatchObject([{ type: 'create', topic: { name: 'shop.orders.v1' } }]);
  });

  it('does nothing when the broker matches the spec', () => {
    expect(planTopic(kafkaTopic(), onBroker())).toEqual({ changes: [], expected: onBroker() });
  });

  it('adds partitions and sets back the configs the spec names, leaving other configs alone', () => {
    const plan = planTopic(
      kafkaTopic({ numPartitions: 6, config: { 'cleanup.policy': 'compact' } }),
      onBroker({ configs: { 'cleanup.policy': 'delete', 'retention.ms': '5' } }),
    );
    expect(plan.changes).toEqual([
      { type: 'createPartitions', total: 6 },
      { type: 'setConfigs', configs: { 'cleanup.policy': 'compact' } },
    ]);
    expect(plan.expected).toEqual(onBroker({ partitions: 6, configs: { 'cleanup.policy': 'compact', 'retention.ms': '5' } }));
    expect(plan.drift).toBeUndefined();
  });

  it('reports a replication factor or a partition count it cannot undo, and changes nothing for it', () => {
    const rf = planTopic(kafkaTopic(), onBroker({ replicationFactor: 1 }));
    expect(rf.changes).toEqual([]);
    expect(rf.drift).toEqual({
      reason: 'ReplicationFactorDrift',
      message: 'Topic orders has replication factor 1 on the broker, not 2; changing it takes a partition reassignment, which this operator does not do',
    });
    const partitions = planTopic(kafkaTopic(), onBroker({ partitions: 8 }));
    expect(partitions.changes).toEqual([]);
    expect(partitions.drift).toMatchObject({ reason: 'PartitionsDrift', message: expect.stringContaining('raise spec.numPartitions to 8') });
  });
});

describe('managerOf', () => {
  it('gives the topic to the oldest KafkaTopic naming it that is not being deleted', () => {
    const older = kafkaTopic({}, { namespace: 'a', uid: 'a', creationTimestamp: '2026-01-01T00:00:00Z' });
    const newer = kafkaTopic({}, { namespace: 'b', uid: 'b', creationTimestamp: '2026-01-02T00:00:00Z' });
    const other = kafkaTopic({ topicName: 'payments' }, { namespace: 'c', uid: 'c', creationTimestamp: '2025-01-01T00:00:00Z' });
    expect(managerOf([newer, other, older], 'orders')?.metadata.uid).toBe('a');
    const deleting = { ...older, metadata: { ...older.metadata, deletionTimestamp: '2026-01-03T00:00:00Z' } };
    expect(managerOf([newer, deleting], 'orders')?.metadata.uid).toBe('b');
    expect(managerOf([deleting], 'orders')).toBeUndefined();
  });
});
