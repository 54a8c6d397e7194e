import { afterEach, describe, expect, it } from 'vitest';
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

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sim!.url}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: text ? (JSON.parse(text) as any) : undefined };
}

const topics = (cluster = 'dojo-kafka-sim') => `/v3/clusters/${cluster}/topics`;

describe('Kafka broker simulator over HTTP', () => {
  it('lists its one cluster, then creates, describes, lists and deletes a topic in REST Proxy v3 shapes', async () => {
    await start();
    expect((await call('GET', '/v3/clusters')).body.data).toMatchObject([{ kind: 'KafkaCluster', cluster_id: 'dojo-kafka-sim' }]);

    const created = await call('POST', topics(), {
      topic_name: 'orders',
      partitions_count: 3,
      replication_factor: 2,
      configs: [{ name: 'retention.ms', value: '3600000' }],
    });
    expect(created).toMatchObject({
      status: 201,
      body: { kind: 'KafkaTopic', topic_name: 'orders', partitions_count: 3, replication_factor: 2, is_internal: false },
    });
    expect(created.body.metadata.self).toBe(`${sim!.url}${topics()}/orders`);

    expect((await call('GET', `${topics()}/orders`)).body).toMatchObject({ topic_name: 'orders', partitions_count: 3, replication_factor: 2 });
    const configs = (await call('GET', `${topics()}/orders/configs`)).body.data;
    expect(configs.find((c: any) => c.name === 'retention.ms')).toMatchObject({ value: '3600000', is_default: false, source: 'DYNAMIC_TOPIC_CONFIG' });
    expect(configs.find((c: any) => c.name === 'cleanup.policy')).toMatchObject({ value: 'delete', is_default: true, source: 'DEFAULT_CONFIG' });
    expect((await call('GET', topics())).body).toMatchObject({ kind: 'KafkaTopicList', data: [{ topic_name: 'orders' }] });

    expect((await call('DELETE', `${topics()}/orders`)).status).toBe(204);
    expect((await call('GET', topics())).body.data).toEqual([]);
  });

  it('answers 409 for a topic that exists and 404 for one that does not, or for another cluster', async () => {
    await start();
    await call('POST', topics(), { topic_name: 'orders', partitions_count: 1, replication_factor: 1 });
    expect(await call('POST', topics(), { topic_name: 'orders', partitions_count: 1, replication_factor: 1 })).toMatchObject({
      status: 409,
      body: { error_code: 40902, message: "Topic 'orders' already exists.", kafka_exception: 'TopicExistsException' },
    });
    const missing = { status: 404, body: { error_code: 40403, message: 'This server does not host this topic-partition.' } };
    expect(await call('GET', `${topics()}/nope`)).toMatchObject(missing);
    expect(await call('DELETE', `${topics()}/nope`)).toMatchObject(missing);
    expect(await call('PATCH', `${topics()}/nope`, { partitions_count: 2 })).toMatchObject(missing);
    expect(await call('GET', topics('other'))).toMatchObject({ status: 404, body: { message: 'Cluster other cannot be found.' } });
  });

  it('only ever adds partitions, refusing anything else with InvalidPartitionsException wording', async () => {
    await start();
    await call('POST', topics(), { topic_name: 'orders', partitions_count: 3, replication_factor: 1 });
    expect(await call('PATCH', `${topics()}/orders`, { partitions_count: 5 })).toMatchObject({ status: 200, body: { partitions_count: 5 } });
    expect(await call('PATCH', `${topics()}/orders`, { partitions_count: 2 })).toMatchObject({
      status: 400,
      body: {
        error_code: 40002,
        kafka_exception: 'InvalidPartitionsException',
        message: 'Topic currently has 5 partitions, which is higher than the requested 2.',
      },
    });
    expect((await call('PATCH', `${topics()}/orders`, { partitions_count: 5 })).body.message).toBe('Topic already has 5 partitions.');
    expect(sim!.state().topics).toEqual([{ name: 'orders', partitions: 5, replicationFactor: 1, configs: {} }]);
  });

  it('refuses a replication factor above its broker count with InvalidReplicationFactorException wording', async () => {
    await start({ brokers: 3 });
    expect(await call('POST', topics(), { topic_name: 'wide', partitions_count: 1, replication_factor: 4 })).toMatchObject({
      status: 400,
      body: { error_code: 40002, kafka_exception: 'InvalidReplicationFactorException', message: 'Replication factor: 4 larger than available brokers: 3.' },
    });
    expect((await call('POST', topics(), { topic_name: 'wide', partitions_count: 1, replication_factor: 3 })).status).toBe(201);
  });

  it('checks topic names and configs the way Kafka does', async () => {
    await start();
    const create = (topic_name: string, configs: unknown[] = []) => call('POST', topics(), { topic_name, partitions_count: 1, replication_factor: 1, configs });
    expect((await create('..')).body).toMatchObject({ kafka_exception: 'InvalidTopicException', message: 'Topic name cannot be "." or ".."' });
    expect((await create('a/b')).body.message).toBe(`Topic name "a/b" is illegal, it contains a character other than ASCII alphanumerics, '.', '_' and '-'`);
    expect((await create('x'.repeat(250))).body.message).toMatch(/^Topic name is illegal, it can't be longer than 249 characters/);
    expect((await create('ok', [{ name: 'retention.days', value: '1' }])).body).toMatchObject({
      kafka_exception: 'InvalidConfigurationException',
      message: 'Unknown topic config name: retention.days',
    });
    expect((await create('ok', [{ name: 'cleanup.policy', value: 'forever' }])).body.message).toBe('Invalid value forever for configuration cleanup.policy');
    expect(sim!.state().topics).toEqual([]);

    await create('ok');
    expect((await call('POST', `${topics()}/ok/configs:alter`, { data: [{ name: 'cleanup.policy', value: 'compact' }] })).status).toBe(204);
    expect(sim!.state().topics[0]!.configs).toEqual({ 'cleanup.policy': 'compact' });
    expect((await call('POST', `${topics()}/ok/configs:alter`, { data: [{ name: 'cleanup.policy', operation: 'DELETE' }] })).status).toBe(204);
    expect(sim!.state().topics[0]!.configs).toEqual({});
  });

  it("answers a malformed request 400 and an unknown route 404, in the proxy's error shape", async () => {
    await start();
    expect(await call('POST', topics(), '{"topic_name":')).toMatchObject({
      status: 400,
      body: { error_code: 400, message: 'the request body is not valid JSON' },
    });
    expect(await call('POST', topics(), { partitions_count: 1 })).toMatchObject({ status: 400, body: { message: 'topic_name is required' } });
    expect(await call('GET', '/v2/topics')).toMatchObject({ status: 404, body: { error_code: 404, message: 'HTTP 404 Not Found' } });
    expect((await call('PUT', topics())).status).toBe(405);
  });
});

describe('Kafka broker simulator fault knobs', () => {
  it('fails admin requests 500, throttles them 429 with Retry-After, or answers 503 while unavailable; /_sim is never affected', async () => {
    await start({ faults: { errorRate: 1 } });
    expect(await call('GET', topics())).toMatchObject({ status: 500, body: { error_code: 50003, kafka_exception: 'TimeoutException' } });

    expect((await call('PUT', '/_sim/faults', { errorRate: 0, throttleRate: 1, retryAfterSeconds: 2 })).body).toMatchObject({
      errorRate: 0,
      throttleRate: 1,
      retryAfterSeconds: 2,
    });
    expect(await call('GET', topics())).toMatchObject({
      status: 429,
      retryAfter: '2',
      body: { error_code: 42901, message: 'The throttling quota has been exceeded.' },
    });

    sim!.setFaults({ throttleRate: 0, unavailable: true });
    expect(await call('GET', topics())).toMatchObject({ status: 503, body: { error_code: 50302, message: 'The broker is not available.' } });
    expect((await call('GET', '/_sim/state')).status).toBe(200);

    sim!.setFaults({ unavailable: false });
    expect((await call('GET', topics())).status).toBe(200);
    expect((await call('GET', '/_sim/state')).body.requests).toEqual({ total: 4, injectedErrors: 1, throttled: 1, unavailable: 1 });
  });

  it('fails about the share of requests it is told to, the same way for the same seed', async () => {
    const outcomes = async (seed: number) => {
      await sim?.close();
      await start({ seed, faults: { errorRate: 0.3, throttleRate: 0.2 } });
      const statuses: number[] = [];
      for (let i = 0; i < 200; i++) statuses.push((await call('GET', topics())).status);
      return statuses;
    };
    const first = await outcomes(42);
    expect(await outcomes(42)).toEqual(first);
    const share = (status: number) => first.filter((s) => s === status).length / first.length;
    expect(share(500)).toBeGreaterThan(0.2);
    expect(share(500)).toBeLessThan(0.4);
    expect(share(429)).toBeGreaterThan(0.12);
    expect(share(429)).toBeLessThan(0.28);
  });

  it('delays admin requests by latencyMs', async () => {
    await start({ faults: { latencyMs: 150 } });
    const started = performance.now();
    await call('GET', topics());
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('refuses a knob out of range with a 400 naming it, and changes nothing', async () => {
    await start();
    expect(await call('PUT', '/_sim/faults', { errorRate: 2 })).toMatchObject({ status: 400, body: { message: 'errorRate must be a number from 0 to 1' } });
    expect((await call('PUT', '/_sim/faults', { errorRate: 0.6, throttleRate: 0.6 })).body.message).toBe('errorRate + throttleRate must not exceed 1');
    expect((await call('PUT', '/_sim/faults', { retryAfterSeconds: 0.5 })).body.message).toBe('retryAfterSeconds must be an integer from 0 to 3600');
    expect((await call('PUT', '/_sim/faults', { flaky: true })).body.message).toMatch(/^unknown fault setting flaky/);
    expect((await call('GET', '/_sim/faults')).body).toEqual({ errorRate: 0, throttleRate: 0, latencyMs: 0, retryAfterSeconds: 1, unavailable: false });
  });

  it('forgets every topic on DELETE /_sim/state', async () => {
    await start();
    await call('POST', topics(), { topic_name: 'orders', partitions_count: 1, replication_factor: 1 });
    expect((await call('DELETE', '/_sim/state')).status).toBe(204);
    expect((await call('GET', '/_sim/state')).body).toMatchObject({ clusterId: 'dojo-kafka-sim', brokers: 3, topics: [] });
  });
});

describe('Kafka broker simulator guards', () => {
  /** node:http, because fetch will not send a Host header of the caller's choosing. */
  async function raw(method: string, path: string, headers: Record<string, string>, body?: string) {
    const { request } = await import('node:http');
    return new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = request(`${sim!.url}${path}`, { method, headers }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  it('answers only its own loopback Host names, so a rebinding page cannot turn its knobs', async () => {
    await start();
    expect(await raw('PUT', '/_sim/faults', { Host: 'evil.example', 'Content-Type': 'application/json' }, '{"errorRate":1}')).toMatchObject({
      status: 421,
      body: { error_code: 421, message: 'HTTP 421 Misdirected Request' },
    });
    expect(sim!.faults().errorRate).toBe(0);
  });

  it('with a token, refuses the admin API and its own endpoints without it', async () => {
    await start({ token: 's3cret' });
    expect((await raw('GET', '/v3/clusters', {})).status).toBe(401);
    expect(await raw('PUT', '/_sim/faults', { Authorization: 'Bearer wrong', 'Content-Type': 'application/json' }, '{"errorRate":1}')).toMatchObject({
      status: 401,
      body: { error_code: 401 },
    });
    expect(sim!.faults().errorRate).toBe(0);
    expect((await raw('GET', '/v3/clusters', { Authorization: 'Bearer s3cret' })).status).toBe(200);
  });
});
