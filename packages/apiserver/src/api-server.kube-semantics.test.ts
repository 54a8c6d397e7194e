/**
 * The semantics clients other than kubectl 1.31 rely on (issue 21), over real HTTPS: boolean
 * query parameters read kube's way, paged lists as snapshots, DELETE answers per kind, the
 * namespace name label, too-new resourceVersions, and Event validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ watch: { bookmarkIntervalMs: 100 } });
});
afterAll(async () => {
  await server?.stop();
});

const cms = '/api/v1/namespaces/default/configmaps';
const cm = (name: string, data: Record<string, string> = {}, labels: Record<string, string> = {}) => ({ metadata: { name, labels }, data });
/** A watch body's events (one event alone arrives already parsed). */
const lines = (body: unknown): { type: string; object: any }[] =>
  typeof body === 'string'
    ? body
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [body as { type: string; object: any }];

describe('boolean query parameters', () => {
  it('opens a watch for watch=True, as the Python client sends it', async () => {
    await server.call('POST', cms, cm('bool-watch', {}, { suite: 'bool' }));
    const watched = await server.call('GET', `${cms}?watch=True&labelSelector=suite%3Dbool&timeoutSeconds=1`);
    expect(lines(watched.body)[0]).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'bool-watch' } } });
  });

  it('sends bookmarks for allowWatchBookmarks=TRUE', async () => {
    const watched = await server.call(
      'GET',
      `${cms}?watch=1&allowWatchBookmarks=TRUE&timeoutSeconds=1&resourceVersion=${(await server.call('GET', cms)).body.metadata.resourceVersion}`,
    );
    expect(lines(watched.body).some((e) => e.type === 'BOOKMARK')).toBe(true);
  });

  it('forces a server-side apply for force=True', async () => {
    const apply = (manager: string, value: string, force: string) =>
      server.call(
        'PATCH',
        `${cms}/bool-apply?fieldManager=${manager}${force}`,
        JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'bool-apply' }, data: { owner: value } }),
        {
          'content-type': 'application/apply-patch+yaml',
        },
      );
    expect((await apply('first', 'a', '')).status).toBe(201);
    expect((await apply('second', 'b', '')).status).toBe(409);
    const forced = await apply('second', 'b', '&force=True');
    expect(forced.status).toBe(200);
    expect(forced.body.data.owner).toBe('b');
  });

  it('orphans dependents for orphanDependents=True', async () => {
    await server.call('POST', cms, { ...cm('bool-orphan'), metadata: { name: 'bool-orphan', finalizers: ['example.com/hold'] } });
    const deleted = await server.call('DELETE', `${cms}/bool-orphan?orphanDependents=True`);
    expect(deleted.body.metadata.finalizers).toEqual(['example.com/hold', 'orphan']);
  });
});

describe('paged lists', () => {
  it('reads every page at the first page’s resourceVersion, whatever changed since', async () => {
    for (const n of ['a', 'b', 'c', 'd']) await server.call('POST', cms, cm(`page-${n}`, { v: '1' }, { suite: 'paging' }));
    const first = await server.call('GET', `${cms}?labelSelector=suite%3Dpaging&limit=2`);
    expect(first.body.items.map((i: any) => i.metadata.name)).toEqual(['page-a', 'page-b']);
    await server.call('DELETE', `${cms}/page-c`);
    await server.call('PUT', `${cms}/page-d`, { ...cm('page-d', { v: '2' }, { suite: 'paging' }) });
    await server.call('POST', cms, cm('page-e', {}, { suite: 'paging' }));
    const rest = await server.call('GET', `${cms}?labelSelector=suite%3Dpaging&limit=10&continue=${first.body.metadata.continue}`);
    expect(rest.body.items.map((i: any) => [i.metadata.name, i.data.v])).toEqual([
      ['page-c', '1'],
      ['page-d', '1'],
    ]);
    expect(rest.body.metadata.resourceVersion).toBe(first.body.metadata.resourceVersion);
  });

  it('expires a continue token once history is compacted, with a token that goes on from the latest state', async () => {
    const first = await server.call('GET', `${cms}?labelSelector=suite%3Dpaging&limit=1`);
    await server.call('POST', cms, cm('page-f', {}, { suite: 'paging' }));
    server.compactHistory();
    const expired = await server.call('GET', `${cms}?labelSelector=suite%3Dpaging&limit=1&continue=${first.body.metadata.continue}`);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ kind: 'Status', reason: 'Expired', code: 410 });
    expect(expired.body.message).toContain('The provided continue parameter is too old to display a consistent list result.');
    const resumed = await server.call('GET', `${cms}?labelSelector=suite%3Dpaging&continue=${expired.body.metadata.continue}`);
    expect(resumed.body.items.map((i: any) => i.metadata.name)).toEqual(['page-b', 'page-d', 'page-e', 'page-f']);
  });
});

