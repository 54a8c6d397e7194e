/**
 * kube-rs, unmodified: our small operator (examples/operators/rust-configmap-generator, on the
 * newest kube + kube-runtime from crates.io) built with cargo and run as its own process against
 * a whole console started as `npm start -- --otlp-receiver` starts it, with a credential from
 * `dojo-console connect NAME` and its spans exported over OTLP/HTTP to the console. Everything
 * is asserted through the console's own API, as the web UI reads it. kube-rs sends no
 * User-Agent, so only its token names it. Skipped, saying so, without cargo.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KubeConfig } from '@kubernetes/client-node';
import { parse } from 'yaml';
import type { ActivitySnapshot, ClientReportCard, RequestLogPage, TelemetryPage, TelemetryRecord, TraceReceiverSnapshot } from '@dojo/console-protocol';
import { KubeTransport } from '@dojo/runtime';
import { cargoBuild, requireToolchain } from '@dojo/toolchains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import { startExternalProcess, type ExternalProcess, testUpOptions } from '@dojo/server/testing';
import { ownerTree } from './testing/console-view.ts';
import { runUp, type RunningConsole } from '@dojo/server';

const cargo = requireToolchain('cargo', 'operators: kube-rs');
const crateDir = fileURLToPath(new URL('../../examples/operators/rust-configmap-generator', import.meta.url));
const dojoConsole = fileURLToPath(new URL('../../apps/server/bin/dojo-console.mjs', import.meta.url));
const service = 'rust-configmap-generator';

let operatorBin: string;
let dataDir: string;
let up: RunningConsole;
let admin: KubeTransport;
const operators: ExternalProcess[] = [];
/** How long after an operator's first request each thing appeared in the console (ms). */
const appeared: Record<string, number> = {};

const generators = (namespace: string) => `/apis/example.dojo.dev/v1/namespaces/${namespace}/configmapgenerators`;
const generator = (name: string, namespace: string, content = 'hello') => ({
  apiVersion: 'example.dojo.dev/v1',
  kind: 'ConfigMapGenerator',
  metadata: { name, namespace },
  spec: { content },
});
const metadataOf = (body: unknown) => (body as { metadata: { uid: string; resourceVersion: string } }).metadata;

async function consoleApi<T>(path: string): Promise<T> {
  const res = await fetch(`${up.console.url}${path.replace(/^\//, '')}`, { headers: { authorization: `Bearer ${up.token}` } });
  return (await res.json()) as T;
}
const activity = () => consoleApi<ActivitySnapshot>('/api/activity');
const traces = () => consoleApi<TraceReceiverSnapshot>('/api/traces');
async function telemetry<T extends TelemetryRecord['type']>(type: T, controller: string): Promise<Extract<TelemetryRecord, { type: T }>[]> {
  const page = await consoleApi<TelemetryPage>(`/api/telemetry?types=${type}&controller=${encodeURIComponent(controller)}&limit=50000`);
  return page.records as Extract<TelemetryRecord, { type: T }>[];
}
const adminRequest = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, contentType?: string) =>
  admin.request({ method, path, ...(body === undefined ? {} : { body: JSON.stringify(body) }), ...(contentType ? { contentType } : {}) });

/** Polls `probe` until it returns something other than undefined/false. */
async function eventually<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `dojo-console connect NAME`, as a person runs it: prints the kubeconfig's path on stdout. */
const connect = (name: string): string => execFileSync(process.execPath, [dojoConsole, 'connect', name, '--data-dir', dataDir], { encoding: 'utf8' }).trim();

