import { isAlreadyExists, isConflict, isInvalid, isNotFound, StatusError, type WatchEvent } from '@dojo/kube-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultInjector } from '../controller/faults.ts';
import { createRuntimeMetrics } from '../metrics/runtime-metrics.ts';
import { Journal } from '../telemetry/journal.ts';
import { reconcileContext } from '../telemetry/reconcile-context.ts';
import type { ApiCallRecord, ConflictRecord } from '../telemetry/records.ts';
import { configMap, deployment, type ConfigMap } from '../testing/fixtures.ts';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { discover } from './discovery.ts';
import { KubeClient } from './kube-client.ts';
import { builtinTypes } from './resource-type.ts';

const { configMaps, deployments, namespaces } = builtinTypes;
const ns = 'client-test';

let server: TestApiServer;
let client: KubeClient;
const journal = new Journal();
const metrics = createRuntimeMetrics();
const faults = new FaultInjector();

const inReconcile = <T>(fn: () => Promise<T>, reconcileId = 'r-1'): Promise<T> =>
  reconcileContext.run({ controller: 'dojo', reconcileId, worker: 0, key: `${ns}/subject` }, fn);

const recorded = <T extends 'api-call' | 'conflict'>(type: T, reconcileId: string) =>
  journal.query({ types: [type] }).records.filter((r) => 'reconcileId' in r && r.reconcileId === reconcileId) as (T extends 'api-call'
    ? ApiCallRecord
    : ConflictRecord)[];

beforeAll(async () => {
  server = await startTestApiServer();
  client = await KubeClient.create({
    kubeConfig: server.kubeConfig(),
    journal,
    metrics: metrics.restClient,
    writeFaults: (controller) => (controller === 'dojo' ? faults : undefined),
  });
  await client.create(namespaces, { metadata: { name: ns } });
});

afterAll(async () => {
  client?.close();
  await server?.stop();
});

