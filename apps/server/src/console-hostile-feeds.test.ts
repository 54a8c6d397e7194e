/**
 * Hostile input to the console's feeds from outside: audit events and OTLP spans that are not
 * what they claim, sent over real HTTP to a real console on a real cluster (an API server
 * started on its own). One bad item never stops a feed: it is refused with a 400 naming it
 * (or, for a span dated far from now, OTLP's partial success), counted, and the next batch is
 * taken; nothing answers 500, and the event loop stays free while it happens.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActivitySnapshot, TelemetryPage, TraceReceiverSnapshot } from '@dojo/console-protocol';
import { HistoryStore, requestsStream, telemetryStream } from '@dojo/history';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { auditEvent } from '@dojo/telemetry-sources/testing';
import { testUpOptions } from './testing/up-options.ts';
import { runUp, type RunningConsole } from './up.ts';

let dir: string;
let cluster: TestApiServer;
let up: RunningConsole;

const start = () => runUp(testUpOptions({ dataDir: join(dir, 'console'), kubeconfig: cluster.kubeconfigPath, auditWebhook: true, otlpReceiver: true }));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-hostile-feeds-'));
  cluster = await startTestApiServer({ dataDir: join(dir, 'cluster') });
  up = await start();
}, 60_000);

afterAll(async () => {
  await up?.stop();
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const tokenFile = (name: string) => readFileSync(join(dir, 'console', name), 'utf8').trim();
const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${up.console.url}${path.slice(1)}`, { headers: { authorization: `Bearer ${up.token}` } });
  return { status: res.status, body: (await res.json()) as T };
};
const postAudit = (items: string[]) =>
  fetch(`${up.console.url}audit/v1/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokenFile('audit-webhook-token')}`, 'content-type': 'application/json' },
    body: `{"kind":"EventList","apiVersion":"audit.k8s.io/v1","items":[${items.join(',')}]}`,
  });
const postTraces = (body: string | Buffer, headers: Record<string, string> = {}) =>
  fetch(`${up.console.url}v1/traces`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokenFile('otlp-receiver-token')}`, 'content-type': 'application/json', ...headers },
    body,
  });

/** An audit event of `user` now, as JSON text (a deep object is spliced in as text: JSON.stringify would overflow on it). */
function event(user: unknown, extra: Record<string, unknown> = {}): string {
  const now = new Date().toISOString();
  return JSON.stringify({ ...auditEvent({ requestReceivedTimestamp: now, stageTimestamp: now }), user: { username: user }, ...extra });
}
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const withDeepRequestObject = (user: string, depth: number) => event(user, { level: 'Request' }).replace(/}$/, `,"requestObject":${nested(depth)}}`);
const users = async () => (await get<ActivitySnapshot>('/api/activity')).body.clients.map((c) => c.user);

const hex = (byte: number, bytes: number) => byte.toString(16).padStart(2, '0').repeat(bytes);
const nanos = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;
function traces(spans: object[]): string {
  return JSON.stringify({
    resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'hostile' } }] }, scopeSpans: [{ spans }] }],
  });
}
function reconcileSpan(id: number, startTimeUnixNano: string, endTimeUnixNano: string): object {
  const attributes = [{ key: 'object.ref', value: { stringValue: `ConfigMap.v1./s${id}.default` } }];
  return { traceId: hex(id, 16), spanId: hex(id, 8), name: 'reconciling object', startTimeUnixNano, endTimeUnixNano, attributes };
}

describe('the audit feed under hostile events', () => {
  it('refuses a bad event with a 400 naming it, takes the good ones of its batch, and takes the next batch', async () => {
    const bad = [
      event(5),
      event({ name: 'x' }),
      withDeepRequestObject('deep', 100_000),
      event('from-2262', { requestReceivedTimestamp: '2262-04-11T00:00:00Z', stageTimestamp: '2262-04-11T00:00:00Z' }),
    ];
    const mixed = await postAudit([...bad, event('taken-beside-bad')]);
    expect(mixed.status).toBe(400);
    const status = (await mixed.json()) as { message: string; details: { causes: { field: string }[] } };
    expect(status.message).toContain('4 of 5 audit events refused, the other 1 taken: items[0] user.username must be a string');
    expect(status.details.causes.map((c) => c.field)).toEqual(['items[0]', 'items[1]', 'items[2]', 'items[3]']);
    // Request targets a client chose are audited as sent: they are requests, not bad events.
    expect((await postAudit([event('odd-target-1', { requestURI: '//a%20b/' }), event('odd-target-2', { requestURI: 'http://[::' })])).status).toBe(200);
    expect((await postAudit([event('after-bad')])).status).toBe(200);
    await vi.waitFor(
      async () => expect(await users()).toEqual(expect.arrayContaining(['taken-beside-bad', 'odd-target-1', 'odd-target-2', 'after-bad'])),
      10_000,
    );
    const activity = await get<ActivitySnapshot>('/api/activity');
    expect(activity.status).toBe(200);
    expect(activity.body.feed).toMatchObject({ state: 'live', refused: 4, detail: expect.stringContaining("ahead of the console's clock") });
    expect(activity.body.clients.map((c) => c.user)).not.toContain('from-2262');
  }, 60_000);
});

