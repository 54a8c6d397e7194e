/**
 * An update that changes nothing after decoding writes nothing, as kube-apiserver's
 * GuaranteedUpdate skips an unchanged encoding: the same resourceVersion and generation, no
 * watch event, managedFields' times kept. Only a change of spec bumps generation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dojo, dojoCrd } from '../crd/fixtures/dojo-crd.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { openWatch } from '../testing/watch-stream.ts';

let server: TestServer;
const deployments = '/apis/apps/v1/namespaces/default/deployments';
const dojos = '/apis/core.jutsu.com/v1/namespaces/default/dojos';

beforeAll(async () => {
  server = await startTestServer();
  expect((await server.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', dojoCrd())).status).toBe(201);
  for (let i = 0; (await server.call('GET', dojos)).status !== 200; i++) {
    if (i > 100) throw new Error('dojos were never served');
    await new Promise((r) => setTimeout(r, 20));
  }
});
afterAll(async () => {
  await server?.stop();
});

/** The same value with every object's keys in reverse order. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reordered(v)]),
  );
}

/** The events a watch from `rv` receives within half a second. */
async function eventsAfter(path: string, rv: string): Promise<unknown[]> {
  const watch = await openWatch(server, `${path}?watch=true&resourceVersion=${rv}&timeoutSeconds=1`);
  return watch.ended();
}

const deployment = (name: string) => ({
  metadata: { name, labels: { app: name } },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx:1', ports: [{ containerPort: 80 }] }] } },
  },
});

describe.each([
  ['a built-in kind (Deployment)', deployments, () => deployment('noop'), 'noop'],
  ['a custom resource (Dojo)', dojos, () => dojo({ replicas: 1 }), 'tokyo'],
])('%s', (_, collection, body, name) => {
  let stored: any;
  beforeAll(async () => {
    expect((await server.call('POST', collection, body())).status).toBe(201);
    stored = (await server.call('GET', `${collection}/${name}`)).body;
  });

  it('keeps resourceVersion and generation for a PUT that only reorders keys, and sends no watch event', async () => {
    const res = await server.call('PUT', `${collection}/${name}`, reordered(stored));
    expect(res.status).toBe(200);
    expect(res.body.metadata.resourceVersion).toBe(stored.metadata.resourceVersion);
    expect(res.body.metadata.generation).toBe(stored.metadata.generation);
    expect(await eventsAfter(collection, stored.metadata.resourceVersion)).toEqual([]);
  });

  it('keeps managedFields and their times when another manager sends the same object', async () => {
    await new Promise((r) => setTimeout(r, 1100));
    const res = await server.call('PUT', `${collection}/${name}?fieldManager=someone-else`, {
      ...stored,
      metadata: { ...stored.metadata, managedFields: undefined },
    });
    expect(res.body.metadata.resourceVersion).toBe(stored.metadata.resourceVersion);
    expect(res.body.metadata.managedFields).toEqual(stored.metadata.managedFields);
  });

  it('writes a merge patch that sets what is already there as nothing', async () => {
    const res = await server.call(
      'PATCH',
      `${collection}/${name}`,
      { spec: { replicas: stored.spec.replicas } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(res.body.metadata.resourceVersion).toBe(stored.metadata.resourceVersion);
  });

  it('bumps generation for a change of spec, and not for a change of labels', async () => {
    const labelled = await server.call(
      'PATCH',
      `${collection}/${name}`,
      { metadata: { labels: { extra: 'yes' } } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(labelled.body.metadata.resourceVersion).not.toBe(stored.metadata.resourceVersion);
    expect(labelled.body.metadata.generation).toBe(stored.metadata.generation);
    const scaled = await server.call('PATCH', `${collection}/${name}`, { spec: { replicas: 5 } }, { 'content-type': 'application/merge-patch+json' });
    expect(scaled.body.metadata.generation).toBe(stored.metadata.generation + 1);
  });
});

describe('a write that changes only managedFields', () => {
  it('is stored: kubectl rewriting the entries with a JSON patch (csaupgrade) changes no value but ownership', async () => {
    const created = await server.call('POST', `${deployments}?fieldManager=deployer`, deployment('owned'));
    const [entry] = created.body.metadata.managedFields;
    const { 'f:replicas': _, ...specFields } = entry.fieldsV1['f:spec'];
    // FieldsV1 leaves are all `{}`: only an exact comparison sees that f:replicas is gone.
    const handedBack = [{ ...entry, fieldsV1: { ...entry.fieldsV1, 'f:spec': specFields } }];
    const patch = [{ op: 'replace', path: '/metadata/managedFields', value: handedBack }];
    const res = await server.call('PATCH', `${deployments}/owned`, patch, { 'content-type': 'application/json-patch+json' });
    expect(res.body.metadata.resourceVersion).not.toBe(created.body.metadata.resourceVersion);
    expect((await server.call('GET', `${deployments}/owned`)).body.metadata.managedFields).toEqual(handedBack);
  });
});
