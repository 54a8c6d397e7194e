/**
 * Kubernetes protobuf over HTTPS (what kubectl >= 1.32 and client-go's typed clients speak):
 * requests and answers for built-in kinds, lists, PartialObjectMetadata, Status errors, delete
 * options and watch frames; custom resources stay JSON, as in kube-apiserver.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dojo, dojoCrd } from './crd/fixtures/dojo-crd.ts';
import { decodeObject, encodeObject } from './http/protobuf/envelope.ts';
import { wireSchema } from './http/protobuf/wire-schema.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const pb = 'application/vnd.kubernetes.protobuf';
let server: TestServer;

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

const cms = '/api/v1/namespaces/default/configmaps';
const decode = (raw: Buffer) => decodeObject(raw, { apiVersion: '', kind: '' });

describe('protobuf for built-in kinds', () => {
  it('creates from a protobuf body and answers in protobuf when the client prefers it', async () => {
    const body = encodeObject({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'pb-create' }, data: { a: 'b' } } as never);
    const res = await server.call('POST', cms, body, { 'content-type': pb, accept: `${pb},application/json` });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe(pb);
    expect(decode(res.raw)).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'pb-create', namespace: 'default' }, data: { a: 'b' } });
    expect((await server.call('GET', `${cms}/pb-create`)).body.data).toEqual({ a: 'b' });
  });

  it('lists in protobuf, and as PartialObjectMetadataList for metadata clients', async () => {
    const list = decode((await server.call('GET', cms, undefined, { accept: pb })).raw);
    expect(list).toMatchObject({ kind: 'ConfigMapList', metadata: { resourceVersion: expect.any(String) } });
    expect((list.items as any[]).map((i) => i.metadata.name)).toContain('pb-create');
    const partial = await server.call('GET', cms, undefined, { accept: `${pb};as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json` });
    // kube names the bare media type, without the as/g/v of the transformation.
    expect(partial.headers['content-type']).toBe(pb);
    const meta = decode(partial.raw);
    expect(meta.kind).toBe('PartialObjectMetadataList');
    expect((meta.items as any[])[0]).toEqual({ metadata: expect.objectContaining({ name: expect.any(String) }) });
  });

  it('answers errors as a protobuf Status', async () => {
    const res = await server.call('GET', `${cms}/missing`, undefined, { accept: `${pb}, */*` });
    expect(res.status).toBe(404);
    expect(decode(res.raw)).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'NotFound',
      code: 404,
      details: { name: 'missing', kind: 'configmaps' },
    });
  });

  it('reads protobuf DeleteOptions, and answers the delete in protobuf', async () => {
    await server.call('POST', cms, { metadata: { name: 'pb-delete', finalizers: ['example.com/hold'] } });
    const options = encodeObject({ apiVersion: 'meta.k8s.io/v1', kind: 'DeleteOptions', propagationPolicy: 'Orphan' } as never);
    const res = await server.call('DELETE', `${cms}/pb-delete`, options, { 'content-type': pb, accept: pb });
    expect(decode(res.raw)).toMatchObject({
      kind: 'ConfigMap',
      metadata: { finalizers: ['example.com/hold', 'orphan'], deletionTimestamp: expect.any(String) },
    });
  });

  it('scales through a protobuf Scale, to zero too', async () => {
    const deployment = {
      metadata: { name: 'pb-scale' },
      spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
    };
    await server.call('POST', '/apis/apps/v1/namespaces/default/deployments', deployment);
    const path = '/apis/apps/v1/namespaces/default/deployments/pb-scale/scale';
    const scale = decode((await server.call('GET', path, undefined, { accept: pb })).raw);
    expect(scale).toMatchObject({ kind: 'Scale', spec: { replicas: 1 } });
    const res = await server.call('PUT', path, encodeObject({ ...scale, spec: {} } as never), { 'content-type': pb, accept: pb });
    expect(res.status).toBe(200);
    expect((await server.call('GET', '/apis/apps/v1/namespaces/default/deployments/pb-scale')).body.spec.replicas).toBe(0);
  });

  it('streams a watch as length-prefixed WatchEvent frames holding enveloped objects', async () => {
    const rv = (await server.call('GET', cms)).body.metadata.resourceVersion;
    const watching = server.call('GET', `${cms}?watch=true&resourceVersion=${rv}&timeoutSeconds=1`, undefined, { accept: pb });
    await server.call('POST', cms, { metadata: { name: 'pb-watched' } });
    const res = await watching;
    expect(res.headers['content-type']).toBe(`${pb};stream=watch`);
    const WatchEvent = wireSchema().type('meta.v1.WatchEvent');
    const event = WatchEvent.decode(res.raw.subarray(4, 4 + res.raw.readUInt32BE(0))) as unknown as { f1: string; f2: { f1: Buffer } };
    expect(event.f1).toBe('ADDED');
    expect(decode(Buffer.from(event.f2.f1))).toMatchObject({ kind: 'ConfigMap', metadata: { name: 'pb-watched' } });
  });
});

describe('custom resources stay JSON', () => {
  it('refuse a protobuf body with 415', async () => {
    const res = await server.call('POST', dojos, Buffer.from('k8s\x00'), { 'content-type': pb });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('the body of the request was in an unknown format - accepted media types include: application/json, application/yaml');
  });

  it('answer JSON when protobuf is only a preference, and 406 when it is the only choice', async () => {
    expect((await server.call('POST', dojos, dojo({ replicas: 1 }))).status).toBe(201);
    const preferred = await server.call('GET', `${dojos}/tokyo`, undefined, { accept: `${pb},application/json` });
    expect(preferred.headers['content-type']).toBe('application/json');
    expect(preferred.body.kind).toBe('Dojo');
    expect((await server.call('GET', `${dojos}/tokyo`, undefined, { accept: pb })).status).toBe(406);
  });

  it('still give metadata and Scale in protobuf, as kube-apiserver does', async () => {
    const partial = await server.call('GET', dojos, undefined, { accept: `${pb};as=PartialObjectMetadataList;g=meta.k8s.io;v=v1` });
    expect(decode(partial.raw)).toMatchObject({ kind: 'PartialObjectMetadataList' });
    const scale = await server.call('GET', `${dojos}/tokyo/scale`, undefined, { accept: pb });
    expect(decode(scale.raw)).toMatchObject({ kind: 'Scale', spec: { replicas: 1 } });
  });
});