describe('the OTLP receiver under hostile spans', () => {
  it('refuses a span dated in 2262 with partialSuccess, and the timeline stays at now', async () => {
    const now = Date.now();
    const answer = await postTraces(
      traces([reconcileSpan(0x31, nanos(now - 1_000), nanos(now - 990)), reconcileSpan(0x32, '9200000000000000000', '9200000000000000001')]),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ partialSuccess: { rejectedSpans: '1', errorMessage: expect.stringContaining('ahead of the console') } });
    const page = (await get<TelemetryPage>('/api/telemetry?limit=50000')).body;
    expect(page.records.some((r) => r.time >= now - 1_000 && r.time < now)).toBe(true);
    expect(Math.max(...page.records.map((r) => r.time))).toBeLessThan(Date.now() + 60_000);
    expect((await get<TraceReceiverSnapshot>('/api/traces')).body.rejectedSpans).toBe(1);
  }, 30_000);

  it('answers a time of 4 million digits with a 400 at once, and /healthz stays responsive meanwhile', async () => {
    const digits = '1'.repeat(4_000_000);
    const body = gzipSync(traces([reconcileSpan(0x33, digits, digits)]));
    let slowestHealthz = 0;
    let sending = true;
    const healthz = (async () => {
      while (sending) {
        const started = performance.now();
        expect((await fetch(`${up.console.url}healthz`)).status).toBe(200);
        slowestHealthz = Math.max(slowestHealthz, performance.now() - started);
        // A poll, not a flood: this loop shares the console's process and event loop.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await postTraces(body, { 'content-encoding': 'gzip' }));
    const tookMs = (performance.now() - started) / 3;
    sending = false;
    await healthz;
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ code: 3, message: expect.stringContaining('must be an int64: at most 20 characters') });
    }
    // Generous on a loaded machine: BigInt took ~2.3 s per request here.
    expect(tookMs).toBeLessThan(1_000);
    expect(slowestHealthz).toBeLessThan(1_000);
  }, 60_000);

  it('answers every malformed OTLP/JSON shape with a 400, never a 500', async () => {
    const span = reconcileSpan(0x34, nanos(Date.now()), nanos(Date.now() + 1));
    const shapes: Record<string, string> = {
      'attributes: 5': traces([{ ...span, attributes: 5 }]),
      'attributes: [null]': traces([{ ...span, attributes: [null] }]),
      'events: "x"': traces([{ ...span, events: 'x' }]),
      'events: [null]': traces([{ ...span, events: [null] }]),
      'scopeSpans: 7': JSON.stringify({ resourceSpans: [{ scopeSpans: 7 }] }),
      'kvlistValue nested 100,000 deep': traces([{ ...span, attributes: [{ key: 'k', value: JSON.parse('{}') }] }]).replace(
        '"value":{}',
        `"value":${'{"kvlistValue":{"values":[{"key":"k","value":'.repeat(25_000)}{}${'}]}}'.repeat(25_000)}`,
      ),
      'a list nested 100,000 deep': `{"resourceSpans":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    };
    for (const [shape, body] of Object.entries(shapes)) {
      const answer = await postTraces(body);
      expect(answer.status, shape).toBe(400);
      expect(((await answer.json()) as { code: number }).code, shape).toBe(3);
    }
    expect((await fetch(`${up.console.url}healthz`)).status).toBe(200);
  }, 60_000);
});

// Last: it restarts the console the tests above share.
describe('a console restarted on the same data dir', () => {
  it('after a restart on the same data dir, skips a bad or far-future record an earlier version stored, never answering 500', async () => {
    // A batch with an unreadable user beside a good event: the good one's records are kept on disk.
    expect((await postAudit([event({ name: 'x' }), event('kept-before-restart')])).status).toBe(400);
    await vi.waitFor(async () => expect(await users()).toContain('kept-before-restart'), 10_000);
    await up.stop();
    // What an earlier version kept of a `user.username: 5` event: an inferred reconcile under controller 5.
    const history = new HistoryStore({ path: join(dir, 'console', 'history.db') });
    const telemetry = history.stream(telemetryStream);
    const requests = history.stream(requestsStream);
    const time = Date.now();
    const object = { group: '', kind: 'ConfigMap', namespace: 'default', name: 'planted' };
    telemetry.append({
      type: 'reconcile-start',
      seq: telemetry.lastSeq + 1,
      time,
      controller: 5,
      key: 'default/planted',
      object,
      worker: 0,
      reconcileId: 'inferred-5-1',
      triggers: [],
      droppedTriggers: 0,
    } as never);
    // …and a span from the year 2262 it took: no age eviction ever drops it.
    telemetry.append({
      type: 'reconcile-start',
      seq: telemetry.lastSeq + 1,
      time: 9.2e12,
      controller: 'from-2262',
      key: 'default/planted',
      object,
      worker: 0,
      reconcileId: 'traced-2262',
      triggers: [],
      droppedTriggers: 0,
    } as never);
    requests.append({ type: 'request', seq: requests.lastSeq + 1, time, user: 5, verb: 'get', code: 200, latencyMs: 1 } as never);
    await history.close();
    up = await start();
    expect((await postAudit([event('after-restart')])).status).toBe(200);
    await vi.waitFor(async () => expect(await users()).toContain('after-restart'), 10_000);
    for (const path of ['/api/activity', '/api/telemetry?limit=1000', '/api/controllers']) expect((await get(path)).status, path).toBe(200);
    // The Timeline lists controllers by name: the planted record is skipped, what was kept before the restart is still there.
    const kept = (await get<TelemetryPage>('/api/telemetry?limit=50000')).body.records;
    expect(kept.filter((r) => 'controller' in r && typeof r.controller !== 'string')).toEqual([]);
    expect(kept.filter((r) => r.time > Date.now() + 3_600_000)).toEqual([]);
    expect(kept.some((r) => 'controller' in r && r.controller === 'kept-before-restart')).toBe(true);
  }, 60_000);
});
