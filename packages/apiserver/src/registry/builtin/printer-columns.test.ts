/**
 * The Table kube-apiserver 1.37.2's printers answer `kubectl get` with, for the kinds whose
 * columns come from printService, printServiceAccount, printRoleBinding and the default table
 * (Roles): header names and cells, through the real HTTPS server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const table = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function rows(path: string): Promise<{ headers: string[]; cells: unknown[][] }> {
  const res = await server.call('GET', path, undefined, table);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { headers: res.body.columnDefinitions.map((c: { name: string }) => c.name), cells: res.body.rows.map((r: { cells: unknown[] }) => r.cells) };
}

const services = '/api/v1/namespaces/default/services';

describe('printer columns', () => {
  it('prints services as printService does: external IP by type, node ports, the selector', async () => {
    const port = [{ port: 80, protocol: 'TCP', targetPort: 80 }];
    expect(
      (
        await server.call('POST', services, {
          metadata: { name: 'ext' },
          spec: { type: 'ExternalName', externalName: 'example.com', selector: { app: 'ext' } },
        })
      ).status,
    ).toBe(201);
    expect(
      (await server.call('POST', services, { metadata: { name: 'lb' }, spec: { type: 'LoadBalancer', ports: port, selector: { app: 'lb', tier: 'web' } } }))
        .status,
    ).toBe(201);
    const { headers, cells } = await rows(services);
    expect(headers).toEqual(['Name', 'Type', 'Cluster-IP', 'External-IP', 'Port(s)', 'Age', 'Selector']);
    const byName = new Map(cells.map((c) => [c[0], c]));
    expect(byName.get('ext')!.slice(1, 5)).toEqual(['ExternalName', '<none>', 'example.com', '<none>']);
    expect(byName.get('ext')![6]).toBe('app=ext');
    const lb = byName.get('lb')!;
    expect(lb[3]).toBe('<pending>');
    expect(lb[4]).toMatch(/^80:\d+\/TCP$/);
    expect(lb[6]).toBe('app=lb,tier=web');
  });

  it('prints a ServiceAccount with its name and age only', async () => {
    expect((await rows('/api/v1/namespaces/default/serviceaccounts')).headers).toEqual(['Name', 'Age']);
  });

  it('prints a RoleBinding’s role, and wide its users, groups and ServiceAccounts; a Role as the default table', async () => {
    const rbac = '/apis/rbac.authorization.k8s.io/v1/namespaces/default';
    expect((await server.call('POST', `${rbac}/roles`, { metadata: { name: 'r1' }, rules: [] })).status).toBe(201);
    const subjects = [
      { kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'jane' },
      { kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'joe' },
      { kind: 'ServiceAccount', name: 'sa1', namespace: 'default' },
    ];
    const binding = { metadata: { name: 'rb1' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'r1' }, subjects };
    expect((await server.call('POST', `${rbac}/rolebindings`, binding)).status).toBe(201);
    const bindings = await rows(`${rbac}/rolebindings`);
    expect(bindings.headers).toEqual(['Name', 'Role', 'Age', 'Users', 'Groups', 'ServiceAccounts']);
    expect(bindings.cells[0]).toEqual(['rb1', 'Role/r1', expect.any(String), 'jane, joe', '', 'default/sa1']);
    expect((await rows(`${rbac}/roles`)).headers).toEqual(['Name', 'Created At']);
  });
});

describe('Service defaults kubectl describe prints', () => {
  it('gives a ClusterIP Service a single IPv4 family and Cluster traffic policies, a LoadBalancer node ports', async () => {
    const created = await server.call('POST', services, { metadata: { name: 'plain' }, spec: { ports: [{ port: 80 }], selector: { app: 'plain' } } });
    expect(created.body.spec).toMatchObject({ ipFamilyPolicy: 'SingleStack', ipFamilies: ['IPv4'], internalTrafficPolicy: 'Cluster' });
    expect(created.body.spec.externalTrafficPolicy).toBeUndefined();
    const headless = await server.call('POST', services, {
      metadata: { name: 'headless' },
      spec: { clusterIP: 'None', ports: [{ port: 80 }], selector: { app: 'h' } },
    });
    expect(headless.body.spec.clusterIPs).toEqual(['None']);
    const lb = await server.call('GET', `${services}/lb`);
    expect(lb.body.spec).toMatchObject({ externalTrafficPolicy: 'Cluster', allocateLoadBalancerNodePorts: true });
    expect(lb.body.spec.ports[0].nodePort).toBeGreaterThanOrEqual(30000);
  });
});
