import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTypes } from '@dojo/runtime';
import { eventually } from '../../testing/eventually.ts';
import { kafkaTopicFinalizer } from './kafkatopic.ts';
import { condition, startKafkaTopicTestEnv, type KafkaTopicTestEnv } from './testing/kafkatopic-test-env.ts';

let t: KafkaTopicTestEnv;

beforeAll(async () => {
  t = await startKafkaTopicTestEnv();
}, 30_000);

afterAll(async () => {
  await t?.stop();
});

const onBroker = (name: string) => t.broker.state().topics.find((topic) => topic.name === name);
const ready = (namespace: string, name: string) =>
  eventually(async () => {
    const topic = await t.read(namespace, name);
    expect(condition(topic, 'Ready')).toMatchObject({ status: 'True', reason: 'Synced' });
    return topic;
  });
const kubectlJson = async (args: string[]) => JSON.parse((await t.env.kubectl([...args, '-o', 'json'])).stdout);
const deprecation = 'Warning: kafka.example.com/v1alpha1 KafkaTopic is deprecated; use kafka.example.com/v1 KafkaTopic\n';

describe('KafkaTopicReconciler', () => {
  it('creates the topic from a v1alpha1 manifest, which is stored as v1 and served under both versions', async () => {
    const ns = await t.env.namespace('create-alpha');
    const applied = await t.apply('v1alpha1', ns, 'orders', { numPartitions: 3, replicationFactor: 2, config: { 'retention.ms': '3600000' } });
    expect(applied).toEqual({ code: 0, stdout: 'kafkatopic.kafka.example.com/orders created\n', stderr: deprecation });

    await eventually(() => expect(onBroker('orders')).toEqual({ name: 'orders', partitions: 3, replicationFactor: 2, configs: { 'retention.ms': '3600000' } }));
    const topic = await ready(ns, 'orders');
    expect(topic.status).toMatchObject({ topicName: 'orders', partitions: 3, replicationFactor: 2, observedGeneration: 1 });
    expect(topic.metadata.finalizers).toEqual([kafkaTopicFinalizer]);

    const asV1 = await kubectlJson(['get', 'kafkatopics.v1.kafka.example.com', 'orders', '-n', ns]);
    const asAlpha = await kubectlJson(['get', 'kafkatopics.v1alpha1.kafka.example.com', 'orders', '-n', ns]);
    expect(asV1.apiVersion).toBe('kafka.example.com/v1');
    expect(asAlpha.apiVersion).toBe('kafka.example.com/v1alpha1');
    expect(asAlpha.metadata.resourceVersion).toBe(asV1.metadata.resourceVersion);
    expect(asAlpha.spec).toEqual(asV1.spec);
    const crd = await t.env.api.get<any>(builtinTypes.customResourceDefinitions, { name: 'kafkatopics.kafka.example.com' });
    expect(crd.status.storedVersions).toEqual(['v1']);
    expect((await t.env.kubectl(['api-versions'])).stdout).toContain('kafka.example.com/v1\nkafka.example.com/v1alpha1\n');
  });

  it('creates the topic from a v1 manifest without a warning, and v1alpha1 reads it back', async () => {
    const ns = await t.env.namespace('create-v1');
    expect(await t.apply('v1', ns, 'payments', { topicName: 'shop.payments', numPartitions: 2, replicationFactor: 3 })).toEqual({
      code: 0,
      stdout: 'kafkatopic.kafka.example.com/payments created\n',
      stderr: '',
    });
    await ready(ns, 'payments');
    expect(onBroker('shop.payments')).toMatchObject({ partitions: 2, replicationFactor: 3 });
    const asAlpha = await kubectlJson(['get', 'kafkatopics.v1alpha1.kafka.example.com', 'payments', '-n', ns]);
    expect(asAlpha).toMatchObject({
      apiVersion: 'kafka.example.com/v1alpha1',
      spec: { topicName: 'shop.payments', numPartitions: 2 },
      status: { topicName: 'shop.payments' },
    });
  });

  it('lists KafkaTopics with kubectl, printer columns included', async () => {
    const ns = await t.env.namespace('columns');
    await t.apply('v1', ns, 'clicks', { numPartitions: 4, replicationFactor: 1 });
    await ready(ns, 'clicks');
    const table = await t.env.kubectl(['get', 'kafkatopics', '-n', ns]);
    expect(table.stderr).toBe('');
    const [header, row] = table.stdout.trim().split('\n');
    expect(header!.split(/\s+/)).toEqual(['NAME', 'TOPIC', 'PARTITIONS', 'RF', 'READY', 'AGE']);
    expect(row).toMatch(/^clicks\s+clicks\s+4\s+1\s+True\s+\d+s$/);
  });

  it('adds partitions on the broker when spec.numPartitions grows', async () => {
    const ns = await t.env.namespace('grow');
    await t.apply('v1', ns, 'grow', { numPartitions: 3 });
    await ready(ns, 'grow');
    expect((await t.apply('v1', ns, 'grow', { numPartitions: 5 })).stdout).toBe('kafkatopic.kafka.example.com/grow configured\n');
    await eventually(async () => {
      expect(onBroker('grow')?.partitions).toBe(5);
      expect((await t.read(ns, 'grow')).status).toMatchObject({ partitions: 5, observedGeneration: 2 });
    });
    await eventually(async () => expect((await t.events(ns)).map((e) => e.reason)).toEqual(expect.arrayContaining(['TopicCreated', 'PartitionsIncreased'])));
  });

  it("has kubectl apply refuse fewer partitions, another replication factor or topic name, with the CEL rules' messages", async () => {
    const ns = await t.env.namespace('refuse');
    await t.apply('v1', ns, 'fixed', { numPartitions: 3, replicationFactor: 2 });
    await ready(ns, 'fixed');

    expect(await t.apply('v1', ns, 'fixed', { numPartitions: 2 })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The KafkaTopic "fixed" is invalid: spec.numPartitions: Invalid value: "integer": numPartitions may only grow: Kafka cannot remove partitions\n',
    });
    expect(await t.apply('v1', ns, 'fixed', { replicationFactor: 3 })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The KafkaTopic "fixed" is invalid: spec.replicationFactor: Invalid value: "integer": replicationFactor is immutable\n',
    });
    expect((await t.apply('v1', ns, 'fixed', { topicName: 'renamed' })).stderr).toBe(
      'The KafkaTopic "fixed" is invalid: spec.topicName: Invalid value: "object": topicName is immutable\n',
    );
    expect((await t.apply('v1', ns, 'dots', { topicName: '..' })).stderr).toBe(
      'The KafkaTopic "dots" is invalid: spec.topicName: Invalid value: "string": topicName cannot be "." or ".."\n',
    );
    expect(onBroker('fixed')).toMatchObject({ partitions: 3, replicationFactor: 2 });
  });

  it('deletes the topic on the broker before the KafkaTopic goes away (finalizer)', async () => {
    const ns = await t.env.namespace('delete');
    await t.apply('v1', ns, 'doomed', {});
    await ready(ns, 'doomed');
    expect(onBroker('doomed')).toBeDefined();

    const deleted = await t.env.kubectl(['delete', 'kafkatopic', 'doomed', '-n', ns]);
    expect(deleted.stdout).toBe('kafkatopic.kafka.example.com "doomed" deleted\n');
    expect(onBroker('doomed')).toBeUndefined();
    await expect(t.read(ns, 'doomed')).rejects.toMatchObject({ code: 404 });
    await eventually(async () => expect((await t.events(ns)).map((e) => e.reason)).toContain('TopicDeleted'));
  });

  it('finds on its periodic requeue that the topic was deleted on the broker, and creates it again', async () => {
    const ns = await t.env.namespace('recreate');
    await t.apply('v1', ns, 'fragile', { numPartitions: 2 });
    await ready(ns, 'fragile');

    await t.admin.deleteTopic('fragile');
    await eventually(() => expect(onBroker('fragile')).toMatchObject({ partitions: 2 }));
    await eventually(async () => expect((await t.events(ns)).map((e) => e.reason)).toContain('TopicRecreated'));
  });

  it('adopts a topic that already exists, and reports a replication factor it cannot change as Degraded', async () => {
    const ns = await t.env.namespace('adopt');
    await t.admin.createTopic({ name: 'legacy', partitions: 1, replicationFactor: 1 });
    await t.apply('v1', ns, 'legacy', { numPartitions: 4, replicationFactor: 2 });

    const degraded = await eventually(async () => {
      const topic = await t.read(ns, 'legacy');
      expect(condition(topic, 'Degraded')).toMatchObject({ status: 'True', reason: 'ReplicationFactorDrift' });
      return topic;
    });
    expect(condition(degraded, 'Ready')).toMatchObject({ status: 'False', reason: 'ReplicationFactorDrift' });
    expect(degraded.status).toMatchObject({ partitions: 4, replicationFactor: 1 });
    // What can be fixed is: the partitions grew all the same.
    expect(onBroker('legacy')).toMatchObject({ partitions: 4, replicationFactor: 1 });
    await eventually(async () =>
      expect((await t.events(ns)).map((e) => e.reason)).toEqual(expect.arrayContaining(['TopicAdopted', 'PartitionsIncreased', 'ReplicationFactorDrift'])),
    );
  });

  it('gives a topic named in two namespaces to the older KafkaTopic, and keeps it while the other still names it', async () => {
    const first = await t.env.namespace('claim-a');
    const second = await t.env.namespace('claim-b');
    await t.apply('v1', first, 'shared', { numPartitions: 2 });
    await ready(first, 'shared');
    await t.apply('v1', second, 'shared', { numPartitions: 6 });
    await eventually(async () => expect(condition(await t.read(second, 'shared'), 'Degraded')).toMatchObject({ status: 'True', reason: 'TopicConflict' }));
    expect(onBroker('shared')?.partitions).toBe(2);

    await t.env.kubectl(['delete', 'kafkatopic', 'shared', '-n', first]);
    expect(onBroker('shared')).toBeDefined();
    // On its next resync the remaining KafkaTopic manages the topic and grows it.
    await ready(second, 'shared');
    expect(onBroker('shared')?.partitions).toBe(6);
    await eventually(async () =>
      expect((await t.events(second)).map((e) => e.reason)).toEqual(expect.arrayContaining(['TopicConflict', 'TopicAdopted', 'PartitionsIncreased'])),
    );
  });
});
