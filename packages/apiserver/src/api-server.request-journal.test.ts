/**
 * The request journal through the real HTTPS server: what each request and watch leaves in it,
 * who it is attributed to (the admin token, a connected client's token), the 409's winner, and
 * the /debug/requests stream with its resume and resync.
 */
import { rmSync } from 'node:fs';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestJournalLine, RequestJournalRecord, RequestRecord, WatchDeliveryRecord } from '@dojo/console-protocol';
import { connectClient, tokenOf } from './clients/client-kubeconfigs.ts';
import { dojoCrd } from './crd/fixtures/dojo-crd.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
const base = '/apis/core.jutsu.com/v1/namespaces/default/dojos';
const operatorAgent = { 'user-agent': 'manager/v0.0.0 (linux/amd64) kubernetes/$Format' };

const dojo = (name: string) => ({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: { name, namespace: 'default' },
  spec: { accountId: 'a', title: name, credentialsRef: { name: `${name}-app` } },
});

const records = (): RequestJournalRecord[] => server.journal!.records(0);
const requestsAfter = (seq: number) => records().filter((r): r is RequestRecord => r.type === 'request' && r.seq > seq);
const until = async <T>(probe: () => T | undefined, what: string, ms = 5000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Opens GET `path` and collects its JSON lines until `stop()`. */
function stream(path: string, token = server.credentials.token) {
  const lines: unknown[] = [];
  let status = 0;
  const req = request(
    { host: '127.0.0.1', port: server.port, path, ca: server.credentials.caCertPem, headers: { authorization: `Bearer ${token}` } },
    (res) => {
      status = res.statusCode ?? 0;
      let buffer = '';
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (line) lines.push(JSON.parse(line));
        }
      });
    },
  );
  req.on('error', () => {});
  req.end();
  return { lines, status: () => status, stop: () => req.destroy() };
}

