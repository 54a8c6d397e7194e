/**
 * Aggregated discovery over real HTTPS: the documents kube-apiserver 1.37 serves at /api and
 * /apis to a client that asks for apidiscovery.k8s.io/v2, their caching headers, CRDs coming and
 * going, and the legacy documents for everyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { decodeObject } from './protobuf/envelope.ts';

/** What client-go v0.37's discovery client sends (discovery_client.go acceptDiscoveryFormats). */
const clientGoAccept = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json';
/** What kubectl 1.33 (client-go v0.33) sends. */
const kubectl133Accept =
  'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';
const aggregatedJson = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
const aggregatedProtobuf = 'application/vnd.kubernetes.protobuf;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

/** A CRD with three served versions out of kube order, one unserved, names and subresources. */
const shurikenCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'shurikens.weapons.example.com' },
  spec: {
    group: 'weapons.example.com',
    scope: 'Cluster',
    names: { plural: 'shurikens', singular: 'shuriken', kind: 'Shuriken', shortNames: ['sk'], categories: ['all', 'ninja'] },
    versions: [
      { name: 'v1alpha1', served: false, storage: false, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } },
      { name: 'v2beta1', served: true, storage: false, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } },
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
        subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } },
      },
      { name: 'v10', served: true, storage: false, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } },
    ],
  },
};

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const discover = (path: '/api' | '/apis', accept = clientGoAccept, headers: Record<string, string> = {}) =>
  server.call('GET', path, undefined, { accept, ...headers });

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met within 5s');
}

