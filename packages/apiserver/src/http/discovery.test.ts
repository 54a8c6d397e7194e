/**
 * The legacy discovery documents and the answers around them, as kube-apiserver 1.37.2 gives
 * them (the expected values were read from it): storage version hashes, the aggregator's group
 * order, paths sorted by name, kube's verbs and categories, and the plain 404 page for paths
 * nothing serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Resource = { name: string; verbs: string[]; storageVersionHash?: string; categories?: string[] };
const resources = async (path: string): Promise<Resource[]> => (await server.call('GET', path)).body.resources;
const named = async (path: string, name: string): Promise<Resource> => (await resources(path)).find((r) => r.name === name)!;

describe('legacy discovery', () => {
  it('hashes the group, version and kind objects are stored as, as kube names them', async () => {
    expect((await named('/api/v1', 'configmaps')).storageVersionHash).toBe('qFsyl6wFWjQ=');
    expect((await named('/apis/apps/v1', 'deployments')).storageVersionHash).toBe('8aSe+NMegvE=');
    // events.k8s.io Events are stored as core v1 Events; CRDs as apiextensions.k8s.io/v1beta1.
    expect((await named('/apis/events.k8s.io/v1', 'events')).storageVersionHash).toBe('r2yiGXH7wu8=');
    expect((await named('/apis/apiextensions.k8s.io/v1', 'customresourcedefinitions')).storageVersionHash).toBe('jfWCUB31mvA=');
  });

  it('lists a group version’s paths sorted by name, subresources among them', async () => {
    const names = (await resources('/apis/apps/v1')).map((r) => r.name);
    expect(names).toEqual([...names].sort());
    expect(names.slice(names.indexOf('deployments'), names.indexOf('deployments') + 3)).toEqual(['deployments', 'deployments/scale', 'deployments/status']);
  });

  it('leaves apiVersion out of the core group’s list only', async () => {
    expect((await server.call('GET', '/api/v1')).body.apiVersion).toBeUndefined();
    expect((await server.call('GET', '/apis/apps/v1')).body.apiVersion).toBe('v1');
  });

  it('offers no deletecollection on namespaces, and refuses it with 405', async () => {
    expect((await named('/api/v1', 'namespaces')).verbs).toEqual(['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']);
    const refused = await server.call('DELETE', '/api/v1/namespaces');
    expect(refused.status).toBe(405);
    expect(refused.body).toMatchObject({ reason: 'MethodNotAllowed', message: 'the server does not allow this method on the requested resource' });
  });

  it('puts CustomResourceDefinitions in the api-extensions category', async () => {
    expect((await named('/apis/apiextensions.k8s.io/v1', 'customresourcedefinitions')).categories).toEqual(['api-extensions']);
  });

  it('lists the named groups in the aggregator’s priority order', async () => {
    const groups: string[] = (await server.call('GET', '/apis')).body.groups.map((g: { name: string }) => g.name);
    expect(groups.slice(0, 4)).toEqual(['apps', 'events.k8s.io', 'authentication.k8s.io', 'authorization.k8s.io']);
    expect(groups.indexOf('autoscaling')).toBeLessThan(groups.indexOf('rbac.authorization.k8s.io'));
  });

  it('names the server’s address with its port at /api', async () => {
    expect((await server.call('GET', '/api')).body.serverAddressByClientCIDRs).toEqual([
      { clientCIDR: '0.0.0.0/0', serverAddress: `127.0.0.1:${server.port}` },
    ]);
  });
});

describe('paths nothing serves', () => {
  it('answers an unserved group with Go’s plain 404 page, a served group’s missing version with a Status', async () => {
    const group = await server.call('GET', '/apis/no.such.group');
    expect(group.status).toBe(404);
    expect(group.body).toBe('404 page not found\n');
    expect(group.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await server.call('GET', '/apis/no.such.group/v1/things')).body).toBe('404 page not found\n');
    expect((await server.call('GET', '/nowhere')).body).toBe('404 page not found\n');
    expect((await server.call('GET', '/apis/apps/v9')).body).toMatchObject({ kind: 'Status', reason: 'NotFound' });
  });

  it('answers the OpenAPI v3 document of a missing group version with an empty 404', async () => {
    const missing = await server.call('GET', '/openapi/v3/apis/no.such/v1');
    expect(missing.status).toBe(404);
    expect(missing.body).toBe('');
  });
});

describe('/version', () => {
  it('names the emulated and the minimum compatible version', async () => {
    expect((await server.call('GET', '/version')).body).toMatchObject({
      major: '1',
      minor: '37',
      emulationMajor: '1',
      emulationMinor: '37',
      minCompatibilityMajor: '1',
      minCompatibilityMinor: '36',
    });
  });
});
