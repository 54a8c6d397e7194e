/** The seeds' example operators behind the console: Application (seed 003) and Fruit (seed 001). */
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
  it('runs the Application operator next to the Dojo operator', async () => {
    const res = await c.http('GET', '/api/controllers');
    expect(res.body.controllers.map((x: { role: string; name: string }) => `${x.role}:${x.name}`)).toContain('operator:application');
  });

  it('turns an Application into a Deployment and a Service that become Available on the simulated cluster', async () => {
    await c.kubectl(['apply', '-f', '-'], JSON.stringify({ apiVersion: 'minetto.dev/v1alpha1', kind: 'Application', metadata: { name: 'web', namespace: 'default' }, spec: { image: 'nginx:1.27', replicas: 2, port: 80 } }));
    await c.kubectl(['wait', '--for=condition=Available', 'application/web', '--timeout=60s']);
    const deployment = JSON.parse(await c.kubectl(['get', 'deployment', 'web', '-o', 'json']));
    expect(deployment.metadata.ownerReferences[0]).toMatchObject({ kind: 'Application', name: 'web', controller: true });
    const service = JSON.parse(await c.kubectl(['get', 'service', 'web', '-o', 'json']));
    expect(service.spec.ports[0]).toMatchObject({ port: 80 });
  }, 90_000);

  it('stores and validates Fruit objects, which have no controller', async () => {
    const fruit = (name: string, weight: number) => JSON.stringify({ apiVersion: 'user.k8sasdb.org/v1', kind: 'Fruit', metadata: { name, namespace: 'default' }, spec: { comment: 'crisp', sweetness: true, weight } });
    expect((await c.kubectl(['apply', '-f', '-'], fruit('apple', 150))).trim()).toBe('fruit.user.k8sasdb.org/apple created');
    await expect(c.kubectl(['apply', '-f', '-'], fruit('stone', 0))).rejects.toThrow(/spec.weight: Invalid value: 0: spec.weight in body should be greater than or equal to 1/);
    const table = await c.kubectl(['get', 'fruits']);
    expect(table.split('\n')[0]!.split(/\s+/).slice(0, 3)).toEqual(['NAME', 'WEIGHT', 'SWEET']);
  });
});
