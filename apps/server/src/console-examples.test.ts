/**
 * The seeds' example operators behind the console: Application (seed 003), SecSynch and Fruit
 * (seed 001), KafkaTopic (seed 004).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

describe('example operators', () => {
  it('runs every example operator next to the Dojo operator', async () => {
    const res = await c.http('GET', '/api/controllers');
    expect(res.body.controllers.map((x: { role: string; name: string }) => `${x.role}:${x.name}`)).toEqual(
      expect.arrayContaining(['operator:dojo', 'operator:application', 'operator:secsynch', 'operator:kafkatopic']),
    );
  });

  it('turns an Application into a Deployment and a Service that become Available on the simulated cluster', async () => {
    await c.kubectl(
      ['apply', '-f', '-'],
      JSON.stringify({
        apiVersion: 'minetto.dev/v1alpha1',
        kind: 'Application',
        metadata: { name: 'web', namespace: 'default' },
        spec: { image: 'nginx:1.27', replicas: 2, port: 80 },
      }),
    );
    await c.kubectl(['wait', '--for=condition=Available', 'application/web', '--timeout=60s']);
    const deployment = JSON.parse(await c.kubectl(['get', 'deployment', 'web', '-o', 'json']));
    expect(deployment.metadata.ownerReferences[0]).toMatchObject({ kind: 'Application', name: 'web', controller: true });
    const service = JSON.parse(await c.kubectl(['get', 'service', 'web', '-o', 'json']));
    expect(service.spec.ports[0]).toMatchObject({ port: 80 });
  }, 90_000);

  it('stores and validates Fruit objects, which have no controller', async () => {
    const fruit = (name: string, weight: number) =>
      JSON.stringify({
        apiVersion: 'user.k8sasdb.org/v1',
        kind: 'Fruit',
        metadata: { name, namespace: 'default' },
        spec: { comment: 'crisp', sweetness: true, weight },
      });
    expect((await c.kubectl(['apply', '-f', '-'], fruit('apple', 150))).trim()).toBe('fruit.user.k8sasdb.org/apple created');
    await expect(c.kubectl(['apply', '-f', '-'], fruit('stone', 0))).rejects.toThrow(
      /spec.weight: Invalid value: 0: spec.weight in body should be greater than or equal to 1/,
    );
    const table = await c.kubectl(['get', 'fruits']);
    expect(table.split('\n')[0]!.split(/\s+/).slice(0, 3)).toEqual(['NAME', 'WEIGHT', 'SWEET']);
  });

  it("copies a Secret with SecSynch, and counts the source's annotation-only edit as filtered, not reconciled", async () => {
    await c.kubectl(['create', 'namespace', 'copies-a']);
    await c.kubectl(['create', 'secret', 'generic', 'shared', '--from-literal=password=s3cr3t']);
    const secsynch = {
      apiVersion: 'tutorial.study.dev/v1alpha1',
      kind: 'SecSynch',
      metadata: { name: 'shared', namespace: 'default' },
      spec: { sourceNamespace: 'default', secretName: 'shared', destinationNamespaces: ['copies-a'] },
    };
    await c.kubectl(['apply', '-f', '-'], JSON.stringify(secsynch));
    await c.kubectl(['wait', '--for=condition=Ready', 'secsynch/shared', '--timeout=30s']);
    expect((await c.kubectl(['get', 'secret', 'shared', '-n', 'copies-a', '-o', 'jsonpath={.data.password}'])).trim()).toBe(
      Buffer.from('s3cr3t').toString('base64'),
    );

    const before = (await c.http('GET', '/api/controllers/secsynch')).body;
    await c.kubectl(['annotate', 'secret', 'shared', 'note=irrelevant']);
    const secretFiltered = (body: { watches: { kind: string; byType: { update: { dropped: number } } }[] }) =>
      body.watches.find((w) => w.kind === 'Secret')!.byType.update.dropped;
    await expect
      .poll(async () => secretFiltered((await c.http('GET', '/api/controllers/secsynch')).body), { timeout: 10_000 })
      .toBeGreaterThan(secretFiltered(before));
    const after = (await c.http('GET', '/api/controllers/secsynch')).body;
    expect(after.counts.reconciles).toBe(before.counts.reconciles);
    expect(after.filteredEvents).toBeGreaterThan(before.filteredEvents);
  });

  it("manages a KafkaTopic on the broker simulator, and the API server refuses shrinking it with the CRD's CEL message", async () => {
    const topic = (partitions: number) =>
      JSON.stringify({
        apiVersion: 'kafka.example.com/v1',
        kind: 'KafkaTopic',
        metadata: { name: 'orders', namespace: 'default' },
        spec: { numPartitions: partitions, replicationFactor: 2 },
      });
    await c.kubectl(['apply', '-f', '-'], topic(3));
    await c.kubectl(['wait', '--for=condition=Ready', 'kafkatopic/orders', '--timeout=30s']);
    expect(c.kafka!.state().topics.find((t) => t.name === 'orders')).toMatchObject({ partitions: 3, replicationFactor: 2 });
    await expect(c.kubectl(['apply', '-f', '-'], topic(1))).rejects.toThrow(
      'spec.numPartitions: Invalid value: "integer": numPartitions may only grow: Kafka cannot remove partitions',
    );
  });
});
