/**
 * `dojo-console client NAME …` as a person runs it (the bin, in its own process) against a
 * whole console (`runUp`, its API server on its own thread), with a client connected as "op"
 * watching ConfigMaps through @kubernetes/client-node's Watch.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { connectClient } from '@dojo/apiserver';
import type { ClientViewState } from '@dojo/console-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, type BinResult } from '../testing/run-bin.ts';
import { testUpOptions } from '../testing/up-options.ts';
import { runUp, type RunningConsole } from '../up.ts';
import { parseClientCommand, runClientCommand } from '@dojo/client-controls';

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-console-client-cli-'));
let running: RunningConsole;
let admin: k8s.CoreV1Api;
let opKubeconfig: string;
const seen: string[] = [];
let stopWatch: (() => void) | undefined;

/** The command in this process (parse, then HTTP to the console), as the bin runs it: faster than a process per call. */
async function client(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const parsed = parseClientCommand([...args, '--data-dir', dataDir]);
  if (parsed === 'help') throw new Error('unexpected help');
  let stdout = '';
  let stderr = '';
  const code = await runClientCommand(parsed, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

/** The bin, in its own process. */
const cli = (...args: string[]): Promise<BinResult> => runBin('client', [...args, '--data-dir', dataDir]);

beforeAll(async () => {
  running = await runUp(testUpOptions({ dataDir }));
  const adminConfig = new k8s.KubeConfig();
  adminConfig.loadFromFile(running.kubeconfigPath);
  admin = adminConfig.makeApiClient(k8s.CoreV1Api);
  opKubeconfig = connectClient(dataDir, 'op').kubeconfigPath;
  await admin.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'a' }, data: { v: '1' } } });
  const op = new k8s.KubeConfig();
  op.loadFromFile(opKubeconfig);
  const request = await new k8s.Watch(op).watch(
    '/api/v1/namespaces/default/configmaps',
    { allowWatchBookmarks: false },
    (type: string, obj: k8s.V1ConfigMap) => seen.push(`${type} ${obj.metadata?.name} ${obj.data?.v}`),
    () => {},
  );
  stopWatch = () => request.abort();
  const deadline = Date.now() + 20_000;
  while (!seen.includes('ADDED a 1')) {
    if (Date.now() > deadline) throw new Error(`the watch never delivered the ConfigMap: ${seen.join(', ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}, 90_000);

afterAll(async () => {
  stopWatch?.();
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The same state over the HTTP API (what the UI reads): how many events are held for "op". */
async function held(): Promise<string[]> {
  const res = await fetch(new URL('api/clients/op/view', running.console.url), { headers: { authorization: `Bearer ${running.token}` } });
  const state = (await res.json()) as ClientViewState;
  return state.watches.flatMap((w) => w.held.map((h) => `${h.type} ${h.name} ${h.because}`));
}

const edit = (v: string) =>
  admin.patchNamespacedConfigMap(
    { name: 'a', namespace: 'default', body: { data: { v } } },
    k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
  );

describe('dojo-console client NAME against a running console', () => {
  it('finds the console through the data dir, which it leaves once stopped', () => {
    expect(JSON.parse(readFileSync(join(dataDir, 'console-endpoint.json'), 'utf8'))).toMatchObject({ url: running.console.url });
  });

  it('pauses, shows the held event per watch, steps exactly it, and resumes', async () => {
    const paused = await cli('op', 'pause');
    expect(paused.code).toBe(0);
    expect(paused.stdout).toMatch(/paused: +since .*, at resourceVersion \d+/);
    await edit('2');
    await edit('3');
    await expect.poll(held, { timeout: 20_000 }).toEqual(['MODIFIED a pause', 'MODIFIED a pause']);
    expect((await client('op', 'status')).stdout).toMatch(/held: +2 events on 1 open watch/);
    expect(seen).not.toContain('MODIFIED a 2');
    const stepped = await client('op', 'step');
    expect(stepped.stdout).toMatch(/stepped: +MODIFIED ConfigMap default\/a/);
    await expect.poll(() => seen, { timeout: 20_000 }).toContain('MODIFIED a 2');
    expect(seen).not.toContain('MODIFIED a 3');
    const resumed = await client('op', 'resume');
    expect(resumed.stdout).toMatch(/released: +1 event\b/);
    expect(resumed.stdout).toMatch(/paused: +no/);
    await expect.poll(() => seen, { timeout: 20_000 }).toContain('MODIFIED a 3');
  }, 120_000);

  it('sets and lifts a breakpoint and a stale view, printing what is in force', async () => {
    const broke = await client('op', 'break', '--kind', 'ConfigMap', '--namespace', 'default', '--name', 'a');
    expect(broke.stdout).toMatch(/breakpoints: ConfigMap default\/a/);
    await edit('4');
    await expect.poll(held, { timeout: 20_000 }).toEqual(['MODIFIED a breakpoint']);
    const continued = await client('op', 'continue');
    expect(continued.stdout).toMatch(/breakpoints: none/);
    await expect.poll(() => seen, { timeout: 20_000 }).toContain('MODIFIED a 4');
    const stale = await client('op', 'stale', '--behind', '2');
    expect(stale.stdout).toMatch(/stale view: +2 resourceVersions behind/);
    expect(stale.stdout).toMatch(/reads: +answered as of resourceVersion \d+/);
    expect((await client('op', 'stale', '--off')).stdout).toMatch(/reads: +the latest state/);
  }, 120_000);

  it('refuses bad usage with 2, and a name that is not a connected client with 1', async () => {
    const usage = await cli('op', 'break', '--name', 'a');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('break needs --kind');
    expect(() => parseClientCommand(['op', 'frobnicate'])).toThrow(/unknown subcommand "frobnicate"/);
    const nobody = await cli('nobody', 'pause');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('404 clients.console "nobody" not found');
  }, 60_000);

  it('adds a fault rule the client meets, lists what it did, and clears it', async () => {
    const opConfig = new k8s.KubeConfig();
    opConfig.loadFromFile(opKubeconfig);
    const op = opConfig.makeApiClient(k8s.CoreV1Api);
    const added = await cli('op', 'fault', '--verb', 'get', '--resource', 'configmaps', '--name', 'a', '--status', '503', '--count', '1');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/^Faults on client op \(1 rule/);
    expect(added.stdout).toMatch(/503 ServiceUnavailable on get configmaps named a; count 1, 1 left; matched 0, injected 0/);
    // The rule fires once, in kube's words, and only for this client.
    await expect(op.readNamespacedConfigMap({ name: 'a', namespace: 'default' })).rejects.toMatchObject({ code: 503 });
    expect((await op.readNamespacedConfigMap({ name: 'a', namespace: 'default' })).metadata?.name).toBe('a');
    const listed = await client('op', 'faults');
    expect(listed.stdout).toMatch(/count 1, exhausted; matched 1, injected 1/);
    const cleared = await cli('op', 'faults', '--clear');
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(cleared.stdout).toBe('No faults on client op.\n');
    expect((await cli('op', 'faults', '--id', 'f1')).code).toBe(2);
  }, 60_000);

  it("lifts the controls when the client's credential is removed, delivering what was held", async () => {
    await client('op', 'pause');
    await edit('5');
    await expect.poll(held, { timeout: 20_000 }).toEqual(['MODIFIED a pause']);
    rmSync(opKubeconfig);
    await expect.poll(() => seen, { timeout: 20_000 }).toContain('MODIFIED a 5');
    expect((await client('op', 'status')).code).toBe(1);
  }, 60_000);

  it('leaves no endpoint file behind once the console stops', async () => {
    stopWatch?.();
    stopWatch = undefined;
    await running.stop();
    expect(existsSync(join(dataDir, 'console-endpoint.json'))).toBe(false);
    const after = await client('op', 'status');
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('no console of');
    running = { stop: async () => {} } as unknown as RunningConsole;
  }, 60_000);
});
