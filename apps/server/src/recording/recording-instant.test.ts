/**
 * #34 items 3, 15 and 16 on the server: a console records a Dojo scaled from one replica to
 * two and a ConfigMap deleted, re-created and deleted again; its recording, dropped twice onto
 * the console, opens in one recording console, whose views answer as of the instant asked
 * about — "why is this not ready?", a kind's schema, the condition history, the versions — and
 * which answers what was recorded of a deleted object, each incarnation (uid) apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type {
  ConditionTransitionRecord,
  Explanation,
  ObjectIncarnationsPage,
  ObjectVersionsPage,
  OpenedRecording,
  RecordingActivity,
  TelemetryPage,
  TelemetryRecord,
} from '@dojo/console-protocol';
import { versionsStream } from '@dojo/history';
import { startConsole, type ConsoleHarness } from '../testing/console-harness.ts';

const dojo = 'core.jutsu.com/Dojo/default/alpha';
const configMap = '/ConfigMap/default/gone';

let c: ConsoleHarness;
let opened: OpenedRecording;
/** Before the Dojo was created. */
let beforeDojo: number;
/** While the Dojo had one ready replica, before it was scaled to two. */
let oneReplica: number;

async function until<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const listeningServers = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;

async function readyReplicas(): Promise<number | undefined> {
  const res = await c.http('GET', '/api/kube/apis/core.jutsu.com/v1/namespaces/default/dojos/alpha');
  return res.status === 200 ? res.body.status?.readyReplicas : undefined;
}

/** A GET of the recording console, as of `at` (its end when undefined). */
async function inRecording<T>(path: string, at?: number): Promise<{ status: number; body: T }> {
  const res = await fetch(new URL(path, opened.url), {
    headers: { authorization: `Bearer ${c.token}`, ...(at === undefined ? {} : { 'x-dojo-at': String(at) }) },
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function drop(file: Buffer): Promise<OpenedRecording> {
  const res = await fetch(`${c.base}/api/recordings?name=session.dojotrace`, {
    method: 'POST',
    headers: { authorization: `Bearer ${c.token}`, 'x-dojo-console': '1', 'content-type': 'application/gzip' },
    body: file,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as OpenedRecording;
}

beforeAll(async () => {
  c = await startConsole();
  for (const step of [
    ['create', 'configmap', 'gone'],
    ['delete', 'configmap', 'gone'],
    ['create', 'configmap', 'gone', '--from-literal=again=yes'],
    ['delete', 'configmap', 'gone'],
  ])
    await c.kubectl(step);
  const versions = c.history.stream(versionsStream);
  await until(
    async () => (versions.query({ where: { object: configMap } }).filter((v) => v.event === 'DELETED').length === 2 ? true : undefined),
    'both deletions recorded',
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  beforeDojo = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 200));
  await c.kubectl(['create', 'secret', 'generic', 'alpha-creds', '--from-literal=password=p']);
  await c.kubectl(
    ['apply', '-f', '-'],
    JSON.stringify({
      apiVersion: 'core.jutsu.com/v1',
      kind: 'Dojo',
      metadata: { name: 'alpha', namespace: 'default' },
      spec: { accountId: 'a', title: 'Alpha', credentialsRef: { name: 'alpha-creds', namespace: 'default' }, replicas: 1 },
    }),
  );
  await until(async () => ((await readyReplicas()) === 1 ? true : undefined), 'one ready replica');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  oneReplica = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await c.kubectl(['patch', 'dojo', 'alpha', '--type', 'merge', '-p', '{"spec":{"replicas":2}}']);
  await until(async () => ((await readyReplicas()) === 2 ? true : undefined), 'two ready replicas');
  await new Promise((resolve) => setTimeout(resolve, 1000));
}, 180_000);

afterAll(async () => {
  await c?.close();
});

describe('a recording dropped onto a console', () => {
  it('opens once however often the same file is dropped: one more listening server, not one per drop', async () => {
    const exported = await fetch(`${c.base}/api/recording/export`, { headers: { authorization: `Bearer ${c.token}` } });
    const file = Buffer.from(await exported.arrayBuffer());
    const before = listeningServers();
    opened = await drop(file);
    expect(listeningServers()).toBe(before + 1);
    const again = await drop(file);
    expect(again.url).toBe(opened.url);
    expect(listeningServers()).toBe(before + 1);
  });
});

describe("a recording's activity markers", () => {
  it('say when reconciles and writes happened in the whole recording, whatever the instant shown', async () => {
    const { status, body } = await inRecording<RecordingActivity>('/api/recording/activity', beforeDojo);
    expect(status).toBe(200);
    expect(body.times.reconcile.some((t) => t > oneReplica)).toBe(true);
    expect(body.times.write.some((t) => t < beforeDojo)).toBe(true);
    expect(body.times.write.some((t) => t > oneReplica)).toBe(true);
    expect(body.truncated).toBe(false);
  });
});

describe('a recording, as of the instant asked about', () => {
  it('explains why an object is not ready, at the instant', async () => {
    const then = await inRecording<Explanation>(`/api/explain?object=${encodeURIComponent(dojo)}`, oneReplica);
    expect(then.status).toBe(200);
    expect(then.body).toMatchObject({ object: { kind: 'Dojo', name: 'alpha' }, computedAt: oneReplica });
    const end = await inRecording<Explanation>(`/api/explain?object=${encodeURIComponent(dojo)}`);
    expect(end.status).toBe(200);
    expect(Number(end.body.generation)).toBeGreaterThan(Number(then.body.generation));
    const unborn = await inRecording<{ reason: string }>(`/api/explain?object=${encodeURIComponent(dojo)}`, beforeDojo);
    expect(unborn).toMatchObject({ status: 404, body: { reason: 'NotFound' } });
  });

  it("answers a kind's schema (its CRD's, for a custom kind)", async () => {
    const custom = await inRecording<{ schema: { properties: Record<string, unknown> } }>('/api/schema/core.jutsu.com/v1/Dojo', oneReplica);
    expect(custom.status).toBe(200);
    expect(custom.body.schema.properties).toHaveProperty('spec');
    expect((await inRecording('/api/schema/core/v1/ConfigMap')).status).toBe(200);
  });

  it('lists only the condition transitions made by the instant', async () => {
    const transitions = async (at?: number) =>
      (await inRecording<TelemetryPage>(`/api/telemetry?object=${encodeURIComponent(dojo)}&types=condition-transition&limit=1000`, at)).body
        .records as ConditionTransitionRecord[];
    const end = await transitions();
    expect(end.length).toBeGreaterThan(0);
    expect(await transitions(beforeDojo)).toEqual([]);
    const then = await transitions(oneReplica);
    expect(then.every((r) => r.time <= oneReplica)).toBe(true);
    expect(then.length).toBeLessThanOrEqual(end.length);
  });

  it("sends over the socket only the telemetry recorded by the socket's instant", async () => {
    const { body: page } = await inRecording<TelemetryPage>('/api/telemetry?limit=50000&sinceSeq=0&from=0', beforeDojo);
    expect(page.records.length).toBeGreaterThan(0);
    const ws = new WebSocket(`${new URL(opened.url).origin.replace('http', 'ws')}/ws?at=${beforeDojo}`, { headers: { authorization: `Bearer ${c.token}` } });
    const received: TelemetryRecord[] = [];
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; records?: TelemetryRecord[] };
      if (message.type === 'telemetry') received.push(...message.records!);
    });
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ op: 'subscribe', id: 't', kind: 'telemetry', fromSeq: 1 }));
    await until(async () => (received.length >= page.records.length ? true : undefined), 'the telemetry up to the instant');
    // The stream replays from disk at once: what has not come in a moment more is not coming.
    await new Promise((resolve) => setTimeout(resolve, 500));
    ws.close();
    expect(received.filter((r) => r.time > beforeDojo)).toEqual([]);
    expect(received.length).toBe(page.records.length);
  });

  it('lists only the versions made by the instant', async () => {
    const versions = async (at?: number) =>
      (await inRecording<ObjectVersionsPage>(`/api/history/versions?object=${encodeURIComponent(dojo)}`, at)).body.versions;
    expect(await versions(beforeDojo)).toEqual([]);
    const then = await versions(oneReplica);
    const end = await versions();
    expect(then.length).toBeGreaterThan(0);
    expect(then.every((v) => v.time <= oneReplica)).toBe(true);
    expect(end.length).toBeGreaterThan(then.length);
  });
});