describe('KubeClient', () => {
  it('creates, reads, lists, updates and deletes an object', async () => {
    const created = await client.create(configMaps, configMap(ns, 'crud', { a: '1' }));
    expect(created.metadata.uid).toBeTruthy();

    const read = await client.get<ConfigMap>(configMaps, { namespace: ns, name: 'crud' });
    expect(read.data).toEqual({ a: '1' });

    const updated = await client.update(configMaps, { ...read, data: { a: '2' } });
    expect(updated.metadata.resourceVersion).not.toBe(read.metadata.resourceVersion);

    const list = await client.list<ConfigMap>(configMaps, { namespace: ns, fieldSelector: 'metadata.name=crud' });
    expect(list.items.map((i) => i.data)).toEqual([{ a: '2' }]);
    expect(list.items.map((i) => [i.apiVersion, i.kind])).toEqual([['v1', 'ConfigMap']]);
    expect(list.metadata.resourceVersion).toBeTruthy();

    await client.delete(configMaps, { namespace: ns, name: 'crud' });
    await expect(client.get(configMaps, { namespace: ns, name: 'crud' })).rejects.toSatisfy(isNotFound);
  });

  it('pages through a list with limit and continue', async () => {
    for (const name of ['page-a', 'page-b', 'page-c']) await client.create(configMaps, configMap(ns, name, {}, { labels: { paged: 'yes' } }));
    const first = await client.list(configMaps, { namespace: ns, labelSelector: 'paged=yes', limit: 2 });
    const second = await client.list(configMaps, { namespace: ns, labelSelector: 'paged=yes', limit: 2, continue: first.metadata.continue });
    expect([...first.items, ...second.items].map((i) => i.metadata.name)).toEqual(['page-a', 'page-b', 'page-c']);
    expect(second.metadata.continue).toBeUndefined();
  });

  it('throws the API’s StatusError, decoded from the Status body', async () => {
    await client.create(configMaps, configMap(ns, 'twice'));
    const duplicate = await client.create(configMaps, configMap(ns, 'twice')).catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(StatusError);
    expect(isAlreadyExists(duplicate)).toBe(true);
    expect((duplicate as StatusError).message).toBe('configmaps "twice" already exists');

    const invalid = await client.create(deployments, { ...deployment(ns, 'no-selector'), spec: { replicas: -1 } }).catch((e: unknown) => e);
    expect(isInvalid(invalid)).toBe(true);
    expect((invalid as StatusError).status.details?.causes?.map((c) => c.field)).toContain('spec.replicas');
  });

  it('writes status through the status subresource, which ignores spec changes', async () => {
    const created = await client.create(deployments, deployment(ns, 'web', 2));
    const withStatus = await client.updateStatus(deployments, {
      ...created,
      spec: { ...(created.spec as object), replicas: 9 },
      status: { replicas: 2, readyReplicas: 1 },
    });
    expect(withStatus.status).toMatchObject({ readyReplicas: 1 });
    expect((withStatus.spec as { replicas: number }).replicas).toBe(2);
  });

  it('patches with merge, JSON and server-side apply', async () => {
    await client.create(configMaps, configMap(ns, 'patched', { a: '1' }));
    const key = { namespace: ns, name: 'patched' };
    await client.patch(configMaps, key, { type: 'merge', body: { data: { b: '2' } } });
    await client.patch(configMaps, key, { type: 'json', operations: [{ op: 'remove', path: '/data/a' }] });
    const applied = await client.patch<ConfigMap>(
      configMaps,
      key,
      { type: 'apply', body: configMap(ns, 'patched', { c: '3' }) },
      { fieldManager: 'applier', force: true },
    );
    expect(applied.data).toEqual({ b: '2', c: '3' });
    expect(applied.metadata.managedFields?.map((m) => m.manager)).toContain('applier');
  });

  it('deletes only when the preconditions still hold', async () => {
    const created = await client.create(configMaps, configMap(ns, 'guarded'));
    await client.update(configMaps, { ...created, data: { moved: 'on' } });
    const stale = { preconditions: { resourceVersion: created.metadata.resourceVersion } };
    await expect(client.delete(configMaps, { namespace: ns, name: 'guarded' }, stale)).rejects.toSatisfy(isConflict);
    await client.delete(configMaps, { namespace: ns, name: 'guarded' }, { propagationPolicy: 'Background' });
  });

  it('streams watch events after a resourceVersion until aborted', async () => {
    const start = await client.list(configMaps, { namespace: ns });
    const abort = new AbortController();
    const seen: WatchEvent[] = [];
    const watching = (async () => {
      for await (const event of client.watch(configMaps, { namespace: ns, resourceVersion: start.metadata.resourceVersion, signal: abort.signal })) {
        seen.push(event);
        if (seen.length === 2) abort.abort();
      }
    })().catch((error: unknown) => error);
    const created = await client.create(configMaps, configMap(ns, 'watched'));
    await client.delete(configMaps, { namespace: ns, name: 'watched' });
    expect(String(await watching)).toMatch(/abort/i);
    expect(seen.map((e) => [e.type, e.object.metadata.name])).toEqual([
      ['ADDED', 'watched'],
      ['DELETED', 'watched'],
    ]);
    expect(seen[0]?.object.metadata.resourceVersion).toBe(created.metadata.resourceVersion);
  });

  it('journals each call made inside a reconcile, attributed to it, with the versions sent and returned', async () => {
    const created = await inReconcile(() => client.create(configMaps, configMap(ns, 'journaled')), 'r-journal');
    await inReconcile(() => client.update(configMaps, { ...created, data: { x: '1' } }), 'r-journal');
    await client.get(configMaps, { namespace: ns, name: 'journaled' });

    const calls = recorded('api-call', 'r-journal');
    expect(calls.map((c) => [c.verb, c.resource, c.name, c.code, c.fieldManager])).toEqual([
      ['create', 'configmaps', 'journaled', 201, 'dojo'],
      ['update', 'configmaps', 'journaled', 200, 'dojo'],
    ]);
    expect(calls[1]?.rvSent).toBe(created.metadata.resourceVersion);
    expect(calls[1]?.rvReturned).not.toBe(created.metadata.resourceVersion);
    expect(calls.every((c) => c.controller === 'dojo' && c.key === `${ns}/subject` && c.worker === 0)).toBe(true);
  });

  it('journals a 409 on a stale write as a conflict naming the version and the writer that won', async () => {
    // With data, so the create records a managedFields entry: an object created with no field of
    // its own has none, and then (as in kube) no update starts them, so no writer could be named.
    const original = await client.create(configMaps, configMap(ns, 'contested', { by: 'creator' }));
    const winner = await client.update(configMaps, { ...original, data: { by: 'other' } }, { fieldManager: 'other-controller' });
    const error = await inReconcile(() => client.update(configMaps, { ...original, data: { by: 'dojo' } }), 'r-conflict').catch((e: unknown) => e);

    expect(isConflict(error)).toBe(true);
    expect(recorded('api-call', 'r-conflict').map((c) => c.code)).toEqual([409]);
    expect(recorded('conflict', 'r-conflict')).toEqual([
      expect.objectContaining({
        key: `${ns}/contested`,
        resource: 'configmaps',
        staleRV: original.metadata.resourceVersion,
        currentRV: winner.metadata.resourceVersion,
        currentManager: 'other-controller',
      }),
    ]);
  });

  it('fails a write with an injected conflict without sending it, and says so in the journal', async () => {
    const created = await client.create(configMaps, configMap(ns, 'injected'));
    faults.set({ conflictNextWrites: 1 });
    const error = await inReconcile(() => client.update(configMaps, { ...created, data: { never: 'sent' } }), 'r-injected').catch((e: unknown) => e);
    const second = await inReconcile(() => client.update(configMaps, { ...created, data: { sent: 'yes' } }), 'r-injected');

    expect(isConflict(error)).toBe(true);
    expect((error as StatusError).message).toBe(
      'Operation cannot be fulfilled on configmaps "injected": the object has been modified; please apply your changes to the latest version and try again',
    );
    expect(second.data).toEqual({ sent: 'yes' });
    expect(recorded('api-call', 'r-injected').map((c) => [c.code, c.injected])).toEqual([
      [409, true],
      [200, undefined],
    ]);
    expect(recorded('conflict', 'r-injected')).toEqual([expect.objectContaining({ injected: true, staleRV: created.metadata.resourceVersion })]);
    expect(faults.state().injected.conflicts).toBe(1);
  });

  it('counts every request in rest_client_requests_total by code, method and host', async () => {
    await client.get(configMaps, { namespace: ns, name: 'absent' }).catch(() => undefined);
    const text = await metrics.scrape();
    expect(text).toContain(`rest_client_requests_total{code="404",method="GET",host="${client.host}"}`);
    expect(text).toContain(`rest_client_requests_total{code="201",method="POST",host="${client.host}"}`);
  });

  it('discovers the resource types the server serves', async () => {
    const registry = await discover(client);
    expect(registry.byKind('coordination.k8s.io/v1', 'Lease')).toEqual(builtinTypes.leases);
    expect(registry.byResource('', 'v1', 'namespaces')?.namespaced).toBe(false);
    expect(registry.all().some((t: { resource: string }) => t.resource.includes('/'))).toBe(false);
  });
});
