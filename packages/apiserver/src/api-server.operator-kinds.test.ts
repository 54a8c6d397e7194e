/**
 * The kinds operators own, watch or call beyond pods and deployments (StatefulSet, DaemonSet,
 * ControllerRevision, Job, CronJob, PVC, PV, Endpoints, Node, LimitRange, ResourceQuota) over
 * real HTTPS: every verb in JSON, every patch type, the status subresource, and the same object
 * sent and answered in protobuf, as client-go's typed clients do.
 */
import type { KubeObject } from '@dojo/kube-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeObject, encodeObject } from './http/protobuf/envelope.ts';
import { collectionPath, operatorKindSamples } from './testing/operator-kind-samples.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const pb = 'application/vnd.kubernetes.protobuf';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  expect((await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'samples' } })).status).toBe(201);
});
afterAll(async () => {
  await server?.stop();
});

const samples = Object.entries(operatorKindSamples) as [string, KubeObject][];
const named = (sample: KubeObject, name: string): KubeObject => ({ ...structuredClone(sample), metadata: { ...sample.metadata, name } });
const itemPath = (obj: KubeObject) => `${collectionPath(obj)}/${obj.metadata.name}`;
const protectionFinalizers: Record<string, string> = { PersistentVolumeClaim: 'kubernetes.io/pvc-protection', PersistentVolume: 'kubernetes.io/pv-protection' };
const withAdmissionDefaults = (obj: KubeObject): KubeObject => {
  const protection = protectionFinalizers[obj.kind ?? ''];
  if (protection) return { ...obj, metadata: { ...obj.metadata, finalizers: [protection] } };
  if (obj.kind !== 'Node') return obj;
  const taints = (obj.spec as { taints?: unknown[] } | undefined)?.taints ?? [];
  return { ...obj, spec: { ...(obj.spec as object), taints: [...taints, { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }] } };
};

describe('every verb in JSON', () => {
  it.each(samples)('creates, gets, lists, updates and deletes a %s', async (_, sample) => {
    const obj = named(sample, `${sample.metadata.name}-crud`);
    const created = await server.call('POST', collectionPath(obj), obj);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Admission adds to some kinds: a Node's not-ready taint, a claim's or volume's protection finalizer.
    expect(created.body).toMatchObject(withAdmissionDefaults(obj));

    const got = await server.call('GET', itemPath(obj));
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);

    const list = await server.call('GET', collectionPath(obj));
    expect(list.body.kind).toBe(`${sample.kind}List`);
    expect(list.body.items.map((i: KubeObject) => i.metadata.name)).toContain(obj.metadata.name);

    const changed = { ...got.body, metadata: { ...got.body.metadata, labels: { ...got.body.metadata.labels, updated: 'yes' } } };
    const updated = await server.call('PUT', itemPath(obj), changed);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.metadata.labels.updated).toBe('yes');
    // A label is not spec: kinds that track generation keep it.
    expect(updated.body.metadata.generation).toBe(created.body.metadata.generation);

    // Background, as kubectl sends: a batch/v1 Job left to its default would wait for the
    // garbage collector to orphan its pods (no collector runs here).
    const deleted = await server.call('DELETE', `${itemPath(obj)}?propagationPolicy=Background`);
    expect(deleted.status).toBe(200);
    const protection = protectionFinalizers[sample.kind ?? ''];
    if (protection) {
      // No pvc-/pv-protection controller runs here: the object stays, being deleted, until its finalizer goes.
      expect(deleted.body.metadata).toMatchObject({ finalizers: [protection], deletionTimestamp: expect.any(String) });
      const current = (await server.call('GET', itemPath(obj))).body;
      await server.call('PUT', itemPath(obj), { ...current, metadata: { ...current.metadata, finalizers: [] } });
    }
    expect((await server.call('GET', itemPath(obj))).status).toBe(404);
  });

  it.each(samples)('patches a %s with strategic merge, merge, JSON and apply patches', async (_, sample) => {
    const obj = named(sample, `${sample.metadata.name}-patch`);
    expect((await server.call('POST', collectionPath(obj), obj)).status).toBe(201);
    const patch = (type: string, body: unknown, query = '') => server.call('PATCH', `${itemPath(obj)}${query}`, body, { 'content-type': type });

    const smp = await patch('application/strategic-merge-patch+json', { metadata: { labels: { smp: 'yes' } } });
    expect(smp.status, JSON.stringify(smp.body)).toBe(200);
    const merge = await patch('application/merge-patch+json', { metadata: { labels: { merge: 'yes' } } });
    expect(merge.status).toBe(200);
    const json = await patch('application/json-patch+json', [{ op: 'add', path: '/metadata/annotations', value: { json: 'yes' } }]);
    expect(json.status).toBe(200);
    const applied = await patch(
      'application/apply-patch+yaml',
      JSON.stringify({ apiVersion: sample.apiVersion, kind: sample.kind, metadata: { name: obj.metadata.name, labels: { applied: 'yes' } } }),
      '?fieldManager=tester',
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.metadata.labels).toMatchObject({ smp: 'yes', merge: 'yes', applied: 'yes' });
    expect(applied.body.metadata.annotations).toMatchObject({ json: 'yes' });
    expect(applied.body.metadata.managedFields.map((m: { manager: string }) => m.manager)).toContain('tester');
  });
});