describe('DELETE', () => {
  it('answers a Success Status with the deleted object’s identity for a ConfigMap', async () => {
    const created = await server.call('POST', cms, cm('del-cm'));
    const deleted = await server.call('DELETE', `${cms}/del-cm`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Success',
      details: { name: 'del-cm', kind: 'configmaps', uid: created.body.metadata.uid },
    });
  });

  it('answers the deleted object for a ServiceAccount, whose registry returns it', async () => {
    await server.call('POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'del-sa' } });
    const deleted = await server.call('DELETE', '/api/v1/namespaces/default/serviceaccounts/del-sa');
    expect(deleted.body).toMatchObject({ kind: 'ServiceAccount', metadata: { name: 'del-sa' } });
  });

  it('answers the object with its deletionTimestamp while a finalizer holds it', async () => {
    await server.call('POST', cms, { metadata: { name: 'del-held', finalizers: ['example.com/hold'] } });
    const deleted = await server.call('DELETE', `${cms}/del-held`);
    expect(deleted.body).toMatchObject({ kind: 'ConfigMap', metadata: { name: 'del-held', deletionTimestamp: expect.any(String) } });
  });
});

describe('namespaces', () => {
  it('label every namespace with its name, the built-in ones too, and keep the label through updates', async () => {
    expect((await server.call('GET', '/api/v1/namespaces/kube-system')).body.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'kube-system' });
    await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'labelled', labels: { team: 'a' } } });
    const patched = await server.call(
      'PATCH',
      '/api/v1/namespaces/labelled',
      { metadata: { labels: { 'kubernetes.io/metadata.name': null } } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(patched.body.metadata.labels).toEqual({ team: 'a', 'kubernetes.io/metadata.name': 'labelled' });
    const selected = await server.call('GET', '/api/v1/namespaces?labelSelector=kubernetes.io%2Fmetadata.name%20in%20(default,labelled)');
    expect(selected.body.items.map((n: any) => n.metadata.name)).toEqual(['default', 'labelled']);
  });
});

describe('resourceVersion rules for lists', () => {
  it('rejects resourceVersionMatch without resourceVersion as 422 on ListOptions', async () => {
    const res = await server.call('GET', `${cms}?resourceVersionMatch=NotOlderThan`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      reason: 'Invalid',
      message: 'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided',
      details: { group: 'meta.k8s.io', kind: 'ListOptions' },
    });
  });

  it('waits for a NotOlderThan resourceVersion the store reaches meanwhile', async () => {
    const rv = Number((await server.call('GET', cms)).body.metadata.resourceVersion) + 1;
    const listing = server.call('GET', `${cms}?resourceVersion=${rv}&resourceVersionMatch=NotOlderThan`);
    await server.call('POST', cms, cm('fresh-read'));
    const res = await listing;
    expect(res.status).toBe(200);
    expect(Number(res.body.metadata.resourceVersion)).toBeGreaterThanOrEqual(rv);
  });

  it('answers 504 ResourceVersionTooLarge after 3 s for one it never reaches', async () => {
    const current = Number((await server.call('GET', cms)).body.metadata.resourceVersion);
    const started = Date.now();
    const res = await server.call('GET', `${cms}?resourceVersion=${current + 1000}&resourceVersionMatch=NotOlderThan`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(res.status).toBe(504);
    expect(res.body).toMatchObject({
      reason: 'Timeout',
      message: `Timeout: Too large resource version: ${current + 1000}, current: ${current}`,
      details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 },
    });
  });
});

describe('Event validation', () => {
  const regarding = { kind: 'ConfigMap', namespace: 'default', name: 'x', apiVersion: 'v1' };

  it('requires reportingController, reportingInstance and action of a core Event with an eventTime', async () => {
    const res = await server.call('POST', '/api/v1/namespaces/default/events', {
      metadata: { name: 'ev-core-new' },
      involvedObject: regarding,
      reason: 'Synced',
      eventTime: '2026-01-01T00:00:00.000000Z',
    });
    expect(res.status).toBe(422);
    expect(res.body.details.causes.map((c: any) => `${c.field}: ${c.reason}`)).toEqual(
      expect.arrayContaining(['reportingController: FieldValueRequired', 'reportingInstance: FieldValueRequired', 'action: FieldValueRequired']),
    );
  });

  it('accepts an old-style core Event without eventTime', async () => {
    const res = await server.call('POST', '/api/v1/namespaces/default/events', {
      metadata: { name: 'ev-core-old' },
      involvedObject: regarding,
      reason: 'Synced',
      message: 'ok',
      type: 'Normal',
    });
    expect(res.status).toBe(201);
  });

  it('requires eventTime and a Normal/Warning type through events.k8s.io/v1, and accepts a complete one', async () => {
    const path = '/apis/events.k8s.io/v1/namespaces/default/events';
    const bad = await server.call('POST', path, {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: 'ev-v1-bad' },
      regarding,
      reason: 'Synced',
      type: 'Info',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('eventTime: Required value');
    expect(bad.body.message).toContain('type: Invalid value: "": has invalid value: Info');
    const good = await server.call('POST', path, {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: 'ev-v1-good' },
      regarding,
      reason: 'Synced',
      action: 'Sync',
      note: 'synced',
      type: 'Normal',
      eventTime: '2026-01-01T00:00:00.000000Z',
      reportingController: 'example.com/syncer',
      reportingInstance: 'syncer-0',
    });
    expect(good.status).toBe(201);
    const changed = await server.call('PUT', `${path}/ev-v1-good`, { ...good.body, note: 'rewritten' });
    expect(changed.status).toBe(422);
    expect(changed.body.message).toContain('message: Invalid value: "rewritten": field is immutable');
  });
});