beforeAll(async () => {
  server = await startTestServer({ watch: { bookmarkIntervalMs: 200 } });
  expect((await server.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', dojoCrd())).status).toBe(201);
  for (let i = 0; i < 100 && (await server.call('GET', base)).status !== 200; i++) await new Promise((r) => setTimeout(r, 50));
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('the request journal', () => {
  it('records a create, a read and a list with who asked, what, and what came back', async () => {
    const mark = server.journal!.lastSeq;
    const created = await server.call('POST', `${base}?fieldManager=my-manager`, dojo('kyoto'), operatorAgent);
    await server.call('GET', `${base}/kyoto`, undefined, operatorAgent);
    await server.call('GET', `${base}?labelSelector=none%3Dhere`, undefined, operatorAgent);
    const [create, get, list] = await until(() => (requestsAfter(mark).length >= 3 ? requestsAfter(mark) : undefined), 'three records');
    expect(create).toMatchObject({
      user: 'admin',
      userAgent: operatorAgent['user-agent'],
      verb: 'create',
      group: 'core.jutsu.com',
      resource: 'dojos',
      kind: 'Dojo',
      namespace: 'default',
      name: 'kyoto',
      code: 201,
      fieldManager: 'my-manager',
      rvReturned: created.body.metadata.resourceVersion,
      uid: created.body.metadata.uid,
      generation: 1,
    });
    expect(create!.latencyMs).toBeGreaterThan(0);
    expect(get).toMatchObject({ verb: 'get', name: 'kyoto', code: 200, rvReturned: created.body.metadata.resourceVersion });
    expect(list).toMatchObject({ verb: 'list', code: 200, items: 0 });
    expect(list!.name).toBeUndefined();
  });

  it('names the fields an update changed, and an update that changed nothing has none', async () => {
    await server.call('POST', base, dojo('nara'));
    const mark = server.journal!.lastSeq;
    const condition = (time: string) => ({
      status: { conditions: [{ type: 'Available', status: 'True', reason: 'Up', message: '', lastTransitionTime: time }] },
    });
    await server.call('PATCH', `${base}/nara/status`, condition('2024-01-01T00:00:00Z'), { 'content-type': 'application/merge-patch+json' });
    await server.call('PATCH', `${base}/nara/status`, condition('2024-01-01T00:00:09Z'), { 'content-type': 'application/merge-patch+json' });
    await server.call('PATCH', `${base}/nara/status`, condition('2024-01-01T00:00:09Z'), { 'content-type': 'application/merge-patch+json' });
    const [added, rewritten, unchanged] = await until(() => (requestsAfter(mark).length >= 3 ? requestsAfter(mark) : undefined), 'three patches');
    expect(added).toMatchObject({ verb: 'patch', subresource: 'status', patchType: 'merge', changedPaths: ['status'] });
    expect(rewritten!.changedPaths).toEqual(['status.conditions[type=Available].lastTransitionTime']);
    expect(unchanged!.changedPaths).toEqual([]);
    expect(unchanged!.rvReturned).toBe(rewritten!.rvReturned);
  });

  it('tells, for a 409, the current resourceVersion and exactly who wrote it', async () => {
    const created = await server.call('POST', base, dojo('sendai'));
    const stale = created.body;
    const winner = { ...stale, spec: { ...stale.spec, title: 'winner' } };
    const won = await server.call('PUT', `${base}/sendai?fieldManager=kubectl-edit`, winner, { 'user-agent': 'kubectl/v1.33.0 (linux/amd64) kubernetes/abc' });
    expect(won.status).toBe(200);
    const mark = server.journal!.lastSeq;
    const lost = await server.call('PUT', `${base}/sendai`, { ...stale, spec: { ...stale.spec, title: 'loser' } }, operatorAgent);
    expect(lost.status).toBe(409);
    const [record] = await until(() => (requestsAfter(mark).length ? requestsAfter(mark) : undefined), 'the 409');
    expect(record).toMatchObject({
      verb: 'update',
      code: 409,
      reason: 'Conflict',
      rvSent: stale.metadata.resourceVersion,
      conflict: {
        currentRV: won.body.metadata.resourceVersion,
        writer: { user: 'admin', userAgent: 'kubectl/v1.33.0 (linux/amd64) kubernetes/abc', fieldManager: 'kubectl-edit', source: 'journal' },
      },
    });
  });

  it('names the winner of a 409 that lost to it before the winning write had answered', async () => {
    // Sent together: each loser is decided while the winner's write is stored but not yet
    // durable, so its answer (which used to be what filed its writer) has not left.
    for (let round = 0; round < 5; round++) {
      const name = `race-${round}`;
      const stale = (await server.call('POST', base, dojo(name))).body;
      const mark = server.journal!.lastSeq;
      const [won, lost] = await Promise.all([
        server.call(
          'PUT',
          `${base}/${name}?fieldManager=kubectl-edit`,
          { ...stale, spec: { ...stale.spec, title: 'winner' } },
          { 'user-agent': 'kubectl/v1.33.0 (linux/amd64) kubernetes/abc' },
        ),
        server.call('PUT', `${base}/${name}`, { ...stale, spec: { ...stale.spec, title: 'loser' } }, operatorAgent),
      ]);
      expect([won.status, lost.status]).toEqual([200, 409]);
      const conflict = await until(() => requestsAfter(mark).find((r) => r.code === 409), 'the 409');
      expect(conflict.conflict).toEqual({
        currentRV: won.body.metadata.resourceVersion,
        writer: { user: 'admin', userAgent: 'kubectl/v1.33.0 (linux/amd64) kubernetes/abc', fieldManager: 'kubectl-edit', source: 'journal' },
      });
    }
  });

  it('names, for an apply refused for field ownership, the fields and the managers that own them, and no winning write', async () => {
    const created = await server.call('POST', `${base}?fieldManager=kubectl-create`, dojo('kobe'));
    expect(created.status).toBe(201);
    const mark = server.journal!.lastSeq;
    const applied = { apiVersion: created.body.apiVersion, kind: 'Dojo', metadata: { name: 'kobe' }, spec: { ...created.body.spec, title: 'mine' } };
    const refused = await server.call('PATCH', `${base}/kobe?fieldManager=dojo-console`, applied, { 'content-type': 'application/apply-patch+yaml' });
    expect(refused.status).toBe(409);
    const record = await until(() => requestsAfter(mark).find((r) => r.code === 409), 'the 409');
    expect(record.conflict).toEqual({ fieldManagers: [{ field: '.spec.title', manager: 'kubectl-create' }] });
  });

  it('journals a watch: what it asked for, each event it received after its selectors, bookmarks, and why it ended', async () => {
    const rv = (await server.call('GET', base)).body.metadata.resourceVersion as string;
    const mark = server.journal!.lastSeq;
    const watch = stream(`${base}?watch=true&resourceVersion=${rv}&allowWatchBookmarks=true&fieldSelector=metadata.name%3Dosaka`);
    const opened = await until(() => records().find((r) => r.seq > mark && r.type === 'watch-open'), 'watch-open');
    expect(opened).toMatchObject({
      user: 'admin',
      resource: 'dojos',
      namespace: 'default',
      resourceVersion: rv,
      fieldSelector: 'metadata.name=osaka',
      bookmarks: true,
    });
    const watchId = opened.type === 'watch-open' ? opened.watchId : '';
    await server.call('POST', base, dojo('osaka'));
    await server.call('POST', base, dojo('kobe'));
    await server.call('DELETE', `${base}/osaka`);
    const events = () => records().filter((r): r is WatchDeliveryRecord => r.type === 'watch-event' && r.watchId === watchId);
    await until(
      () => (events().some((e) => e.event === 'DELETED') && events().some((e) => e.event === 'BOOKMARK') ? true : undefined),
      'the delete and a bookmark',
    );
    const changes = events().filter((e) => e.event !== 'BOOKMARK');
    expect(changes.map((e) => [e.event, e.name])).toEqual([
      ['ADDED', 'osaka'],
      ['DELETED', 'osaka'],
    ]);
    expect(changes[0]!.resourceVersion).toMatch(/^\d+$/);
    watch.stop();
    const closed = await until(() => records().find((r) => r.type === 'watch-close' && r.watchId === watchId), 'watch-close');
    expect(closed).toMatchObject({ reason: 'client', events: events().length });
  });

  it('names the controller owner of each object a watch delivers, without reading the rest of it', async () => {
    const rv = (await server.call('GET', '/api/v1/namespaces/default/configmaps')).body.metadata.resourceVersion as string;
    const mark = server.journal!.lastSeq;
    const watch = stream(`/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=${rv}`);
    await until(() => records().find((r) => r.seq > mark && r.type === 'watch-open'), 'watch-open');
    const owner = { apiVersion: 'core.jutsu.com/v1', kind: 'Dojo', name: 'kyoto', uid: 'u-1', controller: true };
    const other = { apiVersion: 'v1', kind: 'Secret', name: 'not-the-controller', uid: 'u-2' };
    await server.call('POST', '/api/v1/namespaces/default/configmaps', {
      metadata: { name: 'owned', ownerReferences: [other, owner] },
      data: { note: 'a ] in data' },
    });
    await server.call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'free' } });
    const events = await until(() => {
      const found = records().filter((r): r is WatchDeliveryRecord => r.seq > mark && r.type === 'watch-event' && r.event === 'ADDED');
      return found.length >= 2 ? found : undefined;
    }, 'two events');
    watch.stop();
    expect(events.map((e) => [e.namespace, e.name, e.owner])).toEqual([
      ['default', 'owned', { group: 'core.jutsu.com', kind: 'Dojo', name: 'kyoto' }],
      ['default', 'free', undefined],
    ]);
  });

  it('journals a watch from a resourceVersion that is gone as an ERROR 410 and an expired close', async () => {
    server.compactHistory();
    const mark = server.journal!.lastSeq;
    const watch = stream(`${base}?watch=true&resourceVersion=1`);
    const closed = await until(() => records().find((r) => r.seq > mark && r.type === 'watch-close'), 'the close');
    watch.stop();
    const error = records().find((r) => r.seq > mark && r.type === 'watch-event');
    expect(error).toMatchObject({ event: 'ERROR', code: 410 });
    expect(closed).toMatchObject({ reason: 'expired', events: 1 });
  });

  it('attributes a connected client to its own name, picks up a client connected while it runs, and stops one whose kubeconfig is gone', async () => {
    const client = connectClient(server.dataDir, 'my-operator');
    const token = tokenOf(client.kubeconfigPath)!;
    expect(client.server).toBe(server.url);
    const mark = server.journal!.lastSeq;
    expect((await server.call('GET', base, undefined, { authorization: `Bearer ${token}` })).status).toBe(200);
    const [listed] = await until(() => (requestsAfter(mark).length ? requestsAfter(mark) : undefined), 'the list');
    expect(listed!.user).toBe('my-operator');
    expect(connectClient(server.dataDir, 'my-operator').kubeconfigPath).toBe(client.kubeconfigPath);
    expect(tokenOf(client.kubeconfigPath)).toBe(token);

    const forbidden = await server.call('GET', '/debug/requests?follow=false', undefined, { authorization: `Bearer ${token}` });
    expect(forbidden.status).toBe(403);
    rmSync(client.kubeconfigPath);
    const revoked = await server.call('GET', base, undefined, { authorization: `Bearer ${token}` });
    expect(revoked.status).toBe(401);
    const anonymous = await until(() => requestsAfter(mark).find((r) => r.code === 401), 'the 401');
    expect(anonymous.user).toBe('system:anonymous');
  });

  it('refuses client names that are not DNS labels or are reserved', () => {
    for (const bad of ['', 'Admin', 'admin', 'my_operator', '-x', 'system-x', 'a'.repeat(64)]) {
      expect(() => connectClient(server.dataDir, bad), bad).toThrow(/Client/);
    }
  });
});

describe('GET /debug/requests', () => {
  it('starts with a hello naming the open watches, then replays and follows records', async () => {
    const watch = stream(`${base}?watch=true`);
    await until(() => (server.journal!.openWatches().length ? true : undefined), 'an open watch');
    const since = server.journal!.lastSeq;
    const follower = stream(`/debug/requests?sinceSeq=${since}`);
    await server.call('GET', `${base}/kyoto`);
    const lines = follower.lines as RequestJournalLine[];
    await until(() => (lines.some((l) => l.type === 'request' && l.name === 'kyoto') ? true : undefined), 'the followed request');
    follower.stop();
    watch.stop();
    const [hello, ...rest] = lines;
    expect(hello).toMatchObject({ type: 'hello', resync: false, lastSeq: since });
    expect(hello?.type === 'hello' && hello.openWatches.some((w) => w.resource === 'dojos' && w.resourceVersion === undefined)).toBe(true);
    expect(rest.every((r) => r.type !== 'hello' && r.seq > since)).toBe(true);
    expect(rest.map((r) => (r.type === 'hello' ? 0 : r.seq))).toEqual([...rest.map((r) => (r.type === 'hello' ? 0 : r.seq))].sort((a, b) => a - b));
  });

  it('answers a page with follow=false and says resync when the records asked for are gone', async () => {
    const small = await startTestServer({ requestJournal: { capacity: 5 } });
    try {
      for (let i = 0; i < 8; i++) await small.call('GET', '/api/v1/namespaces');
      const page = await small.call('GET', '/debug/requests?sinceSeq=0&follow=false');
      const lines = (page.body as string)
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as RequestJournalLine);
      expect(lines[0]).toMatchObject({ type: 'hello', resync: true, oldestSeq: 4, lastSeq: 8 });
      expect(lines.slice(1).map((l) => (l.type === 'hello' ? 0 : l.seq))).toEqual([4, 5, 6, 7, 8]);
    } finally {
      await small.stop();
    }
  });

  it('continues its sequence after a restart, with the newest records held again', async () => {
    const first = await startTestServer();
    const dataDir = first.dataDir;
    await first.call('GET', '/api/v1/namespaces/default');
    const last = first.journal!.lastSeq;
    await first.close();
    const second = await startTestServer({ dataDir });
    try {
      expect(second.journal!.lastSeq).toBe(last);
      expect(second.journal!.records(0).some((r) => r.type === 'request' && r.name === 'default')).toBe(true);
      await second.call('GET', '/api/v1/namespaces/default');
      expect(second.journal!.lastSeq).toBe(last + 1);
    } finally {
      await second.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is not there when the journal is off', async () => {
    const off = await startTestServer({ requestJournal: false });
    try {
      expect((await off.call('GET', '/debug/requests')).status).toBe(404);
      expect(off.journal).toBeUndefined();
    } finally {
      await off.stop();
    }
  });
});
