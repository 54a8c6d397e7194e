/**
 * #18 recordings, end to end on the server: a console runs a Dojo scenario; `dojo-console
 * export` beside it and the console's own export write the session; the file's bytes carry no
 * Secret value (whichever way it passed: the Secret's versions, an Event's message, a reconcile's
 * error, a request record), no credential, no path of this machine; moved to another directory,
 * it opens in a console with a fresh data directory and no cluster, which answers every view at
 * any instant and refuses every write.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ActivitySnapshot, RequestJournalRecord, RequestLogPage, TraceHeader, TraceRecordLine } from '@dojo/console-protocol';
import { eventsStream, requestsStream } from '@dojo/history';
import type { KubeObject } from '@dojo/kube-api';
import { startConsole, type ConsoleHarness } from '../testing/console-harness.ts';
import { openRecording, type RunningRecording } from './open-recording.ts';

const bin = fileURLToPath(new URL('../../bin/dojo-console.mjs', import.meta.url));
const secretValue = 'hunter2-correct-horse-battery';
const encodedValue = Buffer.from(secretValue).toString('base64');
const name = 'rec';

let c: ConsoleHarness;
let recording: RunningRecording;
let file: string;
let bytes: string;
/** An instant while the Dojo had one replica, before it was scaled to two. */
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

const dojoPath = `/api/kube/apis/core.jutsu.com/v1/namespaces/default/dojos/${name}`;
/** A JSON answer, read loosely as tests do. */
const json = (res: Response): Promise<any> => res.json();

async function readyReplicas(): Promise<number | undefined> {
  const res = await c.http('GET', dojoPath);
  return res.status === 200 ? res.body.status?.readyReplicas : undefined;
}

