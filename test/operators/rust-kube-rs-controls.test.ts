/**
 * The client controls on a kube-rs operator, unmodified (examples/operators/
 * rust-configmap-generator: a ConfigMapGenerator becomes a ConfigMap `NAME-generated` holding
 * its `spec.content`), run as its own process with a credential from `dojo-console connect`.
 * The embedded API server holds the watch events it would deliver to it, so its reaction to an
 * edit waits for resume, step lets exactly one event through, and a breakpoint on one
 * generator holds only that one; it faults its requests (a 409, a watch cut, a 410) and answers
 * its reads from a stale view. Controls go through `dojo-console client NAME …`'s HTTP API.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KubeConfig } from '@kubernetes/client-node';
import { parse } from 'yaml';
import type { ClientFaults, ClientStalenessAnswer, ClientViewCommand, ClientViewState, FaultRuleSpec, RequestJournalRecord } from '@dojo/console-protocol';
import { KubeTransport } from '@dojo/runtime';
import { cargoBuild, requireToolchain } from '@dojo/toolchains';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startExternalProcess, type ExternalProcess } from '@dojo/server/activity/testing/external-process';
import { testUpOptions } from '@dojo/server/testing/up-options';
import { runUp, type RunningConsole } from '@dojo/server/up';

const cargo = requireToolchain('cargo', 'operators: kube-rs');
const crateDir = fileURLToPath(new URL('../../examples/operators/rust-configmap-generator', import.meta.url));
const dojoConsole = fileURLToPath(new URL('../../apps/server/bin/dojo-console.mjs', import.meta.url));
const client = 'cm-generator-held';
const namespace = 'kube-rs-held';

let dataDir: string;
let up: RunningConsole;
let admin: KubeTransport;
let operator: ExternalProcess | undefined;

const generators = `/apis/example.dojo.dev/v1/namespaces/${namespace}/configmapgenerators`;
const adminRequest = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, contentType?: string) =>
  admin.request({ method, path, ...(body === undefined ? {} : { body: JSON.stringify(body) }), ...(contentType ? { contentType } : {}) });
const content = async (name: string) => ((await adminRequest('GET', `/api/v1/namespaces/${namespace}/configmaps/${name}-generated`)).body as { data?: { content?: string } }).data?.content;
const edit = (name: string, value: string) => adminRequest('PATCH', `${generators}/${name}`, { spec: { content: value } }, 'application/merge-patch+json');

async function eventually<T>(probe: () => Promise<T | undefined | false>, what: () => string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const why = () => `its output:\n${operator?.output().split('\n').slice(-40).join('\n')}`;

async function control(command?: ClientViewCommand): Promise<ClientViewState> {
  const res = await fetch(new URL(`api/clients/${client}/view`, up.console.url), {
    ...(command ? { method: 'POST', body: JSON.stringify(command) } : {}),
    headers: { authorization: `Bearer ${up.token}`, 'content-type': 'application/json', 'x-dojo-console': '1' },
  });
  if (!res.ok) throw new Error(`view ${command?.op ?? 'GET'}: ${res.status} ${await res.text()}`);
  return (await res.json()) as ClientViewState;
}
async function consoleCall<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(`api/${path}`, up.console.url), {
    method,
    headers: { authorization: `Bearer ${up.token}`, 'content-type': 'application/json', 'x-dojo-console': '1' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} /api/${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const fault = async (rule: FaultRuleSpec) => (await consoleCall<ClientFaults>('POST', `clients/${client}/faults`, rule)).rules.at(-1)!;
const journal = async () => (await consoleCall<{ records: RequestJournalRecord[] }>('GET', `requests?limit=10000&client=${client}`)).records;
const requests = async () => (await journal()).flatMap((r) => (r.type === 'request' ? [r] : []));
const held = async () => (await control()).watches.flatMap((w) => w.held.map((h) => `${h.type} ${h.kind} ${h.name}`));

beforeAll(async () => {
  if (!cargo) return;
  const operatorBin = await cargoBuild(crateDir, 'rust-configmap-generator');
  dataDir = mkdtempSync(join(tmpdir(), 'dojo-kube-rs-held-'));
  up = await runUp(testUpOptions({ dataDir }));
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(up.kubeconfigPath);
  admin = await KubeTransport.fromKubeConfig(kubeConfig, { userAgent: 'kubectl/v1.37.2 (linux/amd64) kubernetes/test' });
  const crd = parse(execFileSync(operatorBin, ['--print-crd'], { encoding: 'utf8' }));
  expect((await adminRequest('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd)).code).toBe(201);
  await eventually(async () => (await adminRequest('GET', generators)).code === 200, () => 'the ConfigMapGenerator CRD to be served');
  await adminRequest('POST', '/api/v1/namespaces', { metadata: { name: namespace } });
  const kubeconfig = execFileSync(process.execPath, [dojoConsole, 'connect', client, '--data-dir', dataDir], { encoding: 'utf8' }).trim();
  operator = startExternalProcess(operatorBin, ['--namespace', namespace], { KUBECONFIG: kubeconfig, RUST_LOG: 'info' }, 'starting controller');
  await operator.ready;
  for (const name of ['one', 'two']) {
    await adminRequest('POST', generators, { apiVersion: 'example.dojo.dev/v1', kind: 'ConfigMapGenerator', metadata: { name, namespace }, spec: { content: 'v1' } });
  }
  for (const name of ['one', 'two']) await eventually(async () => (await content(name)) === 'v1', () => `ConfigMap ${name}-generated; ${why()}`);
}, 45 * 60_000);

afterAll(async () => {
  await operator?.stop();
  admin?.close();
  await up?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!cargo)('a kube-rs operator, paused, stepped and stopped at a breakpoint', () => {
  it('holds its reaction to an edit while paused; step releases exactly one event; resume the rest', async () => {
    await control({ op: 'pause' });
    await edit('one', 'v2');
    await edit('two', 'v2');
    await eventually(async () => (await held()).filter((h) => h.startsWith('MODIFIED ConfigMapGenerator')).length === 2, () => `both edits held; ${why()}`);
    expect(await content('one')).toBe('v1');
    expect(await content('two')).toBe('v1');

    const stepped: string[] = [];
    for (let i = 0; i < 20 && !stepped.includes('MODIFIED ConfigMapGenerator one'); i++) {
      const step = await control({ op: 'step' });
      expect(step.released).toBe(1);
      stepped.push(`${step.stepped!.type} ${step.stepped!.kind} ${step.stepped!.name}`);
    }
    expect(stepped).not.toContain('MODIFIED ConfigMapGenerator two');
    await eventually(async () => (await content('one')) === 'v2', () => `one-generated after the step; ${why()}`);
    expect(await content('two')).toBe('v1');

    await control({ op: 'resume' });
    await eventually(async () => (await content('two')) === 'v2', () => `two-generated after resume; ${why()}`);
  }, 5 * 60_000);

  it('a breakpoint on one generator holds only it; continue releases it', async () => {
    await control({ op: 'break', breakpoint: { kind: 'ConfigMapGenerator', namespace, name: 'two' } });
    await edit('two', 'v3');
    await edit('one', 'v3');
    await eventually(async () => (await content('one')) === 'v3', () => `one-generated past the breakpoint; ${why()}`);
    expect(await held()).toEqual(['MODIFIED ConfigMapGenerator two']);
    expect(await content('two')).toBe('v2');
    await control({ op: 'continue' });
    await eventually(async () => (await content('two')) === 'v3', () => `two-generated after continue; ${why()}`);
  }, 5 * 60_000);
});

describe.skipIf(!cargo)('a kube-rs operator, faulted and shown a stale view', () => {
  afterEach(async () => {
    await control({ op: 'stale', stale: null });
    await consoleCall('DELETE', `clients/${client}/faults`);
  });

  it('retries a ConfigMap replace answered 409 Conflict (its error_policy requeues in 200 ms), and the content lands', async () => {
    const rule = await fault({ verbs: ['update'], resource: 'configmaps', name: 'one-generated', status: 409, count: 1 });
    await edit('one', 'v4');
    await eventually(async () => (await content('one')) === 'v4', () => `one-generated after the 409; ${why()}`);
    // The console reads the journal as the server writes it: wait for the retry's record too.
    const replaces = await eventually(async () => {
      const found = (await requests()).filter((r) => r.verb === 'update' && r.resource === 'configmaps' && r.name === 'one-generated');
      const faulted = found.findIndex((r) => r.fault?.rule === rule.id);
      return faulted >= 0 && found.length > faulted + 1 && found.slice(faulted);
    }, () => `the journal's records of the replaces; ${why()}`);
    expect(replaces.map((r) => r.code)).toEqual([409, 200]);
    expect(operator!.output()).toContain('conflict, retrying');
  }, 2 * 60_000);

  it('a watch cut makes its watcher watch again from where it was; a 410 on that resumed watch makes it relist', async () => {
    const opensBefore = (await journal()).filter((r) => r.type === 'watch-open').length;
    const watchOf = (effect: Partial<FaultRuleSpec>): FaultRuleSpec => ({ verbs: ['watch'], resource: 'configmapgenerators.example.dojo.dev', count: 1, ...effect });
    const cut = await fault(watchOf({ watchCut: true }));
    const gone = await fault(watchOf({ gone: true }));
    // Its open watch was decided when it opened: end it (as a timeout would) so the next one meets the rules.
    await up.apiserver!.closeWatches('the test ends every watch');
    const relist = await eventually(async () => {
      const records = await journal();
      const refused = records.find((r) => r.type === 'watch-open' && r.fault?.rule === gone.id);
      return refused && records.find((r) => r.type === 'request' && r.verb === 'list' && r.resource === 'configmapgenerators' && r.seq > refused.seq);
    }, () => `a relist of the generators after the 410; ${why()}`);
    const opens = (await journal())
      .filter((r) => r.type === 'watch-open')
      .slice(opensBefore)
      .filter((r) => r.type === 'watch-open' && r.resource === 'configmapgenerators');
    const cutAt = opens.findIndex((o) => o.type === 'watch-open' && o.fault?.rule === cut.id);
    expect(opens[cutAt]).toMatchObject({ fault: { watch: 'cut' }, resourceVersion: expect.stringMatching(/^\d+$/) });
    // kube-rs' watcher resumes after a dropped stream from its last resourceVersion, and relists only on 410.
    expect(opens[cutAt + 1]).toMatchObject({ fault: { rule: gone.id, watch: 'gone' }, resourceVersion: expect.stringMatching(/^\d+$/) });
    expect(relist.seq).toBeGreaterThan(opens[cutAt + 1]!.seq);
    await edit('one', 'v5');
    await eventually(async () => (await content('one')) === 'v5', () => `one-generated after its relist; ${why()}`);
  }, 2 * 60_000);

  it('on a stale view its ConfigMap writes carry the old resourceVersion and are refused, so no stale write is made; lifted, it converges', async () => {
    const current = (await adminRequest('GET', `/api/v1/namespaces/${namespace}/configmaps/two-generated`)).body as { metadata: { resourceVersion: string } };
    // Its reads go back before the ConfigMap's last version (the generated ConfigMap as it was, or not yet there).
    const now = Number(((await adminRequest('GET', generators)).body as { metadata: { resourceVersion: string } }).metadata.resourceVersion);
    await control({ op: 'stale', stale: { behind: now - Number(current.metadata.resourceVersion) + 20 } });
    const before = (await requests()).length;
    await edit('two', 'v6');
    // Its GET answers the old ConfigMap; the replace built from it names that resourceVersion (or,
    // read as not there yet, its create clashes): kube's optimistic concurrency refuses it, again on each retry.
    const refused = await eventually(async () => {
      const writes = (await requests()).slice(before).filter((r) => r.resource === 'configmaps' && r.name === 'two-generated' && (r.verb === 'update' || r.verb === 'create'));
      return writes.filter((r) => r.code === 409).length >= 2 && writes;
    }, () => `its refused writes of two-generated; ${why()}`);
    expect(refused.every((r) => r.code === 409)).toBe(true);
    const reads = (await requests()).slice(before).filter((r) => r.verb === 'get' && r.resource === 'configmaps' && r.name === 'two-generated');
    expect(reads[0]).toMatchObject({ view: { readReason: 'stale' } });
    expect(await content('two')).toBe('v3');
    const staleness = await consoleCall<ClientStalenessAnswer>('GET', `clients/${client}/staleness`);
    expect(staleness.staleWrites.filter((w) => w.object.name === 'two-generated')).toEqual([]);

    await control({ op: 'stale', stale: null });
    await eventually(async () => (await content('two')) === 'v6', () => `two-generated once the view is current; ${why()}`);
  }, 2 * 60_000);
});