/** The operator as its own process: the connected kubeconfig, and the OTLP variables the console prints. */
async function startOperator(name: string, namespace: string, flags: string[] = [], otelService = service): Promise<ExternalProcess> {
  const env = {
    KUBECONFIG: connect(name),
    OTEL_EXPORTER_OTLP_ENDPOINT: up.traces!.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
    OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${up.traces!.token}`,
    OTEL_SERVICE_NAME: otelService,
    RUST_LOG: 'info,kube=debug',
  };
  const operator = startExternalProcess(operatorBin, ['--namespace', namespace, ...flags], env, 'starting controller');
  operators.push(operator);
  await operator.ready;
  return operator;
}

/** When the console first saw a request from `client`, and a recorder of what appears after. */
async function firstRequestOf(client: string): Promise<(what: string) => void> {
  const summary = await eventually(async () => (await activity()).clients.find((c) => c.name === client), `${client}'s first request`);
  return (what) => void (appeared[`${client}: ${what}`] = Date.now() - summary.firstSeen);
}

beforeAll(async () => {
  if (!cargo) return;
  operatorBin = await cargoBuild(crateDir, 'rust-configmap-generator');
  dataDir = mkdtempSync(join(tmpdir(), 'dojo-kube-rs-'));
  up = await runUp(testUpOptions({ dataDir, otlpReceiver: true }));
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(up.kubeconfigPath);
  admin = await KubeTransport.fromKubeConfig(kubeConfig, { userAgent: 'kubectl/v1.37.2 (linux/amd64) kubernetes/test' });
  // The operator prints its own CRD (`--print-crd`, kube's CustomResourceExt::crd()).
  const crd = parse(execFileSync(operatorBin, ['--print-crd'], { encoding: 'utf8' }));
  expect((await adminRequest('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd)).code).toBe(201);
  await eventually(async () => (await adminRequest('GET', generators('default'))).code === 200, 'the ConfigMapGenerator CRD to be served');
  for (const ns of ['kube-rs', 'kube-rs-loop', 'kube-rs-streaming']) await adminRequest('POST', '/api/v1/namespaces', { metadata: { name: ns } });
}, 45 * 60_000);

afterAll(async () => {
  await Promise.all(operators.map((o) => o.stop()));
  admin?.close();
  await up?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (Object.keys(appeared).length > 0) console.info(`kube-rs: appeared after the operator's first request (ms): ${JSON.stringify(appeared, null, 1)}`);
});

describe.skipIf(!cargo)('a kube-rs operator, unmodified, as its own process', () => {
  it('converges, and the console shows it as one client: its watches, inferred and traced reconciles, its ConfigMap and its Event', async () => {
    const operator = await startOperator('cm-generator', 'kube-rs');
    const mark = await firstRequestOf('cm-generator');
    // Its card: named by its token alone, holding a watch on each kind it watches. Created only
    // once both are open, so the object reaches it as a watch event, not in its initial list.
    const card = await eventually(async () => (await activity()).clients.find((c) => c.name === 'cm-generator' && c.watchesHeld === 2), 'its two watches');
    mark('watches');
    expect(card).toMatchObject({ kind: 'connected', userAgents: [] });
    const watches = (await activity()).watches.find((w) => w.client === 'cm-generator')!;
    expect(
      watches.watches
        .filter((w) => !w.closedAt)
        .map((w) => `${w.resource} ${w.namespace}`)
        .sort(),
    ).toEqual(['configmapgenerators kube-rs', 'configmaps kube-rs']);
    const created = await adminRequest('POST', generators('kube-rs'), generator('hello', 'kube-rs'));
    expect(created.code).toBe(201);
    const { uid, resourceVersion } = metadataOf(created.body);

    await eventually(
      async () => JSON.stringify((await adminRequest('GET', `${generators('kube-rs')}/hello`)).body).includes('"observedGeneration":1'),
      `its status:\n${operator.output()}`,
    );
    mark('status.observedGeneration');
    const configMap = (await adminRequest('GET', '/api/v1/namespaces/kube-rs/configmaps/hello-generated')).body as {
      data: Record<string, string>;
      metadata: { ownerReferences: unknown[] };
    };
    expect(configMap.data).toEqual({ content: 'hello' });
    expect(configMap.metadata.ownerReferences).toEqual([
      { apiVersion: 'example.dojo.dev/v1', kind: 'ConfigMapGenerator', name: 'hello', uid, controller: true },
    ]);
    // The console's owner tree, built as the object page builds it: the ConfigMap under its generator.
    const tree = await ownerTree({ list: async (path) => (await consoleApi<{ items: KubeObject[] }>(`/api/kube${path}`)).items }, created.body as KubeObject);
    expect(tree).toEqual({ kind: 'ConfigMapGenerator', name: 'hello', children: [{ kind: 'ConfigMap', name: 'hello-generated', children: [] }] });
    mark('owner tree');

    // The pass the ADDED event caused, linked to that event, and the writes it made.
    const first = await eventually(
      async () => (await telemetry('reconcile-start', 'cm-generator')).find((p) => p.triggers.some((t) => t.resourceVersion === resourceVersion)),
      'the reconcile of the ADDED event',
    );
    mark('inferred reconcile');
    expect(first.inferred).toMatchObject({ rule: 'same-object-event', object: { kind: 'ConfigMapGenerator', namespace: 'kube-rs', name: 'hello' } });
    // The pass opens with a GET of hello-generated (404, not made yet), an object that names no
    // owner: assumed to belong to hello's pass until the pass creates it as hello's child, which
    // confirms it (pass-inference.ts) — the plain event-driven case, as sure as its trigger.
    expect(first.inferred!.explanation).toContain(
      'its first request was about ConfigMap kube-rs/hello-generated, which it then wrote as a child of ConfigMapGenerator kube-rs/hello',
    );
    expect(first.inferred!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(first.triggers[0]).toMatchObject({ reason: 'watch', event: 'ADDED', kind: 'ConfigMapGenerator', key: 'kube-rs/hello' });
    const calls = async (reconcileId: string, controller = 'cm-generator') =>
      (await telemetry('api-call', controller))
        .filter((c) => c.reconcileId === reconcileId)
        .map((c) => [c.verb, c.resource, c.name, c.code].filter((part) => part !== undefined).join(' '));
    expect(await calls(first.reconcileId)).toEqual(expect.arrayContaining(['get configmaps hello-generated 404', 'create configmaps hello-generated 201']));
    // The one reconcile made all four calls: the ConfigMap's ADDED, the echo of its own create,
    // reaches it before the Event create and must not split the pass (pass-inference.ts).
    const firstCalls = await eventually(async () => {
      const made = await calls(first.reconcileId);
      return made.length >= 4 && made;
    }, 'the first pass to make its four calls').catch(async (error: Error) => {
      throw new Error(`${error.message}; it made: ${(await calls(first.reconcileId)).join(', ')}`);
    });
    expect(firstCalls).toHaveLength(4);
    expect(firstCalls).toEqual(expect.arrayContaining([expect.stringMatching(/^create events \S+ 201$/), 'update configmapgenerators/status hello 200']));
    // The ConfigMap it created is linked to it: its ADDED event is an owned trigger of a later
    // pass over the generator (merged there with the echo of the status write, as kube-rs's
    // queue merges them).
    const ownedTrigger = { reason: 'owned', event: 'ADDED', kind: 'ConfigMap', key: 'kube-rs/hello-generated' };
    const passes = async () => (await telemetry('reconcile-start', 'cm-generator')).filter((p) => p.key === 'kube-rs/hello');
    await eventually(
      async () =>
        (await passes()).slice(1).some((p) => p.triggers.some((t) => Object.entries(ownedTrigger).every(([k, v]) => (t as Record<string, unknown>)[k] === v))),
      'the pass its ConfigMap caused',
    ).catch(async (error: Error) => {
      throw new Error(
        `${error.message}; the passes: ${JSON.stringify((await passes()).map((p) => ({ rule: p.inferred?.rule, why: p.inferred?.explanation, triggers: p.triggers })))}`,
      );
    });
    const everyCall = (await telemetry('api-call', 'cm-generator')).map((c) => `${c.verb} ${c.resource} ${c.code}`);
    expect(everyCall).toEqual(expect.arrayContaining(['create events 201', 'update configmapgenerators/status 200']));

    // Its Event, published with kube's Recorder (events.k8s.io/v1).
    const events = (await adminRequest('GET', '/apis/events.k8s.io/v1/namespaces/kube-rs/events')).body as { items: Record<string, any>[] };
    expect(events.items).toEqual([
      expect.objectContaining({
        reason: 'Created',
        note: 'Created ConfigMap hello-generated',
        reportingController: service,
        regarding: expect.objectContaining({ kind: 'ConfigMapGenerator', name: 'hello', uid }),
      }),
    ]);
    const requests = await consoleApi<RequestLogPage>('/api/requests?client=cm-generator&limit=10000');
    expect(requests.records.some((r) => r.type === 'request' && r.verb === 'create' && r.resource === 'events' && r.code === 201)).toBe(true);

    // Its spans: `reconciling object`, joined to the same card — one operator, not two — and
    // exact where inference is not: the one reconcile that made all four calls.
    const traced = await eventually(
      async () => (await traces()).controllers.find((c) => c.service === service && c.client === 'cm-generator'),
      'its traced reconciles joined to its card',
    );
    mark('traced reconciles in its card');
    expect(traced).toMatchObject({ controller: `${service}/configmapgenerator`, errors: 0 });
    const tracedPasses = (await telemetry('reconcile-start', traced.controller)).filter((p) => p.traced);
    expect(tracedPasses[0]).toMatchObject({ key: 'kube-rs/hello', traced: { service, spanName: 'reconciling object' } });
    const tracedFirst = await eventually(async () => {
      for (const pass of tracedPasses) if ((await calls(pass.reconcileId, traced.controller)).length === 4) return pass;
      return undefined;
    }, 'the traced reconcile with its four calls');
    // A span's URL is all it has of a request, and a create's URL names no object.
    expect(await calls(tracedFirst.reconcileId, traced.controller)).toEqual([
      'get configmaps hello-generated 404',
      'create configmaps 201',
      'create events 201',
      'update configmapgenerators/status hello 200',
    ]);
    expect((await activity()).clients.map((c) => c.name)).not.toContain(service);
    expect((await activity()).hotLoops).toEqual([]);
    const reportCard = await consoleApi<ClientReportCard>('/api/clients/cm-generator/report');
    expect(Object.fromEntries(reportCard.lines.map((l) => [l.id, l.verdict]))).toMatchObject({
      watches: 'good',
      'status-subresource': 'good',
      'hot-loops': 'good',
    });
  }, 120_000);

  it('flags the --hot-loop variant, whose status timestamp re-triggers it, as a self hot loop, and shows a 409 from it with the writer that won', async () => {
    const operator = await startOperator('cm-hot-loop', 'kube-rs-loop', ['--hot-loop'], `${service}-hot-loop`);
    await adminRequest('POST', generators('kube-rs-loop'), generator('spinning', 'kube-rs-loop'));
    const mark = await firstRequestOf('cm-hot-loop');
    const loop = await eventually(
      async () => (await activity()).hotLoops.find((l) => l.writers.includes('cm-hot-loop')),
      `a hot loop:\n${operator.output().slice(-3000)}`,
    );
    mark('hot loop');
    expect(loop).toMatchObject({
      kind: 'self',
      writers: ['cm-hot-loop'],
      fieldPaths: ['status.lastReconcileTime'],
      object: { name: 'spinning', namespace: 'kube-rs-loop' },
      resource: 'configmapgenerators/status',
    });
    // Its report card says so, linking the loop.
    const card = await consoleApi<ClientReportCard>('/api/clients/cm-hot-loop/report');
    const hotLoops = card.lines.find((l) => l.id === 'hot-loops')!;
    expect(hotLoops).toMatchObject({
      verdict: 'problem',
      summary: expect.stringMatching(/^Writing ConfigMapGenerator kube-rs-loop\/spinning again and again now \(self, /),
    });
    expect(hotLoops.links).toContainEqual(expect.objectContaining({ kind: 'hot-loop', hotLoopId: loop.id }));

    // Someone else edits the object while the loop writes status from its cache: a 409 sooner or later.
    const path = `${generators('kube-rs-loop')}/spinning?fieldManager=kubectl-edit`;
    let conflict: Extract<TelemetryRecord, { type: 'conflict' }> | undefined;
    for (let i = 0; i < 50 && !conflict; i++) {
      await adminRequest('PATCH', path, { metadata: { labels: { edit: String(i) } } }, 'application/merge-patch+json');
      await new Promise((r) => setTimeout(r, 100));
      conflict = (await telemetry('conflict', 'cm-hot-loop')).find((c) => c.currentManager === 'kubectl-edit');
    }
    expect(conflict, `no 409 after 50 edits:\n${operator.output().slice(-3000)}`).toBeDefined();
    mark('409');
    expect(conflict).toMatchObject({
      key: 'kube-rs-loop/spinning',
      resource: 'configmapgenerators/status',
      currentManager: 'kubectl-edit',
      currentClient: 'kubectl',
    });
    // Its spans say so too: the 409 under a `reconciling object` span makes that reconcile a conflict.
    const traced = await eventually(
      async () => (await traces()).controllers.find((c) => c.service === `${service}-hot-loop` && c.client === 'cm-hot-loop' && c.conflicts >= 1),
      'its traced conflict',
    );
    mark('traced 409');
    expect(traced.errors).toBe(0);
    await operator.stop();
  }, 120_000);

  // `watcher::Config::default().streaming_lists()`: the watch starts with sendInitialEvents=true
  // and resourceVersionMatch=NotOlderThan, and the initial list ends with the
  // k8s.io/initial-events-end bookmark; without it kube-rs' watcher never leaves its initial state.
  it('converges with --streaming-lists (watches that start with sendInitialEvents)', async () => {
    const operator = await startOperator('cm-streaming', 'kube-rs-streaming', ['--streaming-lists'], `${service}-streaming`);
    await adminRequest('POST', generators('kube-rs-streaming'), generator('streamed', 'kube-rs-streaming'));
    const mark = await firstRequestOf('cm-streaming');
    // kube-runtime holds every reconcile until its stores are ready, i.e. until each watch's
    // initial events end with the `k8s.io/initial-events-end` bookmark.
    await eventually(
      async () => JSON.stringify((await adminRequest('GET', `${generators('kube-rs-streaming')}/streamed`)).body).includes('"observedGeneration":1'),
      `its status:\n${operator.output().slice(-3000)}`,
    );
    mark('status.observedGeneration');
    const watches = (await activity()).watches.find((w) => w.client === 'cm-streaming')!;
    const open = watches.watches.filter((w) => !w.closedAt);
    expect(open.map((w) => w.resource).sort()).toEqual(['configmapgenerators', 'configmaps']);
    for (const watch of open) expect(watch.events.bookmarks).toBeGreaterThanOrEqual(1);
    // A streaming list is not a LIST.
    expect(watches.lists).toEqual([]);
    await operator.stop();
  }, 120_000);
});
