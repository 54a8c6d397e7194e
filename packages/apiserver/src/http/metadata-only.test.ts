import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeObject } from './protobuf/envelope.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'meta' }, data: { a: 'b' } });
  await server.call('POST', '/apis/rbac.authorization.k8s.io/v1/clusterroles', { metadata: { name: 'meta' }, rules: [] });
});
afterAll(async () => {
  await server?.stop();
});

const cms = '/api/v1/namespaces/default/configmaps';
const asMeta = (kind: string, media = 'application/json') => `${media};as=${kind};v=v1;g=meta.k8s.io`;

describe('metadata-only answers', () => {
  it('answers a list asked for as PartialObjectMetadata with 406, naming the internal list type', async () => {
    const res = await server.call('GET', cms, undefined, { accept: asMeta('PartialObjectMetadata') });
    expect(res.status).toBe(406);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'NotAcceptable', code: 406 });
    expect(res.body.message).toBe('you requested PartialObjectMetadata, but the requested object is a list (*core.ConfigMapList)');
    const roles = await server.call('GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles', undefined, { accept: asMeta('PartialObjectMetadata') });
    expect(roles.body.message).toBe('you requested PartialObjectMetadata, but the requested object is a list (*rbac.ClusterRoleList)');
  });

  it('answers one object asked for as PartialObjectMetadataList with 406', async () => {
    const res = await server.call('GET', `${cms}/meta`, undefined, { accept: asMeta('PartialObjectMetadataList') });
    expect(res.status).toBe(406);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'NotAcceptable', code: 406 });
    expect(res.body.message).toBe('you requested PartialObjectMetadataList, but the requested object is not a list (*core.ConfigMap)');
  });

  it('takes the first acceptable clause, as kube negotiates before it transforms: a later plain clause does not rescue the mismatch', async () => {
    const res = await server.call('GET', cms, undefined, { accept: `${asMeta('PartialObjectMetadata')},application/json` });
    expect(res.status).toBe(406);
  });

  it('serves the matching kinds with the bare media type as Content-Type, in JSON and protobuf', async () => {
    const list = await server.call('GET', cms, undefined, { accept: asMeta('PartialObjectMetadataList') });
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toBe('application/json');
    expect(list.body).toMatchObject({ kind: 'PartialObjectMetadataList', apiVersion: 'meta.k8s.io/v1' });
    const one = await server.call('GET', `${cms}/meta`, undefined, { accept: asMeta('PartialObjectMetadata', 'application/vnd.kubernetes.protobuf') });
    expect(one.status).toBe(200);
    expect(one.headers['content-type']).toBe('application/vnd.kubernetes.protobuf');
    expect(decodeObject(one.raw, { apiVersion: '', kind: '' })).toMatchObject({ kind: 'PartialObjectMetadata', metadata: { name: 'meta' } });
  });

  it('answers a Table with the bare JSON media type too', async () => {
    const table = await server.call('GET', cms, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
    expect(table.body.kind).toBe('Table');
    expect(table.headers['content-type']).toBe('application/json');
  });
});