describe("strategic merge and apply use each kind's list keys", () => {
  it("merges a StatefulSet's containers by name and keeps its volumeClaimTemplates whole", async () => {
    const sts = named(operatorKindSamples.StatefulSet, 'web-smp');
    expect((await server.call('POST', collectionPath(sts), sts)).status).toBe(201);
    const res = await server.call(
      'PATCH',
      itemPath(sts),
      { spec: { template: { spec: { containers: [{ name: 'sidecar', image: 'example.com/sidecar:1' }] } } } },
      { 'content-type': 'application/strategic-merge-patch+json' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.spec.template.spec.containers.map((c: { name: string }) => c.name)).toEqual(['sidecar', 'app']);
    expect(res.body.spec.volumeClaimTemplates).toHaveLength(1);
    expect(res.body.metadata.generation).toBe(2);
  });

  it("merges a Node's conditions and addresses by type through /status", async () => {
    const node = named(operatorKindSamples.Node, 'node-smp');
    expect((await server.call('POST', collectionPath(node), node)).status).toBe(201);
    const res = await server.call(
      'PATCH',
      `${itemPath(node)}/status`,
      { status: { conditions: [{ type: 'MemoryPressure', status: 'False' }], addresses: [{ type: 'ExternalIP', address: '203.0.113.7' }] } },
      { 'content-type': 'application/strategic-merge-patch+json' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status.conditions.map((c: { type: string }) => c.type)).toEqual(['MemoryPressure', 'Ready']);
    expect(res.body.status.addresses.map((a: { type: string }) => a.type)).toEqual(['ExternalIP', 'InternalIP', 'Hostname']);
  });

  it("lets two managers apply different containers of a Job template's spec, owned by name", async () => {
    const apply = (manager: string, body: unknown) =>
      server.call('PATCH', `${collectionPath(operatorKindSamples.CronJob)}/ssa?fieldManager=${manager}`, JSON.stringify(body), {
        'content-type': 'application/apply-patch+yaml',
      });
    const base = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'ssa', namespace: 'samples' } };
    const template = (name: string) => ({ spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name, image: `example.com/${name}:1` }] } } } });
    expect((await apply('first', { ...base, spec: { schedule: '@hourly', jobTemplate: template('a') } })).status).toBe(201);
    const second = await apply('second', { ...base, spec: { jobTemplate: template('b') } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.spec.jobTemplate.spec.template.spec.containers.map((c: { name: string }) => c.name).sort()).toEqual(['a', 'b']);
  });
});

describe('status is written through /status only', () => {
  it("keeps a Job's status on update and writes it through /status, where spec stays", async () => {
    const job = named(operatorKindSamples.Job, 'status-job');
    const created = (await server.call('POST', collectionPath(job), job)).body;
    expect(created.status).toEqual({});
    const withStatus = { ...created, status: { active: 2, startTime: '2026-01-01T00:00:00Z' } };
    expect((await server.call('PUT', itemPath(job), withStatus)).body.status).toEqual({});
    const viaStatus = await server.call('PUT', `${itemPath(job)}/status`, { ...withStatus, spec: { ...created.spec, parallelism: 9 } });
    expect(viaStatus.status, JSON.stringify(viaStatus.body)).toBe(200);
    expect(viaStatus.body.status).toEqual({ active: 2, startTime: '2026-01-01T00:00:00Z' });
    expect(viaStatus.body.spec.parallelism).toBe(2);
  });

  it('scales a StatefulSet through /scale', async () => {
    const sts = named(operatorKindSamples.StatefulSet, 'web-scale');
    expect((await server.call('POST', collectionPath(sts), sts)).status).toBe(201);
    const scale = await server.call('GET', `${itemPath(sts)}/scale`);
    expect(scale.body).toMatchObject({ kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 2 }, status: { replicas: 0, selector: 'app=web' } });
    const res = await server.call('PATCH', `${itemPath(sts)}/scale`, { spec: { replicas: 5 } }, { 'content-type': 'application/merge-patch+json' });
    expect(res.body.spec.replicas).toBe(5);
    expect((await server.call('GET', itemPath(sts))).body.spec.replicas).toBe(5);
  });
});

describe('protobuf', () => {
  it.each(samples)('creates a %s from a protobuf body and reads it back in protobuf, field for field', async (_, sample) => {
    const obj = named(sample, `${sample.metadata.name}-pb`);
    const created = await server.call('POST', collectionPath(obj), encodeObject(obj), { 'content-type': pb, accept: `${pb},application/json` });
    expect(created.status, created.raw.toString()).toBe(201);
    expect(created.headers['content-type']).toBe(pb);
    const fromWire = decodeObject(created.raw, { apiVersion: '', kind: '' });
    // What protobuf carries equals the JSON the server stored.
    const json = (await server.call('GET', itemPath(obj))).body;
    const { volumeClaimTemplates, ...specWithoutTemplates } = (json.spec ?? {}) as Record<string, unknown>;
    if (volumeClaimTemplates) {
      // A nested PersistentVolumeClaim's apiVersion and kind are JSON-only (TypeMeta has no protobuf field).
      expect((fromWire.spec as Record<string, unknown[]>).volumeClaimTemplates![0]).toEqual(
        Object.fromEntries(Object.entries((volumeClaimTemplates as Record<string, unknown>[])[0]!).filter(([k]) => k !== 'apiVersion' && k !== 'kind')),
      );
      expect(fromWire.spec).toMatchObject(specWithoutTemplates);
    } else expect(fromWire).toEqual(json);
    const got = await server.call('GET', itemPath(obj), undefined, { accept: pb });
    expect(decodeObject(got.raw, { apiVersion: '', kind: '' }).metadata.uid).toBe(json.metadata.uid);
  });

  it('lists each kind in protobuf', async () => {
    for (const [, sample] of samples) {
      const list = await server.call('GET', collectionPath(sample), undefined, { accept: pb });
      expect(list.headers['content-type']).toBe(pb);
      expect(decodeObject(list.raw, { apiVersion: '', kind: '' }).kind).toBe(`${sample.kind}List`);
    }
  });
});
