/**
 * RBAC from what a client did, and a ServiceAccount's RBAC enforced on it, in a whole console
 * as `npm start` runs it, with the `dojo-console` bin and real kubectl: a client connected with
 * `dojo-console connect` works on the cluster; `dojo-console rbac` derives its roles from the
 * journal; once connected with `--service-account`, the derived roles less one rule leave it a
 * 403 in kube's words, whose journal record names the missing rule, and the derived roles
 * whole let it do everything it did before.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import type { ClientRbac, ClientReportCard, RbacComparison, RequestJournalRecord, RequestRecord } from '@dojo/console-protocol';
import { kubectlRunner, newestKubectl, type KubectlRunner } from '@dojo/apiserver/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUpOptions } from '../testing/up-options.ts';
import { runUp, type RunningConsole } from '../up.ts';

const bin = fileURLToPath(new URL('../../bin/dojo-console.mjs', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'dojo-console-rbac-'));
const client = 'shop-operator';
let running: RunningConsole;
let admin: KubectlRunner;
let operator: KubectlRunner;

async function dojoConsole(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args]);
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${running.console.url}${path.replace(/^\//, '')}`, {
    ...init,
    headers: { authorization: `Bearer ${running.token}`, 'content-type': 'application/json', 'x-dojo-console': '1' },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const ok = async (kubectl: KubectlRunner, args: string[], stdin?: string): Promise<string> => {
  const result = await kubectl.run(args, stdin);
  if (result.code !== 0) throw new Error(`kubectl ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
};

/** What the operator does each time it runs: reads Deployments everywhere, writes a ConfigMap in shop, reads /version. */
async function operatorWork(round: number): Promise<void> {
  await ok(operator, ['get', 'deployments', '-A']);
  await ok(operator, ['create', 'configmap', `settings-${round}`, '-n', 'shop', '--from-literal=round=' + round]);
  await ok(operator, ['get', 'configmap', `settings-${round}`, '-n', 'shop']);
  await ok(operator, ['get', '--raw', '/version']);
}

beforeAll(async () => {
  running = await runUp(testUpOptions({ dataDir }));
  admin = kubectlRunner(running.kubeconfigPath, newestKubectl());
  await ok(admin, ['create', 'namespace', 'shop']);
  await ok(admin, ['create', 'serviceaccount', 'operator', '-n', 'shop']);
  const connected = await dojoConsole(['connect', client, '--data-dir', dataDir]);
  expect(connected.code, connected.stderr).toBe(0);
  operator = kubectlRunner(connected.stdout.trim(), newestKubectl());
}, 120_000);

afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const requests = async () =>
  (await api<{ records: RequestJournalRecord[] }>(`/api/requests?limit=10000&client=${client}`)).records.filter(
    (r): r is RequestRecord => r.type === 'request',
  );

