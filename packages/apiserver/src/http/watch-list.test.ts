/**
 * Streaming lists (client-go's WatchList, on by default since v0.35) and the watch options of
 * kube-apiserver 1.37, through the real HTTPS server: the state as ADDED events, the
 * initial-events-end bookmark at the snapshot's resourceVersion, then the changes after it;
 * ValidateListOptions' 422s; the defaulting of a plain watch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { openWatch } from '../testing/watch-stream.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'wl-other' } });
  for (const [ns, name, suite] of [
    ['default', 'wl-a', 'wl'],
    ['default', 'wl-b', 'wl'],
    ['default', 'wl-unlabelled', 'other'],
    ['wl-other', 'wl-c', 'wl'],
  ] as const) {
    expect((await server.call('POST', `/api/v1/namespaces/${ns}/configmaps`, { metadata: { name, labels: { suite } } })).status).toBe(201);
  }
});
afterAll(async () => {
  await server?.stop();
});

const streaming = 'watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true';
const endAnnotation = { 'k8s.io/initial-events-end': 'true' };
const currentRv = async () => Number((await server.call('GET', '/api/v1/configmaps')).body.metadata.resourceVersion);
const names = (events: { object: any }[]) => events.map((e) => e.object.metadata.name as string);

describe('a streaming list', () => {
  it('sends the current state as ADDED, a bookmark at its resourceVersion marked initial-events-end, then the changes after it', async () => {
    const rv = await currentRv();
    const watch = await openWatch(server, `/api/v1/configmaps?${streaming}&labelSelector=suite%3Dwl&timeoutSeconds=5`);
    expect(watch.status).toBe(200);
    const initial = await watch.events(4);
    expect(initial.slice(0, 3).map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'ADDED']);
    expect(names(initial.slice(0, 3)).sort()).toEqual(['wl-a', 'wl-b', 'wl-c']);
    expect(initial[3]).toEqual({
      type: 'BOOKMARK',
      object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: String(rv), annotations: endAnnotation } },
    });
    await server.call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'wl-d', labels: { suite: 'wl' } } });
    const [, , , , after] = await watch.events(5);
    expect(after).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'wl-d' } } });
    expect(Number(after!.object.metadata.resourceVersion)).toBeGreaterThan(rv);
    watch.close();
    await server.call('DELETE', '/api/v1/namespaces/default/configmaps/wl-d');
  });

  it('waits for a resourceVersion the store has not reached yet, and sends a state not older than it', async () => {
    const wanted = (await currentRv()) + 1;
    const watching = openWatch(
      server,
      `/api/v1/namespaces/default/configmaps?${streaming}&resourceVersion=${wanted}&labelSelector=suite%3Dlate&timeoutSeconds=5`,
    );
    await new Promise((r) => setTimeout(r, 200));
    await server.call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'wl-late', labels: { suite: 'late' } } });
    const [added, bookmark] = await (await watching).events(2);
    expect(added).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'wl-late', resourceVersion: String(wanted) } } });
    expect(bookmark).toMatchObject({ type: 'BOOKMARK', object: { metadata: { resourceVersion: String(wanted), annotations: endAnnotation } } });
  });

  it('ends with an ERROR Too large resource version when the store does not reach it within 3 s', async () => {
    const wanted = (await currentRv()) + 100;
    const watch = await openWatch(server, `/api/v1/configmaps?${streaming}&resourceVersion=${wanted}`);
    expect(watch.status).toBe(200);
    const events = await watch.ended();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'ERROR',
      object: {
        kind: 'Status',
        status: 'Failure',
        reason: 'Timeout',
        code: 504,
        message: `Timeout: Too large resource version: ${wanted}, current: ${wanted - 100}`,
        details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 },
      },
    });
  });

  it('sends only the namespace of a namespaced watch, and only the object of a named one', async () => {
    const inNamespace = await openWatch(server, `/api/v1/namespaces/wl-other/configmaps?${streaming}&timeoutSeconds=1`);
    const nsEvents = await inNamespace.ended();
    expect(names(nsEvents.filter((e) => e.type === 'ADDED')).filter((n) => n.startsWith('wl-'))).toEqual(['wl-c']);
    expect(nsEvents.filter((e) => e.type === 'ADDED').every((e) => e.object.metadata.namespace === 'wl-other')).toBe(true);
    const named = await openWatch(server, `/api/v1/namespaces/default/configmaps?${streaming}&fieldSelector=metadata.name%3Dwl-b&timeoutSeconds=1`);
    const namedEvents = await named.ended();
    expect(namedEvents.map((e) => e.type)).toEqual(['ADDED', 'BOOKMARK']);
    expect(namedEvents[0]!.object.metadata.name).toBe('wl-b');
  });

  it('refuses a named watch whose field selector names another object, as kube-apiserver does', async () => {
    const res = await server.call('GET', `/api/v1/namespaces/default/configmaps/wl-a?${streaming}&fieldSelector=metadata.name%3Dwl-b`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("fieldSelector metadata.name doesn't match requested name");
  });

  it('renders the bookmark as a Table row and as PartialObjectMetadata', async () => {
    const table = await openWatch(server, `/api/v1/namespaces/default/configmaps?${streaming}&fieldSelector=metadata.name%3Dwl-a&timeoutSeconds=1`, {
      accept: 'application/json;as=Table;v=v1;g=meta.k8s.io',
    });
    const [row, tableBookmark] = await table.ended();
    expect(row!.object.kind).toBe('Table');
    expect(row!.object.columnDefinitions.length).toBeGreaterThan(0);
    expect(tableBookmark).toMatchObject({
      type: 'BOOKMARK',
      object: { kind: 'Table', columnDefinitions: [], rows: [{ object: { kind: 'PartialObjectMetadata', metadata: { annotations: endAnnotation } } }] },
    });
    const partial = await openWatch(server, `/api/v1/namespaces/default/configmaps?${streaming}&fieldSelector=metadata.name%3Dwl-a&timeoutSeconds=1`, {
      accept: 'application/json;as=PartialObjectMetadata;v=v1;g=meta.k8s.io',
    });
    const [, partialBookmark] = await partial.ended();
    expect(partialBookmark).toEqual({
      type: 'BOOKMARK',
      object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: expect.any(String), annotations: endAnnotation } },
    });
  });

  it('sends the bookmark in protobuf as client-go reads it', async () => {
    const watch = await openWatch(server, `/api/v1/namespaces/default/configmaps?${streaming}&labelSelector=suite%3Dwl&timeoutSeconds=1`, {
      accept: 'application/vnd.kubernetes.protobuf',
    });
    expect(watch.headers['content-type']).toBe('application/vnd.kubernetes.protobuf;stream=watch');
    const events = await watch.ended();
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'BOOKMARK']);
    expect(events[2]!.object).toMatchObject({
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: { resourceVersion: String(await currentRv()), annotations: endAnnotation },
    });
  });

  it('says "streaming list" in the request journal', async () => {
    await (await openWatch(server, `/api/v1/namespaces/default/configmaps?${streaming}&timeoutSeconds=1`)).ended();
    await (await openWatch(server, `/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=${await currentRv()}&timeoutSeconds=1`)).ended();
    const opens = server.journal!.records(0).filter((r) => r.type === 'watch-open' && r.namespace === 'default' && r.resource === 'configmaps');
    expect(opens.slice(-2).map((r) => (r as { streamingList?: boolean }).streamingList)).toEqual([true, undefined]);
  });
});

describe('the other watch starts', () => {
  it('sends no state for sendInitialEvents=false, only the changes from now', async () => {
    const watch = await openWatch(
      server,
      `/api/v1/namespaces/default/configmaps?watch=true&sendInitialEvents=false&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&timeoutSeconds=5`,
    );
    await server.call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'wl-fresh' } });
    const [first] = await watch.events(1);
    expect(first).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'wl-fresh' } } });
    watch.close();
  });

  it('defaults a plain watch from "" to the state first, closed by the initial-events-end bookmark when bookmarks are allowed', async () => {
    const plain = await (await openWatch(server, '/api/v1/namespaces/wl-other/configmaps?watch=true&timeoutSeconds=1')).ended();
    expect(plain.map((e) => e.type).every((t) => t === 'ADDED')).toBe(true);
    expect(names(plain)).toContain('wl-c');
    const withBookmarks = await (
      await openWatch(server, '/api/v1/namespaces/wl-other/configmaps?watch=true&resourceVersion=0&allowWatchBookmarks=true&timeoutSeconds=1')
    ).ended();
    expect(withBookmarks.at(-1)).toMatchObject({ type: 'BOOKMARK', object: { metadata: { annotations: endAnnotation } } });
  });
});

describe('ListOptions validation (422 Invalid, as ValidateListOptions)', () => {
  const cms = '/api/v1/namespaces/default/configmaps';
  const invalid = (causes: { field: string; message: string }[]) => ({
    kind: 'Status',
    status: 'Failure',
    reason: 'Invalid',
    code: 422,
    message: `ListOptions.meta.k8s.io "" is invalid: ${causes.length === 1 ? `${causes[0]!.field}: ${causes[0]!.message}` : `[${causes.map((c) => `${c.field}: ${c.message}`).join(', ')}]`}`,
    details: {
      group: 'meta.k8s.io',
      kind: 'ListOptions',
      causes: causes.map((c) => ({ reason: c.message.startsWith('Unsupported') ? 'FieldValueNotSupported' : 'FieldValueForbidden', ...c })),
    },
  });

  it.each([
    [
      'sendInitialEvents on a list',
      `${cms}?sendInitialEvents=true`,
      [{ field: 'sendInitialEvents', message: 'Forbidden: sendInitialEvents is forbidden for list' }],
    ],
    [
      'sendInitialEvents without resourceVersionMatch on a watch',
      `${cms}?watch=true&sendInitialEvents=true&allowWatchBookmarks=true`,
      [{ field: 'resourceVersionMatch', message: 'Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan' }],
    ],
    [
      'resourceVersionMatch without sendInitialEvents on a watch',
      `${cms}?watch=true&resourceVersion=1&resourceVersionMatch=NotOlderThan`,
      [{ field: 'resourceVersionMatch', message: 'Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided' }],
    ],
    [
      'resourceVersionMatch=Exact on a streaming list',
      `${cms}?watch=true&sendInitialEvents=true&resourceVersionMatch=Exact&resourceVersion=1`,
      [
        { field: 'resourceVersionMatch', message: 'Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan' },
        { field: 'resourceVersionMatch', message: 'Unsupported value: "Exact": supported values: "NotOlderThan"' },
      ],
    ],
    [
      'resourceVersionMatch with continue on a watch',
      `${cms}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&continue=abc`,
      [{ field: 'resourceVersionMatch', message: 'Forbidden: resourceVersionMatch is forbidden when continue is provided' }],
    ],
  ])('refuses %s', async (_, path, causes) => {
    const res = await server.call('GET', path);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(invalid(causes));
    expect(res.body.details.causes).toEqual(invalid(causes).details.causes);
  });

  it('allows sendInitialEvents without bookmarks: the state comes without the closing bookmark', async () => {
    const events = await (
      await openWatch(server, `/api/v1/namespaces/wl-other/configmaps?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&timeoutSeconds=1`)
    ).ended();
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.type === 'ADDED')).toBe(true);
  });
});