describe("a deleted object's history", () => {
  it('tells each incarnation of the name apart, newest first, each deleted by kubectl', async () => {
    for (const [base, at] of [
      [c.base, undefined],
      [opened.url, undefined],
    ] as const) {
      const res = await fetch(new URL(`/api/history/incarnations?object=${encodeURIComponent(configMap)}`, base), {
        headers: { authorization: `Bearer ${c.token}`, ...(at ? { 'x-dojo-at': String(at) } : {}) },
      });
      expect(res.status).toBe(200);
      const { incarnations } = (await res.json()) as ObjectIncarnationsPage;
      expect(incarnations).toHaveLength(2);
      expect(incarnations[0]!.uid).not.toBe(incarnations[1]!.uid);
      expect(incarnations[0]!.lastSeen).toBeGreaterThan(incarnations[1]!.lastSeen);
      for (const incarnation of incarnations) expect(incarnation.deleted).toMatchObject({ time: expect.any(Number), by: 'kubectl' });
    }
  });

  it("answers the deleted incarnation's versions, its last body among them", async () => {
    const { body } = await inRecording<ObjectIncarnationsPage>(`/api/history/incarnations?object=${encodeURIComponent(configMap)}`);
    const newest = body.incarnations[0]!;
    const { body: page } = await inRecording<ObjectVersionsPage>(`/api/history/versions?object=${encodeURIComponent(configMap)}&uid=${newest.uid}`);
    expect(page.versions.at(-1)).toMatchObject({ event: 'DELETED', body: { data: { again: 'yes' } } });
    const { body: earlier } = await inRecording<ObjectIncarnationsPage>(`/api/history/incarnations?object=${encodeURIComponent(configMap)}`, beforeDojo - 1);
    expect(earlier.incarnations).toHaveLength(2);
  });
});