describe('aggregated discovery', () => {
  it('answers /api with the core group as an APIGroupDiscoveryList, named by its Content-Type', async () => {
    const { status, body, headers } = await discover('/api');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe(aggregatedJson);
    expect(body).toMatchObject({ kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {} });
    expect(body.items).toHaveLength(1);
    const [core] = body.items;
    expect(core.metadata).toEqual({});
    expect(core.versions.map((v: { version: string }) => v.version)).toEqual(['v1']);
    expect(core.versions[0].freshness).toBe('Current');
    const resources = core.versions[0].resources as { resource: string }[];
    expect(resources.map((r) => r.resource)).toEqual([...resources.map((r) => r.resource)].sort());
    // Built-in kinds name only their kind (installer.go copies the APIResource's empty group and version).
    expect(resources.find((r) => r.resource === 'pods')).toEqual({
      resource: 'pods',
      responseKind: { group: '', version: '', kind: 'Pod' },
      scope: 'Namespaced',
      singularResource: 'pod',
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      shortNames: ['po'],
      categories: ['all'],
      subresources: [
        { subresource: 'log', responseKind: { group: '', version: '', kind: 'Pod' }, verbs: ['get'] },
        { subresource: 'status', responseKind: { group: '', version: '', kind: 'Pod' }, verbs: ['get', 'patch', 'update'] },
      ],
    });
    expect(resources.find((r) => r.resource === 'namespaces')).toMatchObject({
      scope: 'Cluster',
      subresources: [
        { subresource: 'finalize', responseKind: { group: '', version: '', kind: 'Namespace' }, verbs: ['update'] },
        { subresource: 'status', responseKind: { group: '', version: '', kind: 'Namespace' }, verbs: ['get', 'patch', 'update'] },
      ],
    });
  });

  it('answers /apis with every named group in kube-apiserver priority order, Scale as autoscaling/v1', async () => {
    const { status, body, headers } = await discover('/apis');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe(aggregatedJson);
    const names = body.items.map((g: { metadata: { name: string } }) => g.metadata.name);
    // kube-apiserver 1.37's priorities (aggregator.go), for the groups this server serves.
    const kubeOrder = [
      'apps',
      'events.k8s.io',
      'authentication.k8s.io',
      'authorization.k8s.io',
      'autoscaling',
      'batch',
      'networking.k8s.io',
      'policy',
      'rbac.authorization.k8s.io',
      'storage.k8s.io',
      'admissionregistration.k8s.io',
      'apiextensions.k8s.io',
      'scheduling.k8s.io',
      'coordination.k8s.io',
      'discovery.k8s.io',
    ];
    expect(names).toEqual(kubeOrder.filter((g) => names.includes(g)));
    expect(names).toEqual(
      expect.arrayContaining([
        'apps',
        'events.k8s.io',
        'rbac.authorization.k8s.io',
        'apiextensions.k8s.io',
        'coordination.k8s.io',
        'autoscaling',
        'networking.k8s.io',
      ]),
    );
    const apps = body.items[0].versions[0];
    expect(apps.version).toBe('v1');
    expect(apps.resources.find((r: { resource: string }) => r.resource === 'deployments')).toEqual({
      resource: 'deployments',
      responseKind: { group: '', version: '', kind: 'Deployment' },
      scope: 'Namespaced',
      singularResource: 'deployment',
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      shortNames: ['deploy'],
      categories: ['all'],
      subresources: [
        { subresource: 'scale', responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, verbs: ['get', 'patch', 'update'] },
        { subresource: 'status', responseKind: { group: '', version: '', kind: 'Deployment' }, verbs: ['get', 'patch', 'update'] },
      ],
    });
  });

  it('answers what kubectl 1.33 sends (v2 before v2beta1) with v2, and a v2beta1-only clause with the legacy document', async () => {
    expect((await discover('/apis', kubectl133Accept)).headers['content-type']).toBe(aggregatedJson);
    const beta = await discover('/apis', 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json');
    expect(beta.headers['content-type']).toBe('application/json');
    expect(beta.body.kind).toBe('APIGroupList');
  });

  it('finds the aggregated clause wherever it stands in the Accept header', async () => {
    const { headers } = await discover('/api', 'application/json, application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList;profile=nopeer');
    expect(headers['content-type']).toBe(aggregatedJson);
  });

  it('speaks protobuf to a client that asks for the document in protobuf, with the same ETag', async () => {
    for (const path of ['/api', '/apis'] as const) {
      const json = await discover(path);
      const pb = await discover(path, `${aggregatedProtobuf},${aggregatedJson},application/json`);
      expect(pb.status).toBe(200);
      expect(pb.headers['content-type']).toBe(aggregatedProtobuf);
      expect(pb.headers.etag).toBe(json.headers.etag);
      expect(decodeObject(pb.raw, { apiVersion: '', kind: '' })).toEqual(json.body);
    }
  });

  it('keeps the legacy documents exactly for a client that does not ask', async () => {
    for (const accept of [undefined, 'application/json', '*/*']) {
      const api = await server.call('GET', '/api', undefined, accept ? { accept } : {});
      expect(api.headers['content-type']).toBe('application/json');
      expect(api.headers.etag).toBeUndefined();
      expect(api.body).toEqual({
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: `127.0.0.1:${server.port}` }],
      });
      const apis = await server.call('GET', '/apis', undefined, accept ? { accept } : {});
      expect(apis.body.kind).toBe('APIGroupList');
      expect(apis.body.groups[0]).toEqual({
        name: 'apps',
        versions: [{ groupVersion: 'apps/v1', version: 'v1' }],
        preferredVersion: { groupVersion: 'apps/v1', version: 'v1' },
      });
    }
  });

  it('sends an ETag with Vary: Accept and Cache-Control: public, and 304 to an If-None-Match naming it', async () => {
    const first = await discover('/apis');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9A-F]{128}"$/);
    expect(first.headers.vary).toBe('Accept');
    expect(first.headers['cache-control']).toBe('public');
    const again = await discover('/apis', clientGoAccept, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await discover('/apis', clientGoAccept, { 'if-none-match': '"stale"' })).status).toBe(200);
    expect((await discover('/api')).headers.etag).not.toBe(etag);
  });

  it('lists a CRD once established, each served version in kube order, and drops it when the CRD is deleted', async () => {
    const before = (await discover('/apis')).headers.etag as string;
    expect((await server.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', shurikenCrd)).status).toBe(201);
    const groupOf = async () =>
      ((await discover('/apis')).body.items as { metadata: { name: string } }[]).find((g) => g.metadata.name === 'weapons.example.com') as any;
    await eventually(async () => (await groupOf()) !== undefined);

    const { body, headers } = await discover('/apis');
    expect(headers.etag).not.toBe(before);
    // CRD groups follow every built-in group (APIService priority 1000 against the built-ins' 16000 and up).
    expect(body.items.at(-1).metadata.name).toBe('weapons.example.com');
    const group = await groupOf();
    // Equal version priority (100): GA, then beta, then alpha, higher numbers first; v1alpha1 is not served.
    expect(group.versions.map((v: { version: string }) => v.version)).toEqual(['v10', 'v1', 'v2beta1']);
    const v1 = group.versions.find((v: { version: string }) => v.version === 'v1');
    expect(v1).toEqual({
      version: 'v1',
      freshness: 'Current',
      resources: [
        {
          resource: 'shurikens',
          responseKind: { group: 'weapons.example.com', version: 'v1', kind: 'Shuriken' },
          scope: 'Cluster',
          singularResource: 'shuriken',
          verbs: ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'],
          shortNames: ['sk'],
          categories: ['all', 'ninja'],
          subresources: [
            { subresource: 'status', responseKind: { group: 'weapons.example.com', version: 'v1', kind: 'Shuriken' }, verbs: ['get', 'patch', 'update'] },
            { subresource: 'scale', responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, verbs: ['get', 'patch', 'update'] },
          ],
        },
      ],
    });
    const v2beta1 = group.versions.find((v: { version: string }) => v.version === 'v2beta1');
    expect(v2beta1.resources[0].responseKind).toEqual({ group: 'weapons.example.com', version: 'v2beta1', kind: 'Shuriken' });
    expect(v2beta1.resources[0].subresources).toBeUndefined();

    expect((await server.call('DELETE', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/shurikens.weapons.example.com')).status).toBe(200);
    await eventually(async () => (await groupOf()) === undefined);
    expect((await discover('/apis')).headers.etag).toBe(before);
  });
});
