import { afterEach, describe, expect, it } from 'vitest';
import { KafkaAdminClient, type KafkaAdminCallRecord } from './kafka-admin-client.ts';
import { isUnknownTopic, KafkaAdminError } from './kafka-admin-error.ts';
import { startKafkaBrokerSimulator, type KafkaBrokerSimulator, type KafkaBrokerSimulatorOptions } from './kafka-broker-simulator.ts';

let sim: KafkaBrokerSimulator | undefined;

afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function start(options: KafkaBrokerSimulatorOptions = {}): Promise<KafkaBrokerSimulator> {
  sim = await startKafkaBrokerSimulator({ seed: 1, ...options });
  return sim;
}

describe('KafkaAdminClient', () => {
  it('sends the token a protected simulator asks for', async () => {
    const { url } = await start({ token: 't0ken' });
    expect(await new KafkaAdminClient({ baseUrl: url, token: 't0ken' }).listTopics()).toEqual([]);
    await expect(new KafkaAdminClient({ baseUrl: url }).listTopics()).rejects.toMatchObject({ status: 401 });
  });

  it('finds the cluster by itself, then creates, grows, configures, describes, lists and deletes a topic', async () => {
    const { url } = await start({ clusterId: 'lkc-test' });
    const calls: KafkaAdminCallRecord[] = [];
    const admin = new KafkaAdminClient({ baseUrl: url, onCall: (call) => calls.push(call) });

    expect(await admin.createTopic({ name: 'orders', partitions: 3, replicationFactor: 2, configs: { 'retention.ms': '60000' } })).toEqual({
      name: 'orders',
      partitions: 3,
      replicationFactor: 2,
      configs: { 'retention.ms': '60000' },
    });
    expect(calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual(['GET /v3/clusters 200', 'POST /v3/clusters/lkc-test/topics 201']);

    await admin.createPartitions('orders', 6);
    await admin.setConfigs('orders', { 'cleanup.policy': 'compact' });
    // Only the configs set on the topic, not the broker's defaults.
    expect(await admin.describeTopic('orders')).toEqual({
      name: 'orders',
      partitions: 6,
      replicationFactor: 2,
      configs: { 'retention.ms': '60000', 'cleanup.policy': 'compact' },
    });
    expect(await admin.listTopics()).toEqual(['orders']);

    await admin.deleteTopic('orders');
    const gone = await admin.describeTopic('orders').catch((e: unknown) => e);
    expect(isUnknownTopic(gone)).toBe(true);
    expect(calls.filter((c) => c.path === '/v3/clusters')).toHaveLength(1);
  });

  it('hands back a 429 at once with its Retry-After, and a refusal with the Kafka exception it names', async () => {
    const { url } = await start({ faults: { throttleRate: 1, retryAfterSeconds: 7 } });
    const admin = new KafkaAdminClient({ baseUrl: url, clusterId: 'dojo-kafka-sim' });
    const started = performance.now();
    await expect(admin.listTopics()).rejects.toMatchObject({
      status: 429,
      errorCode: 42901,
      retryAfterSeconds: 7,
      method: 'GET',
      path: '/v3/clusters/dojo-kafka-sim/topics',
    });
    expect(performance.now() - started).toBeLessThan(1000);

    sim!.setFaults({ throttleRate: 0 });
    await expect(admin.createTopic({ name: 'wide', partitions: 1, replicationFactor: 5 })).rejects.toMatchObject({
      status: 400,
      exception: 'InvalidReplicationFactorException',
      message: 'Replication factor: 5 larger than available brokers: 3.',
    });
  });

  it('reports a proxy it cannot reach, or one too slow to answer, as status 0', async () => {
    const { url } = await start({ faults: { latencyMs: 500 } });
    const slow = new KafkaAdminClient({ baseUrl: url, clusterId: 'dojo-kafka-sim', timeoutMs: 50 });
    await expect(slow.listTopics()).rejects.toMatchObject({ status: 0, message: 'no answer within 50 ms' });

    await sim!.close();
    const error = await new KafkaAdminClient({ baseUrl: url, clusterId: 'dojo-kafka-sim' }).listTopics().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KafkaAdminError);
    expect(error).toMatchObject({ status: 0, message: 'the Kafka REST proxy could not be reached: ECONNREFUSED' });
  });

  it('stops at once when the caller aborts', async () => {
    const { url } = await start({ faults: { latencyMs: 2000 } });
    const admin = new KafkaAdminClient({ baseUrl: url, clusterId: 'dojo-kafka-sim' });
    const controller = new AbortController();
    const pending = admin.listTopics(controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ status: 0, message: 'the request was aborted' });
  });
});
