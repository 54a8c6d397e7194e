import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../testing/eventually.ts';
import { kafkaTopicType, type KafkaTopic } from './kafkatopic.ts';
import { condition, startKafkaTopicTestEnv, type KafkaTopicTestEnv } from './testing/kafkatopic-test-env.ts';

let t: KafkaTopicTestEnv;

beforeAll(async () => {
  t = await startKafkaTopicTestEnv({ seed: 11 });
}, 30_000);

afterEach(() => {
  t.broker.setFaults({ errorRate: 0, throttleRate: 0, unavailable: false, latencyMs: 0 });
});

afterAll(async () => {
  await t?.stop();
});

const kafkaTopic = (namespace: string, name: string, spec: Partial<KafkaTopic['spec']> = {}): KafkaTopic => ({
  apiVersion: 'kafka.example.com/v1',
  kind: 'KafkaTopic',
  metadata: { namespace, name },
  spec: { numPartitions: 3, replicationFactor: 2, ...spec },
});

describe('KafkaTopicReconciler against a failing broker', () => {
  it('brings ten topics to Ready through 30% errors and 20% throttling', async () => {
    const ns = await t.env.namespace('flaky');
    t.broker.setFaults({ errorRate: 0.3, throttleRate: 0.2, retryAfterSeconds: 1 });
    const names = Array.from({ length: 10 }, (_, i) => `flaky-${i}`);
    await Promise.all(names.map((name, i) => t.env.api.create(kafkaTopicType, kafkaTopic(ns, name, { numPartitions: i + 1 }))));

    await eventually(
      async () => {
        const topics = (await t.env.api.list<KafkaTopic>(kafkaTopicType, { namespace: ns })).items;
        expect(topics.map((topic) => [topic.metadata.name, condition(topic, 'Ready')?.status])).toEqual(names.map((name) => [name, 'True']));
      },
      { timeout: 25_000, interval: 200 },
    );
    const onBroker = t.broker.state().topics.filter((topic) => topic.name.startsWith('flaky-'));
    expect(onBroker.map((topic) => [topic.name, topic.partitions])).toEqual(names.map((name, i) => [name, i + 1]));
    // The faults did fire: the operator got through them, not around them.
    expect(t.broker.state().requests).toMatchObject({ injectedErrors: expect.any(Number), throttled: expect.any(Number) });
    expect(t.broker.state().requests.injectedErrors).toBeGreaterThan(0);
    expect(t.broker.state().requests.throttled).toBeGreaterThan(0);
  }, 30_000);

  it("reports a replicationFactor above the broker count as Degraded with the broker's reason and message", async () => {
    const ns = await t.env.namespace('too-wide');
    await t.env.api.create(kafkaTopicType, kafkaTopic(ns, 'wide', { replicationFactor: 4 }));
    const degraded = await eventually(async () => {
      const topic = await t.env.api.get<KafkaTopic>(kafkaTopicType, { namespace: ns, name: 'wide' });
      expect(condition(topic, 'Degraded')).toMatchObject({
        status: 'True',
        reason: 'InvalidReplicationFactor',
        message: 'Replication factor: 4 larger than available brokers: 3.',
      });
      return topic;
    });
    expect(condition(degraded, 'Ready')).toMatchObject({ status: 'False', reason: 'InvalidReplicationFactor' });
    expect(t.broker.state().topics.find((topic) => topic.name === 'wide')).toBeUndefined();
    await eventually(async () =>
      expect(await t.events(ns)).toContainEqual({
        type: 'Warning',
        reason: 'InvalidReplicationFactor',
        message: 'Replication factor: 4 larger than available brokers: 3.',
      }),
    );
  });

  it('is Degraded BrokerUnavailable while the broker is down, and Ready once it is back', async () => {
    const ns = await t.env.namespace('outage');
    t.broker.setFaults({ unavailable: true });
    await t.env.api.create(kafkaTopicType, kafkaTopic(ns, 'patient'));
    const down = await eventually(async () => {
      const topic = await t.env.api.get<KafkaTopic>(kafkaTopicType, { namespace: ns, name: 'patient' });
      expect(condition(topic, 'Degraded')).toMatchObject({
        status: 'True',
        reason: 'BrokerUnavailable',
        message: 'The Kafka admin API failed (503): The broker is not available.',
      });
      return topic;
    });
    expect(condition(down, 'Ready')).toMatchObject({ status: 'False', reason: 'BrokerUnavailable' });

    t.broker.setFaults({ unavailable: false });
    // The error backoff brings it back; no event from the broker could.
    const up = await eventually(async () => {
      const topic = await t.env.api.get<KafkaTopic>(kafkaTopicType, { namespace: ns, name: 'patient' });
      expect(condition(topic, 'Ready')).toMatchObject({ status: 'True' });
      return topic;
    });
    expect(condition(up, 'Degraded')).toMatchObject({ status: 'False', reason: 'AsExpected' });
  });

  it('keeps Ready from the last look while the broker is down, and says Degraded', async () => {
    const ns = await t.env.namespace('later-outage');
    await t.env.api.create(kafkaTopicType, kafkaTopic(ns, 'steady'));
    await eventually(async () =>
      expect(condition(await t.env.api.get<KafkaTopic>(kafkaTopicType, { namespace: ns, name: 'steady' }), 'Ready')?.status).toBe('True'),
    );

    t.broker.setFaults({ unavailable: true });
    // The periodic requeue finds the broker down.
    const topic = await eventually(async () => {
      const current = await t.env.api.get<KafkaTopic>(kafkaTopicType, { namespace: ns, name: 'steady' });
      expect(condition(current, 'Degraded')).toMatchObject({ status: 'True', reason: 'BrokerUnavailable' });
      return current;
    });
    expect(condition(topic, 'Ready')).toMatchObject({ status: 'True', reason: 'Synced' });
  });

  it('deletes a topic through throttling: it waits out Retry-After, then lets the KafkaTopic go', async () => {
    const ns = await t.env.namespace('throttled-delete');
    await t.env.api.create(kafkaTopicType, kafkaTopic(ns, 'slowly'));
    await eventually(async () =>
      expect(condition(await t.env.api.get<KafkaTopic>(kafkaTopicType, { namespace: ns, name: 'slowly' }), 'Ready')?.status).toBe('True'),
    );

    t.broker.setFaults({ throttleRate: 1, retryAfterSeconds: 1 });
    await t.env.api.delete(kafkaTopicType, { namespace: ns, name: 'slowly' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.broker.state().topics.find((topic) => topic.name === 'slowly')).toBeDefined();
    expect((await t.env.api.get<KafkaTopic>(kafkaTopicType, { namespace: ns, name: 'slowly' })).metadata.deletionTimestamp).toBeDefined();

    t.broker.setFaults({ throttleRate: 0 });
    await eventually(async () => {
      expect(t.broker.state().topics.find((topic) => topic.name === 'slowly')).toBeUndefined();
      await expect(t.env.api.get(kafkaTopicType, { namespace: ns, name: 'slowly' })).rejects.toMatchObject({ code: 404 });
    });
  });
});
