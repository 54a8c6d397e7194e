import { isNotFound, type KubeObject } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimCluster, type SimCluster } from '../testing/sim-cluster.ts';
import { decode } from './app-secret.ts';
import { databases, type Database } from './database-types.ts';

const { secrets, namespaces } = builtinTypes;
const ns = 'shop';
const eventually = { timeout: 15_000, interval: 50 };

let cluster: SimCluster;

beforeAll(async () => {
  cluster = await startSimCluster();
  await cluster.client.create(namespaces, { metadata: { name: ns } });
  await cluster.startSim();
});

afterAll(async () => {
  await cluster?.stop();
});

function databaseYaml(name: string, clusterName: string, owner = 'app'): string {
  return `apiVersion: postgresql.cnpg.io/v1
kind: Database
metadata: {name: ${name}, namespace: ${ns}}
spec:
  name: ${name}
  owner: ${owner}
  cluster: {name: ${clusterName}}
`;
}

async function secret(name: string): Promise<KubeObject | undefined> {
  try {
    return await cluster.client.get(secrets, { namespace: ns, name });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

describe('the CloudNativePG Database simulator', () => {
  it('gives a Database its app credentials Secret, owned by the Database, and reports it applied', async () => {
    await cluster.kubectlOk(['apply', '-f', '-'], databaseYaml('orders', 'pg'));
    const db = await vi.waitFor(async () => {
      const current = await cluster.client.get<Database>(databases, { namespace: ns, name: 'orders' });
      expect(current.status?.applied).toBe(true);
      return current;
    }, eventually);
    expect(db.status).toMatchObject({ applied: true, message: '', observedGeneration: 1 });
    const created = await secret('app');
    expect(created?.type).toBe('kubernetes.io/basic-auth');
    expect(created?.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'Database', name: 'orders', uid: db.metadata.uid, controller: true })]);
    const data = decode(created?.data as Record<string, string>);
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['username', 'password', 'host', 'port', 'dbname', 'uri', 'jdbc-uri']));
    expect(data).toMatchObject({ username: 'app', host: 'pg-rw', port: '5432', dbname: 'orders' });
    expect(data.uri).toBe(`postgresql://app:${data.password}@pg-rw:5432/orders`);
  });

  it('lists Databases with CloudNativePG’s printer columns', async () => {
    const table = await cluster.kubectlOk(['-n', ns, 'get', 'databases']);
    expect(table).toMatch(/NAME\s+AGE\s+CLUSTER\s+PG NAME\s+APPLIED\s+MESSAGE/);
    expect(table).toMatch(/orders\s+\S+\s+pg\s+orders\s+true/);
  });

  it('keeps the password when the database name changes', async () => {
    const before = decode((await secret('app'))?.data as Record<string, string>);
    await cluster.kubectlOk(['-n', ns, 'patch', 'database', 'orders', '--type=merge', '-p', '{"spec":{"name":"orders_v2"}}']);
    await vi.waitFor(async () => expect(decode((await secret('app'))?.data as Record<string, string>).dbname).toBe('orders_v2'), eventually);
    expect(decode((await secret('app'))?.data as Record<string, string>).password).toBe(before.password);
  });

  it('removes the Secret with the Database, through its owner reference', async () => {
    await cluster.kubectlOk(['-n', ns, 'delete', 'database', 'orders']);
    await vi.waitFor(async () => expect(await secret('app')).toBeUndefined(), eventually);
  });

  it('leaves a Secret it does not own alone and says so', async () => {
    await cluster.client.create(secrets, { metadata: { name: 'legacy-app', namespace: ns }, stringData: { password: 'mine' } });
    await cluster.kubectlOk(['apply', '-f', '-'], databaseYaml('legacy', 'legacy', 'legacy-app'));
    await vi.waitFor(async () => {
      const db = await cluster.client.get<Database>(databases, { namespace: ns, name: 'legacy' });
      expect(db.status).toMatchObject({ applied: false, message: 'secret "legacy-app" already exists and does not belong to this Database' });
    }, eventually);
    expect(decode((await secret('legacy-app'))?.data as Record<string, string>)).toEqual({ password: 'mine' });
  });
});
