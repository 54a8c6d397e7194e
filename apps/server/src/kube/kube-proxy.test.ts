/** `/api/kube/*`: Tables as `kubectl get` asks for them, and the API server's Warning headers in its format. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../testing/console-harness.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

const topic = (version: string, name: string) => ({
  apiVersion: `kafka.example.com/${version}`,
  kind: 'KafkaTopic',
  metadata: { name, namespace: 'default' },
  spec: { numPartitions: 1, replicationFactor: 1 },
});

describe('the Kubernetes proxy', () => {
  it('forwards the deprecation warning of a create at a deprecated version as a Warning header', async () => {
    const res = await c.http('POST', '/api/kube/apis/kafka.example.com/v1alpha1/namespaces/default/kafkatopics', { body: topic('v1alpha1', 'warned') });
    expect(res.status).toBe(201);
    expect(res.body.apiVersion).toBe('kafka.example.com/v1alpha1');
    expect(res.headers.get('warning')).toBe('299 - "kafka.example.com/v1alpha1 KafkaTopic is deprecated; use kafka.example.com/v1 KafkaTopic"');
  });

  it('sends no Warning header for a version that is not deprecated', async () => {
    const res = await c.http('POST', '/api/kube/apis/kafka.example.com/v1/namespaces/default/kafkatopics', { body: topic('v1', 'unwarned') });
    expect(res.status).toBe(201);
    expect(res.headers.get('warning')).toBeNull();
  });

  it('sends a text outside ASCII as an RFC 2047 encoded-word, so its bytes survive the header', async () => {
    const warning = 'Größe.example.com/v1beta1 Größe ist veraltet; nimm v1';
    const schema = { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } };
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'groessen.proxy.example.com' },
      spec: {
        group: 'proxy.example.com',
        scope: 'Namespaced',
        names: { plural: 'groessen', singular: 'groesse', kind: 'Groesse', listKind: 'GroesseList' },
        versions: [
          { name: 'v1', served: true, storage: true, schema },
          { name: 'v1beta1', served: true, storage: false, deprecated: true, deprecationWarning: warning, schema },
        ],
      },
    };
    expect((await c.http('POST', '/api/kube/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: crd })).status).toBe(201);
    const create = () =>
      c.http('POST', '/api/kube/apis/proxy.example.com/v1beta1/namespaces/default/groessen', {
        body: { apiVersion: 'proxy.example.com/v1beta1', kind: 'Groesse', metadata: { generateName: 'g-', namespace: 'default' } },
      });
    await expect.poll(async () => (await create()).status, { timeout: 15_000 }).toBe(201);
    const header = (await create()).headers.get('warning') ?? '';
    const encoded = /^299 - "=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?="$/.exec(header);
    expect(encoded, header).not.toBeNull();
    expect(Buffer.from(encoded![1]!, 'base64').toString('utf8')).toBe(warning);
  });

  it('answers a Table when the browser asks for one, as kubectl get does', async () => {
    const res = await c.http('GET', '/api/kube/api/v1/namespaces?limit=500', { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('Table');
    expect(res.body.columnDefinitions.map((c: { name: string }) => c.name)).toEqual(['Name', 'Status', 'Age']);
    expect(res.body.rows.map((r: { cells: unknown[] }) => r.cells[0])).toContain('default');
  });

  it('answers JSON to any other Accept, since the answer is parsed and redacted on its way', async () => {
    const res = await c.http('GET', '/api/kube/api/v1/namespaces/default', { headers: { accept: 'application/vnd.kubernetes.protobuf' } });
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('Namespace');
  });

  it('redacts Secret values inside Table rows that carry whole objects', async () => {
    const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'tabled', namespace: 'default' }, stringData: { password: 'hunter2' } };
    expect((await c.http('POST', '/api/kube/api/v1/namespaces/default/secrets', { body: secret })).status).toBe(201);
    const res = await c.http('GET', '/api/kube/api/v1/namespaces/default/secrets/tabled?includeObject=Object', {
      headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' },
    });
    expect(res.status).toBe(200);
    expect(res.body.rows[0].object.data).toEqual({ password: '<redacted>' });
  });

  it('refuses Secrets as metadata only, however the path is spelled, since the metadata could carry their values', async () => {
    for (const accept of ['application/json;as=Table;v=v1;g=meta.k8s.io', 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io']) {
      for (const path of [
        '/api/v1/namespaces/default/secrets',
        '/api/v1/namespaces/default/%73ecrets',
        '/api/v1/secrets/',
        '/api/v1/namespaces/default/secrets?includeObject=%4Fbject&includeObject=None',
      ]) {
        const res = await c.http('GET', `/api/kube${path}`, { headers: { accept } });
        expect(res.status, `${path} as ${accept}`).toBe(400);
        expect(res.body.message).toMatch(/whole objects only/);
      }
    }
  });

  it('lists any other kind as metadata only', async () => {
    const res = await c.http('GET', '/api/kube/api/v1/namespaces', { headers: { accept: 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io' } });
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('PartialObjectMetadataList');
    expect(res.body.items.map((i: { metadata: { name: string } }) => i.metadata.name)).toContain('default');
  });
});