beforeAll(async () => {
  c = await startConsole();
  await c.kubectl(
    ['apply', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: `${name}-creds`, namespace: 'default' }, stringData: { password: secretValue } }),
  );
  await c.kubectl(
    ['apply', '-f', '-'],
    JSON.stringify({
      apiVersion: 'core.jutsu.com/v1',
      kind: 'Dojo',
      metadata: { name, namespace: 'default' },
      spec: { accountId: 'a', title: 'Recorded', credentialsRef: { name: `${name}-creds`, namespace: 'default' }, replicas: 1 },
    }),
  );
  await until(async () => ((await readyReplicas()) === 1 ? true : undefined), 'one ready replica');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  oneReplica = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await c.kubectl(['patch', 'dojo', name, '--type', 'merge', '-p', '{"spec":{"replicas":2}}']);
  await until(async () => ((await readyReplicas()) === 2 ? true : undefined), 'two ready replicas');
  // The Secret's value, passed along every other way a value can travel.
  const event = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${name}.leak`, namespace: 'default' },
    involvedObject: { apiVersion: 'core.jutsu.com/v1', kind: 'Dojo', name, namespace: 'default' },
    reason: 'Leaky',
    message: `logged in with ${secretValue}`,
    type: 'Warning',
  };
  expect((await c.http('POST', '/api/kube/api/v1/namespaces/default/events', { body: event })).status).toBe(201);
  c.journal.append({
    type: 'reconcile-end',
    controller: 'dojo',
    key: `default/${name}`,
    worker: 0,
    reconcileId: 'leak',
    result: 'error',
    durationMs: 1,
    error: `password ${secretValue} rejected`,
  });
  // A request record carrying the Secret (the journal keeps no bodies today; a record that did must still not leak it).
  const requests = c.history.stream(requestsStream);
  const leaky = {
    seq: requests.lastSeq + 1,
    time: Date.now(),
    type: 'request',
    user: 'admin',
    verb: 'update',
    path: '/api/v1/namespaces/default/secrets',
    code: 200,
    durationMs: 1,
    object: { kind: 'Secret', metadata: { name: `${name}-creds` }, data: { password: encodedValue } },
  };
  requests.append(leaky as unknown as RequestJournalRecord);
  await until(
    async () => (c.history.stream(eventsStream).query({ where: { object: `/Event/default/${name}.leak` } }).length ? true : undefined),
    'the Event recorded',
  );
  // `dojo-console export` reads the file: wait until the journal is on disk.
  await until(async () => (requests.pending === 0 ? true : undefined), 'the request journal written');
}, 180_000);

afterAll(async () => {
  await recording?.stop();
  await c?.close();
});

describe('a recording', () => {
  it('is written by `dojo-console export` beside the running console, every stream in it', async () => {
    file = join(mkdtempSync(join(tmpdir(), 'made-here-')), 'session.dojotrace');
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'export', '--data-dir', c.dataDir, '--output', file]);
    expect(stdout).toMatch(/^Wrote .*session\.dojotrace/);
    const [headerLine, ...lines] = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
    const header = JSON.parse(headerLine!) as TraceHeader;
    expect(header).toMatchObject({ format: 'dojotrace', schemaVersion: 1, source: { clusterMode: 'embedded' }, window: { from: null } });
    expect(header.streams.map((s) => s.stream).sort()).toEqual(['events', 'requests', 'telemetry', 'versions']);
    expect(lines.length).toBe(header.streams.reduce((n, s) => n + s.records, 0));
    bytes = gunzipSync(readFileSync(file)).toString('utf8');
  });

  it("carries the API server's request journal: kubectl's patch of the Dojo, indexed by who made it and what it named", () => {
    const [headerLine, ...lines] = bytes.trimEnd().split('\n');
    const header = JSON.parse(headerLine!) as TraceHeader;
    expect(header.streams.find((s) => s.stream === 'requests')).toMatchObject({
      columns: ['user', 'resource', 'namespace', 'name', 'watch', 'admitted', 'dryRun'],
      evicted: 0,
    });
    const journal = lines.map((line) => JSON.parse(line) as TraceRecordLine).filter((line) => line.stream === 'requests');
    const patch = journal.find(
      (line) => line.type === 'request' && (line.record as { verb?: string }).verb === 'patch' && line.index.resource === 'dojos' && line.index.name === name,
    );
    expect(patch?.index).toMatchObject({ user: 'admin', resource: 'dojos', namespace: 'default', name });
    expect((patch?.record as { userAgent?: string }).userAgent).toMatch(/^kubectl/);
    expect(journal.some((line) => line.type === 'watch-open')).toBe(true);
    expect(journal.some((line) => line.type === 'watch-event')).toBe(true);
  });

  it('carries no Secret value, however it passed, no credential and nothing of this machine', () => {
    expect(bytes).toContain(`"name":"${name}-creds"`);
    expect(bytes).toContain('Leaky');
    for (const leak of [secretValue, encodedValue, c.token, readFileSync(join(c.dataDir, 'admin-token'), 'utf8').trim(), c.dataDir, tmpdir()])
      expect(bytes).not.toContain(leak);
    if (hostname().length >= 6) expect(bytes).not.toContain(hostname());
  });

  it("is what the console's own export writes too", async () => {
    const res = await fetch(`${c.base}/api/recording/export?from=${oneReplica - 60_000}`, { headers: { authorization: `Bearer ${c.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?dojo-[^"]*\.dojotrace"?$/);
    const text = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as TraceHeader;
    expect(header.window.from).toBe(oneReplica - 60_000);
    expect(text).not.toContain(secretValue);
    expect(text).not.toContain(encodedValue);
  });

  it('opens on another machine: moved to a new directory, with a fresh data directory and no cluster', async () => {
    const moved = join(mkdtempSync(join(tmpdir(), 'elsewhere-')), 'shared.dojotrace');
    renameSync(file, moved);
    recording = await openRecording({ file: moved, dataDir: mkdtempSync(join(tmpdir(), 'fresh-')), host: '127.0.0.1', port: 0 });
    const session = await json(await fetch(`${recording.console.url}api/session`, { headers: { authorization: `Bearer ${recording.token}` } }));
    expect(session.recording).toMatchObject({ name: 'shared.dojotrace', source: { clusterMode: 'embedded' } });
    expect(session.recording.from).toBeLessThan(oneReplica);
  });

  it('shows the objects as they were at the instant asked about', async () => {
    const at = async (instant: number | undefined, path: string) =>
      json(
        await fetch(`${recording.console.url}${path.slice(1)}`, {
          headers: { authorization: `Bearer ${recording.token}`, ...(instant ? { 'x-dojo-at': String(instant) } : {}) },
        }),
      );
    expect((await at(oneReplica, dojoPath)).spec.replicas).toBe(1);
    expect((await at(undefined, dojoPath)).status.readyReplicas).toBe(2);
    const events = (await at(undefined, '/api/kube/api/v1/namespaces/default/events')).items as KubeObject[];
    expect(events.find((e) => e.reason === 'Leaky')?.message).toBe('logged in with <redacted>');
    const secret = await at(undefined, `/api/kube/api/v1/namespaces/default/secrets/${name}-creds`);
    expect(secret.data).toEqual({ password: '<redacted>' });
    const workqueue = await at(oneReplica, '/api/controllers/dojo');
    expect(workqueue.reconstructed).toMatchObject({ at: oneReplica });
    expect(workqueue.counts.reconciles).toBeGreaterThan(0);
    const reconciles = await at(undefined, `/api/telemetry?object=${encodeURIComponent(`core.jutsu.com/Dojo/default/${name}`)}&types=reconcile-end`);
    expect(reconciles.records.length).toBeGreaterThan(0);
    const versions = await at(undefined, `/api/history/versions?object=${encodeURIComponent(`core.jutsu.com/Dojo/default/${name}`)}`);
    expect(versions.versions.some((v: { change: string }) => v.change === 'spec')).toBe(true);
  });

  it("replays what every API client did up to the instant: kubectl's patch of the Dojo only after it was made", async () => {
    const at = async <T>(instant: number | undefined, path: string): Promise<T> =>
      json(
        await fetch(`${recording.console.url}${path.slice(1)}`, {
          headers: { authorization: `Bearer ${recording.token}`, ...(instant ? { 'x-dojo-at': String(instant) } : {}) },
        }),
      );
    const before = await at<ActivitySnapshot>(oneReplica, '/api/activity');
    const after = await at<ActivitySnapshot>(undefined, '/api/activity');
    expect(after.feed).toMatchObject({ state: 'live', detail: 'replayed from the recording' });
    expect(after.clients.find((x) => x.name === 'dojo')).toMatchObject({ kind: 'embedded', inferredReconciles: 0 });
    expect(after.watches.find((w) => w.client === 'dojo-console')?.watches.some((w) => w.resource === 'dojos')).toBe(true);
    const kubectlWrites = (s: ActivitySnapshot) => s.clients.find((x) => x.name === 'kubectl')?.totals.writes ?? 0;
    expect(kubectlWrites(before)).toBeGreaterThan(0);
    expect(kubectlWrites(after)).toBeGreaterThan(kubectlWrites(before));
    const patches = async (instant: number | undefined) =>
      (await at<RequestLogPage>(instant, '/api/requests?client=kubectl&limit=10000')).records.filter(
        (r) => r.type === 'request' && r.verb === 'patch' && r.name === name,
      );
    expect(await patches(oneReplica)).toEqual([]);
    expect(await patches(undefined)).toHaveLength(1);
  });

  it('watches at the instant of its WebSocket connection', async () => {
    const ws = new WebSocket(`${recording.console.url.replace('http', 'ws')}ws?at=${oneReplica}`, { headers: { authorization: `Bearer ${recording.token}` } });
    const messages: { id?: string; type: string; event?: { object: KubeObject } }[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(
      JSON.stringify({
        op: 'subscribe',
        id: 'd',
        kind: 'watch',
        resource: { group: 'core.jutsu.com', version: 'v1', resource: 'dojos' },
        namespace: 'default',
      }),
    );
    await until(async () => (messages.some((m) => m.type === 'synced') ? true : undefined), 'the list at the instant');
    const dojo = messages.find((m) => m.type === 'watch-event' && m.event?.object.metadata.name === name);
    expect((dojo?.event?.object.spec as { replicas: number }).replicas).toBe(1);
    ws.close();
  });

  it('refuses every write with 405 "read-only recording"', async () => {
    const headers = { authorization: `Bearer ${recording.token}`, 'x-dojo-console': '1', 'content-type': 'application/json' };
    for (const [method, path] of [
      ['DELETE', dojoPath],
      ['POST', '/api/kube/api/v1/namespaces/default/configmaps'],
      ['POST', '/api/controllers/dojo/pause'],
      ['PUT', '/api/controllers/dojo/faults'],
      ['POST', '/api/clients'],
    ] as const) {
      const res = await fetch(`${recording.console.url}${path.slice(1)}`, { method, headers, body: '{}' });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(await json(res)).toMatchObject({ kind: 'Status', reason: 'MethodNotAllowed', message: expect.stringMatching(/^read-only recording/) });
    }
  });

  it('opens when uploaded to a console (drag and drop), and a file that is not one is a 400', async () => {
    const moved = join(mkdtempSync(join(tmpdir(), 'upload-')), 'up.dojotrace');
    const res = await fetch(`${c.base}/api/recording/export`, { headers: { authorization: `Bearer ${c.token}` } });
    writeFileSync(moved, Buffer.from(await res.arrayBuffer()));
    const opened = await fetch(`${c.base}/api/recordings?name=up.dojotrace`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.token}`, 'x-dojo-console': '1', 'content-type': 'application/gzip' },
      body: readFileSync(moved),
    });
    expect(opened.status).toBe(201);
    const { url, recording: uploaded } = await json(opened);
    expect(uploaded.name).toBe('up.dojotrace');
    const session = await json(await fetch(new URL('/api/session', url), { headers: { authorization: `Bearer ${c.token}` } }));
    expect(session.recording.name).toBe('up.dojotrace');
    const bad = await fetch(`${c.base}/api/recordings?name=notes.txt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.token}`, 'x-dojo-console': '1' },
      body: 'hello',
    });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ reason: 'BadRequest', message: expect.stringMatching(/^notes\.txt: not a \.dojotrace file/) });
  });
});
