/**
 * Hostile watches and streaming lists: every invalid sendInitialEvents combination, resource
 * versions that are negative, garbage or past uint64, many streaming lists at once, a client
 * that never reads one, and aggregated discovery asked with garbage. Each gets kube's Status
 * (or, once a stream has started, kube's ERROR event), and the server keeps serving.
 */
import { request } from 'node:https';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWatch } from './testing/watch-stream.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

/** A watcher may buffer this much (the default is 16 MiB), and take this long to drain it (the default is a minute). */
const maxBufferedBytes = 64 * 1024;
const drainTimeoutMs = 1000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ watch: { maxBufferedBytes, drainTimeoutMs } });
  await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'flood' } });
});
afterAll(async () => {
  await server?.stop();
});

const cms = '/api/v1/namespaces/default/configmaps';
const causesOf = (body: any): string[] =>
  body.details.causes.map((c: { reason: string; field: string; message: string }) => `${c.reason} ${c.field}: ${c.message}`);

describe('watch list options, validated as kube validates them', () => {
  const forbiddenUnlessNotOlderThan =
    'FieldValueForbidden resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan';
  const cases: [string, string[]][] = [
    ['watch=1&sendInitialEvents=true', [forbiddenUnlessNotOlderThan]],
    ['watch=1&sendInitialEvents=false&resourceVersion=5', [forbiddenUnlessNotOlderThan]],
    [
      'watch=1&sendInitialEvents=true&resourceVersionMatch=Exact&resourceVersion=1',
      [forbiddenUnlessNotOlderThan, 'FieldValueNotSupported resourceVersionMatch: Unsupported value: "Exact": supported values: "NotOlderThan"'],
    ],
    [
      'watch=1&resourceVersionMatch=NotOlderThan&resourceVersion=1',
      ['FieldValueForbidden resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'],
    ],
    [
      'watch=1&resourceVersionMatch=%00%07a%C2%A0&resourceVersion=1',
      [
        'FieldValueForbidden resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided',
        'FieldValueNotSupported resourceVersionMatch: Unsupported value: "\\x00\\aa\\u00a0": supported values: "NotOlderThan"',
      ],
    ],
    [
      'watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&continue=abc',
      ['FieldValueForbidden resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided'],
    ],
    ['sendInitialEvents=true', ['FieldValueForbidden sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list']],
    [
      'resourceVersionMatch=Newest',
      [
        'FieldValueForbidden resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided',
        'FieldValueNotSupported resourceVersionMatch: Unsupported value: "Newest": supported values: "Exact", "NotOlderThan", ""',
      ],
    ],
    [
      'resourceVersionMatch=Exact&resourceVersion=0',
      ['FieldValueForbidden resourceVersionMatch: Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"'],
    ],
  ];
  it.each(cases)('answers ?%s with 422 on ListOptions and kube causes', async (query, causes) => {
    const res = await server.call('GET', `${cms}?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'Invalid', details: { group: 'meta.k8s.io', kind: 'ListOptions' } });
    expect(causesOf(res.body)).toEqual(causes);
  });

  it('answers any combination of list options with 2xx or 4xx, never 5xx', async () => {
    const rv = fc.constantFrom('', '0', '1', '-1', 'abc', '18446744073709551616', '1e3', ' 1', '0x10', '٣');
    const param = fc.tuple(
      fc.constantFrom('sendInitialEvents', 'resourceVersionMatch', 'resourceVersion', 'allowWatchBookmarks', 'continue', 'watch', 'limit'),
      fc.oneof(rv, fc.constantFrom('true', 'false', 'NotOlderThan', 'Exact', 'TRUE', '0'), fc.string({ maxLength: 6 })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(param, { maxLength: 5 }), async (params) => {
        const query = new URLSearchParams(params);
        query.set('timeoutSeconds', '1');
        const res = await server.call('GET', `${cms}?${query.toString()}`);
        expect(res.status, `${query.toString()}: ${res.raw.toString().slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.body.kind).toBe('Status');
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('resource versions that are not uint64', () => {
  const invalid = (rv: string, why: string) => `invalid resource version: resourceVersion: Invalid value: "${rv}": strconv.ParseUint: parsing "${rv}": ${why}`;

  it.each([
    ['-1', 'invalid syntax'],
    ['abc', 'invalid syntax'],
    ['+5', 'invalid syntax'],
    ['18446744073709551616', 'value out of range'],
    ['9'.repeat(400), 'value out of range'],
  ])('refuses a list from resourceVersion %s with 400 at once', async (rv, why) => {
    const started = Date.now();
    const res = await server.call('GET', `${cms}?resourceVersion=${encodeURIComponent(rv)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'BadRequest', message: invalid(rv, why) });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a watch or a get from a resourceVersion past uint64 with 400 at once', async () => {
    for (const path of [
      `${cms}?watch=1&resourceVersion=18446744073709551616`,
      `${cms}?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&resourceVersion=-3`,
      `${cms}/x?resourceVersion=1e3`,
    ]) {
      const res = await server.call('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body.message).toMatch(/^invalid resource version: resourceVersion: Invalid value: /);
    }
  });

  it('names the largest uint64 exactly when it waited for it in vain', async () => {
    const res = await server.call('GET', `${cms}?resourceVersion=18446744073709551615&resourceVersionMatch=NotOlderThan`);
    expect(res.status).toBe(504);
    expect(res.body.message).toMatch(/^Timeout: Too large resource version: 18446744073709551615, current: \d+$/);
  });

  it('ends a streaming list from a too large resourceVersion with an ERROR event, not an open stream', async () => {
    const watch = await openWatch(
      server,
      `${cms}?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&resourceVersion=18446744073709551615`,
    );
    expect(watch.status).toBe(200);
    const events = await watch.ended();
    expect(events).toEqual([{ type: 'ERROR', object: expect.objectContaining({ kind: 'Status', code: 504, reason: 'Timeout' }) }]);
  });
});

describe('many and slow streaming lists', () => {
  const flood = '/api/v1/namespaces/flood/configmaps';
  const streamingList = `${flood}?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&timeoutSeconds=30`;
  const count = 60;
  const valueBytes = 100 * 1024;

  beforeAll(async () => {
    for (let i = 0; i < count; i++) {
      const res = await server.call('POST', flood, { metadata: { name: `big-${i}` }, data: { v: String(i % 10).repeat(valueBytes) } });
      expect(res.status).toBe(201);
    }
  }, 60_000);

  it('serves forty streaming lists of a state far over the buffer bound at once, each complete up to its bookmark', async () => {
    const watches = await Promise.all(Array.from({ length: 40 }, () => openWatch(server, streamingList)));
    const all = await Promise.all(watches.map((w) => w.events(count + 1, 30_000)));
    for (const events of all) {
      expect(events.slice(0, count).every((e) => e.type === 'ADDED')).toBe(true);
      expect(events[count]).toMatchObject({ type: 'BOOKMARK', object: { metadata: { annotations: { 'k8s.io/initial-events-end': 'true' } } } });
    }
    for (const w of watches) w.close();
    expect((await server.call('GET', '/healthz')).status).toBe(200);
  }, 60_000);

  it('delivers a change made while a large streaming list is still draining, after its bookmark', async () => {
    const watch = await openWatch(server, streamingList);
    const created = await server.call('POST', flood, { metadata: { name: 'during' } });
    expect(created.status).toBe(201);
    const events = await watch.events(count + 2, 30_000);
    watch.close();
    expect(events[count]!.type).toBe('BOOKMARK');
    expect(events[count + 1]).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'during' } } });
    expect(events.slice(0, count).map((e) => e.object.metadata.name)).not.toContain('during');
    expect((await server.call('DELETE', `${flood}/during`)).status).toBe(200);
  }, 60_000);

  it('closes a streaming list whose client never reads, instead of buffering the whole state', async () => {
    const total = count * valueBytes;
    const received = await new Promise<{ bytes: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: streamingList,
          ca: server.credentials.caCertPem,
          headers: { authorization: `Bearer ${server.credentials.token}` },
        },
        (res) => {
          res.pause();
          // Past the drain timeout: the server has given up on this client.
          setTimeout(() => {
            let bytes = 0;
            let tail = '';
            res.on('data', (c: Buffer) => {
              bytes += c.length;
              tail = (tail + c.toString('latin1')).slice(-4096);
            });
            res.on('close', () => resolve({ bytes, text: tail }));
            res.resume();
          }, drainTimeoutMs + 1500);
        },
      );
      req.on('error', reject);
      req.end();
    });
    // What the kernel's socket buffers held, plus the bound: never the whole state, never the bookmark.
    expect(received.bytes).toBeLessThan(total);
    expect(received.text).not.toContain('initial-events-end');
    expect((await server.call('GET', `${flood}?limit=1`)).status).toBe(200);
  }, 30_000);
});

describe('aggregated discovery asked with garbage', () => {
  const aggregated = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

  it('answers any Accept header with 200 or 406, never 5xx', async () => {
    const clause = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        aggregated,
        'application/vnd.kubernetes.protobuf;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList',
        '*/*;q=abc',
        ';;;',
        'application/json;q=-1',
        'application/json;g',
        '=;=;=',
        'application/json;as=Table;v=v1;g=meta.k8s.io',
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api', '/apis'), fc.array(clause, { minLength: 1, maxLength: 6 }), async (path, clauses) => {
        // Header values may not carry control characters; the server is asked with what a client can send.
        const accept = clauses.join(',').replace(/[^\x20-\x7e]/g, '');
        const res = await server.call('GET', path, undefined, { accept });
        expect(res.status, accept).toBeLessThan(500);
        expect([200, 406]).toContain(res.status);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("refuses an Accept header kube's discovery cannot serve with 406, as its WriteObjectNegotiated does", async () => {
    const message = 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf';
    for (const accept of [
      'foo/bar',
      'text/html',
      'application/json;as=Table;v=v1;g=meta.k8s.io',
      'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList',
    ]) {
      for (const path of ['/api', '/apis', '/apis/apps', '/apis/apps/v1']) {
        const res = await server.call('GET', path, undefined, { accept });
        expect(res.status, `${path} ${accept}`).toBe(406);
        expect(res.body).toMatchObject({ kind: 'Status', reason: 'NotAcceptable', code: 406, message });
      }
    }
    for (const accept of [
      '*/*',
      'application/*',
      'foo/bar, application/json',
      'application/vnd.kubernetes.protobuf;q=0.5, foo/bar',
      'application/json;charset=utf-8',
    ]) {
      expect((await server.call('GET', '/apis', undefined, { accept })).status, accept).toBe(200);
    }
  });

  it('answers a huge If-None-Match with the document, and the matching ETag with 304', async () => {
    const first = await server.call('GET', '/apis', undefined, { accept: aggregated });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9A-F]+"$/);
    const huge = await server.call('GET', '/apis', undefined, { accept: aggregated, 'if-none-match': `"${'F'.repeat(12_000)}"` });
    expect(huge.status).toBe(200);
    expect(huge.body.kind).toBe('APIGroupDiscoveryList');
    const many = await server.call('GET', '/apis', undefined, { accept: aggregated, 'if-none-match': Array(1000).fill('"x"').join(', ') });
    expect(many.status).toBe(200);
    const matching = await server.call('GET', '/apis', undefined, { accept: aggregated, 'if-none-match': etag });
    expect(matching.status).toBe(304);
    expect(matching.raw.length).toBe(0);
  });
});