describe('RBAC from what a connected client did, and enforced as its ServiceAccount', () => {
  let derivedYaml = '';

  it('derives its ClusterRole and Role from the journal, with `dojo-console rbac` and the console route alike', async () => {
    await operatorWork(1);
    const rbac = await eventually(
      () => api<ClientRbac>(`/api/clients/${client}/rbac`),
      // `/version` is the operator's last request: once its rule is derived, every earlier one has reached the console too.
      (r) => r.rules.some((rule) => rule.rule.nonResourceURLs?.includes('/version')),
      'the last request, GET /version, in the derived rules',
    );
    expect(rbac.rules.map(({ rule, namespace }) => ({ rule, namespace }))).toEqual([
      { rule: { apiGroups: ['apps'], resources: ['deployments'], verbs: ['list'] }, namespace: undefined },
      { rule: { verbs: ['get'], nonResourceURLs: expect.arrayContaining(['/version', '/api', '/apis']) }, namespace: undefined },
      { rule: { apiGroups: [''], resources: ['configmaps'], resourceNames: ['settings-1'], verbs: ['get'] }, namespace: 'shop' },
      { rule: { apiGroups: [''], resources: ['configmaps'], verbs: ['create'] }, namespace: 'shop' },
    ]);
    // Every rule names the journal records that needed it.
    const seqs = new Set((await requests()).map((r) => r.seq));
    for (const rule of rbac.rules) for (const e of rule.evidence) expect(seqs.has(e.seq), JSON.stringify(e)).toBe(true);

    const printed = await dojoConsole(['rbac', client, '--data-dir', dataDir]);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toBe(rbac.yaml);
    expect(printed.stderr).toContain('create cannot be restricted by name');
    const markers = await dojoConsole(['rbac', client, '--data-dir', dataDir, '--format', 'markers']);
    expect(markers.stdout).toContain('// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=create,namespace=shop\n');
  });

  it("is refused, once connected as its ServiceAccount with the derived roles less one rule, in kube's words, and the journal names that rule", async () => {
    const connected = await dojoConsole(['connect', client, '--data-dir', dataDir, '--service-account', 'shop/operator']);
    expect(connected.code, connected.stderr).toBe(0);
    expect(connected.stderr).toContain('authorized as system:serviceaccount:shop:operator');
    const { connected: clients } = await api<{ connected: { name: string; serviceAccount?: object }[] }>('/api/activity');
    expect(clients.find((c) => c.name === client)?.serviceAccount).toEqual({ namespace: 'shop', name: 'operator' });
    const printed = await dojoConsole(['rbac', client, '--data-dir', dataDir]);
    derivedYaml = printed.stdout;
    const docs = parseAllDocuments(derivedYaml).map((d) => d.toJS());
    expect(docs.map((d) => d.kind)).toEqual(['ClusterRole', 'ClusterRoleBinding', 'Role', 'RoleBinding']);
    // The Role without its create rule: the one grant it will miss.
    const role = docs[2];
    role.rules = role.rules.filter((r: { verbs: string[] }) => !r.verbs.includes('create'));
    await ok(admin, ['apply', '-f', '-'], docs.map((d) => JSON.stringify(d)).join('\n'));

    await ok(operator, ['get', 'deployments', '-A']);
    await ok(operator, ['get', 'configmap', 'settings-1', '-n', 'shop']);
    const refused = await operator.run(['create', 'configmap', 'settings-2', '-n', 'shop', '--from-literal=round=2']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      'error: failed to create configmap: configmaps is forbidden: User "system:serviceaccount:shop:operator" cannot create resource "configmaps" in API group "" in the namespace "shop"',
    );
    const record = await eventually(requests, (rs) => rs.some((r) => r.code === 403), 'its 403 in the request log');
    expect(record.find((r) => r.code === 403)).toMatchObject({
      user: client,
      verb: 'create',
      resource: 'configmaps',
      namespace: 'shop',
      forbidden: {
        authorizedAs: 'system:serviceaccount:shop:operator',
        verb: 'create',
        rule: { verbs: ['create'], apiGroups: [''], resources: ['configmaps'] },
        namespace: 'shop',
      },
    });
    // Its report card names the gap, and links the 403.
    const card = await api<ClientReportCard>(`/api/clients/${client}/report`);
    const rbac = card.lines.find((l) => l.id === 'rbac')!;
    expect(rbac).toMatchObject({
      verdict: 'problem',
      summary: expect.stringMatching(/^1 request refused 403 as ServiceAccount shop\/operator; 1 rule missing/),
    });
    expect(rbac.figures).toContainEqual({ label: 'missing rule 1', value: 'Role in shop: verbs create on configmaps (group "")' });
    expect(rbac.links).toEqual([expect.objectContaining({ kind: 'request', seq: record.find((r) => r.code === 403)!.seq })]);
  });

  it('lists, comparing a role file, the grant it misses and what it grants in vain', async () => {
    const file = join(dataDir, 'role.yaml');
    writeFileSync(
      file,
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: manager-role}\nrules:\n- {apiGroups: [apps], resources: [deployments], verbs: [list, delete]}\n- {apiGroups: [""], resources: [configmaps], verbs: [get]}\n',
    );
    const compared = await dojoConsole(['rbac', client, '--data-dir', dataDir, '--compare', file]);
    expect(compared.code, compared.stderr).toBe(0);
    expect(compared.stdout).toContain(
      `Missing from ${file} (used, not granted: the client would be refused these):\n  Role in shop: apiGroups [""] resources ["configmaps"] verbs ["create"]\n`,
    );
    expect(compared.stdout).toContain(`Granted by ${file}, never used:\n  ClusterRole manager-role: delete apps/deployments\n`);
    const viaRoute = await api<RbacComparison>(`/api/clients/${client}/rbac/compare`, {
      method: 'POST',
      body: JSON.stringify({ roleFile: 'kind: Role\nmetadata: {name: r, namespace: shop}\nrules: []\n' }),
    });
    expect(viaRoute.missing.length).toBeGreaterThan(0);
  });

  it('does all it did before once the derived roles are applied whole, and no more: the names it read are as narrow as the note says', async () => {
    await ok(admin, ['apply', '-f', '-'], derivedYaml);
    await ok(operator, ['get', 'deployments', '-A']);
    await ok(operator, ['create', 'configmap', 'settings-3', '-n', 'shop', '--from-literal=round=3']);
    await ok(operator, ['get', 'configmap', 'settings-1', '-n', 'shop']);
    await ok(operator, ['get', '--raw', '/version']);
    const other = await operator.run(['get', 'configmap', 'settings-3', '-n', 'shop']);
    expect(other.stderr).toContain('configmaps "settings-3" is forbidden: User "system:serviceaccount:shop:operator" cannot get resource "configmaps"');
  });

  it("answers a bad name or role file over HTTP in kube's Status shapes", async () => {
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${running.console.url}${path.replace(/^\//, '')}`, {
        ...init,
        headers: { authorization: `Bearer ${running.token}`, 'content-type': 'application/json', 'x-dojo-console': '1' },
      });
      return { status: res.status, body: (await res.json()) as { reason: string; message: string } };
    };
    expect(await call('/api/clients/Not_A_Client/rbac')).toMatchObject({ status: 422, body: { reason: 'Invalid' } });
    const compare = (roleFile: unknown) => call(`/api/clients/${client}/rbac/compare`, { method: 'POST', body: JSON.stringify({ roleFile }) });
    expect(await compare(5)).toMatchObject({ status: 400, body: { reason: 'BadRequest', message: expect.stringContaining('roleFile must be a string') } });
    expect(await compare('kind: [')).toMatchObject({
      status: 400,
      body: { reason: 'BadRequest', message: expect.stringContaining('the role file is not YAML') },
    });
  });

  it('is refused by the CLI with exit 1 for a client the journal never saw', async () => {
    const unknown = await dojoConsole(['rbac', 'nobody-here', '--data-dir', dataDir]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('holds no request of "nobody-here"');
  });
});
