/**
 * Hostile input: malformed, oversized, mistyped and random requests get 4xx Status answers,
 * never a crash or a 5xx, and the stored data stays consistent afterwards.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseApiVersion, type KubeObject } from '@dojo/kube-api';
import { maxStoredObjectBytes } from './registry/generic-store.ts';
import { builtinSamples } from './testing/builtin-samples.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'samples' } });
});
afterAll(async () => {
  await server?.stop();
});

const isStatus = (body: any, code: number) => body?.kind === 'Status' && body.code === code && typeof body.message === 'string';

describe('hostile input to the API server', () => {
  it('rejects malformed JSON with 400 and a Status body', async () => {
    const res = await server.call('POST', '/api/v1/namespaces/default/configmaps', '{"metadata": {');
    expect(res.status).toBe(400);
    expect(isStatus(res.body, 400)).toBe(true);
    // transformDecodeError's words: the kind the URL expects, the decoder's error, the body's start.
    expect(res.body.message).toMatch(
      /^the object provided is unrecognized \(must be of type ConfigMap\): couldn't get version\/kind; json parse error: .+ \(\{"metadata": \{\)$/,
    );
  });

  it('rejects a wrong content type with 415', async () => {
    const res = await server.call('POST', '/api/v1/namespaces/default/configmaps', 'a=b', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
    expect(isStatus(res.body, 415)).toBe(true);
  });

  it('rejects a body over 3 MiB with 413', async () => {
    const big = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data: { x: 'y'.repeat(3 * 1024 * 1024) } });
    const res = await server.call('POST', '/api/v1/namespaces/default/configmaps', big);
    expect(res.status).toBe(413);
    expect(isStatus(res.body, 413)).toBe(true);
  });

  it('answers unknown resources of served groups with a 404 Status, and paths nothing serves with kube’s plain 404 page', async () => {
    for (const path of ['/api/v1/widgets', '/apis/apps/v9/deployments']) {
      const res = await server.call('GET', path);
      expect(res.status).toBe(404);
      expect(isStatus(res.body, 404)).toBe(true);
    }
    for (const path of ['/apis/nope.example.com/v1/things', '/totally/unknown']) {
      const res = await server.call('GET', path);
      expect(res.status).toBe(404);
      expect(res.body).toBe('404 page not found\n');
    }
  });

  it('answers requests without a valid token with 401 and leaks nothing', async () => {
    const res = await server.call('GET', '/api/v1/namespaces/default/secrets', undefined, { authorization: 'Bearer wrong' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'Unauthorized', code: 401 });
  });

  it('validates names as DNS-1123 subdomains and rejects objects in missing namespaces', async () => {
    const bad = await server.call('POST', '/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'Not_Valid' } });
    expect(bad.status).toBe(422);
    expect(bad.body.details.causes[0]).toMatchObject({ field: 'metadata.name', reason: 'FieldValueInvalid' });
    const missing = await server.call('POST', '/api/v1/namespaces/nowhere/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('namespaces "nowhere" not found');
  });

  it('rejects deeply nested bodies without overflowing the stack', async () => {
    let nested = '{"a":1}';
    for (let i = 0; i < 5000; i++) nested = `{"a":${nested}}`;
    const res = await server.call(
      'POST',
      '/api/v1/namespaces/default/configmaps',
      `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deep"},"data":${nested}}`,
    );
    expect(res.status).toBe(400);
  });

  it('survives random paths, queries and bodies with only 2xx/4xx Status answers, and the store stays consistent', async () => {
    const segment = fc.oneof(
      fc.constantFrom('api', 'apis', 'v1', 'namespaces', 'default', 'configmaps', 'pods', 'status', 'scale', 'watch', 'apps', 'deployments', '..', '%2F', ''),
      // The kinds and endpoints added for 1.37.
      fc.constantFrom(
        'statefulsets',
        'daemonsets',
        'controllerrevisions',
        'batch',
        'jobs',
        'cronjobs',
        'nodes',
        'persistentvolumes',
        'endpoints',
        'networking.k8s.io',
        'ingresses',
        'autoscaling',
        'v2',
        'horizontalpodautoscalers',
        'serviceaccounts',
        'token',
        'authorization.k8s.io',
        'subjectaccessreviews',
        'rbac.authorization.k8s.io',
        'clusterroles',
      ),
      fc.string({ maxLength: 12 }),
    );
    const query = fc.array(
      fc.tuple(
        fc.constantFrom(
          'labelSelector',
          'fieldSelector',
          'limit',
          'continue',
          'resourceVersion',
          'dryRun',
          'fieldValidation',
          'watch',
          'timeoutSeconds',
          'sendInitialEvents',
          'resourceVersionMatch',
          'allowWatchBookmarks',
        ),
        fc.string({ maxLength: 16 }),
      ),
      { maxLength: 3 },
    );
    const body = fc.oneof(
      fc.json({ maxDepth: 4 }),
      fc.string({ maxLength: 64 }),
      fc
        .record({
          apiVersion: fc.constantFrom('v1', 'apps/v1', 'bogus'),
          kind: fc.constantFrom('ConfigMap', 'Pod', 'Deployment', 'Nope'),
          metadata: fc.record({ name: fc.string({ maxLength: 20 }), labels: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })) }),
          data: fc.anything({ maxDepth: 2 }),
        })
        .map((o) => JSON.stringify(o)),
    );
    const contentType = fc.constantFrom(
      'application/json',
      'application/yaml',
      'application/merge-patch+json',
      'application/json-patch+json',
      'application/strategic-merge-patch+json',
      'application/apply-patch+yaml',
      'text/plain',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        fc.array(segment, { maxLength: 7 }),
        query,
        body,
        contentType,
        async (method, segments, params, payload, type) => {
          const q = new URLSearchParams(params.filter(([k, v]) => !(k === 'watch' && v !== '')));
          q.set('timeoutSeconds', '1');
          const path = '/' + segments.map((s) => encodeURIComponent(s)).join('/') + '?' + q.toString();
          const res = await server.call(method, path, method === 'GET' ? undefined : payload, { 'content-type': type });
          expect(res.status).toBeLessThan(500);
          // Every error is a Status, but for kube's plain 404 page of a path no API handler claims.
          if (res.status >= 400 && res.body !== '404 page not found\n') expect(res.body?.kind).toBe('Status');
        },
      ),
      { numRuns: 300 },
    );
    const health = await server.call('GET', '/healthz');
    expect(health.status).toBe(200);
    for (const bucket of ['core/configmaps', 'core/pods', 'apps/deployments', 'core/namespaces']) {
      for (const stored of server.revisioned.list(bucket)) {
        const obj = JSON.parse(stored.json);
        expect(obj.metadata.resourceVersion).toBe(String(stored.rev));
        expect(stored.rev).toBeLessThanOrEqual(server.revisioned.revision);
      }
    }
  }, 120_000);

  it('answers built-in objects with a value of the wrong type anywhere with 4xx, and only well-typed objects are stored', async () => {
    const samples = Object.values(builtinSamples).map((sample) => {
      const { group, version } = parseApiVersion(sample.apiVersion);
      const info = server.registry.lookupKind(group, sample.kind)!;
      const base = group ? `/apis/${group}/${version}` : `/api/${version}`;
      return { sample, info, collection: info.namespaced ? `${base}/namespaces/samples/${info.resource}` : `${base}/${info.resource}` };
    });
    /** Every path into a sample, objects, lists and scalars alike. */
    const pathsOf = (value: unknown, prefix: (string | number)[] = []): (string | number)[][] => {
      if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
      if (value !== null && typeof value === 'object') return [prefix, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
      return [prefix];
    };
    const wrong = fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.boolean(),
      fc.string({ maxLength: 8 }),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.integer(), fc.string({ maxLength: 4 })), { maxKeys: 2 }),
    );
    let n = 0;
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.nat(samples.length - 1), fc.nat(), wrong, async (which, pick, value) => {
        const { sample, collection } = samples[which]!;
        const obj = structuredClone(sample) as Record<string, any>;
        obj.metadata.name = `typed-${++n}`;
        const paths = pathsOf(obj).filter((p) => p.length > 0 && p[0] !== 'apiVersion' && p[0] !== 'kind');
        const path = paths[pick % paths.length]!;
        let parent: any = obj;
        for (const key of path.slice(0, -1)) parent = parent[key];
        parent[path[path.length - 1]!] = value;
        const res = await server.call('POST', collection, obj);
        statuses.add(res.status);
        expect(res.status, `${sample.kind} ${path.join('.')} = ${JSON.stringify(value)}: ${res.body?.message}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.body.kind).toBe('Status');
      }),
      { numRuns: 400 },
    );
    expect([...statuses]).toEqual(expect.arrayContaining([201, 400]));
    for (const { info, collection } of samples) {
      expect((await server.call('GET', collection)).status, collection).toBe(200);
      for (const stored of server.revisioned.list(info.bucket)) info.typedDecode?.(JSON.parse(stored.json) as KubeObject);
    }
  }, 120_000);

  it('keeps every patch within bounds: no 5xx, no long request, nothing stored over the object limit', async () => {
    const cms = '/api/v1/namespaces/default/configmaps';
    await server.call('POST', cms, { metadata: { name: 'grown' }, data: { a: 'x'.repeat(4096) } });
    const pointer = fc.constantFrom(
      '',
      '/data',
      '/data/a',
      '/metadata',
      '/metadata/labels',
      '/metadata/annotations',
      '/data/k',
      '/metadata/annotations/k',
      '/kind',
      '/apiVersion',
      '/metadata/name',
    );
    const value = fc.oneof(
      fc.string({ maxLength: 64 }),
      fc.integer(),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 64 }), { maxKeys: 3 }),
      fc.constant('y'.repeat(200_000)),
    );
    const op = fc.oneof(
      fc.record({ op: fc.constant('copy'), from: pointer, path: pointer.chain((p) => fc.nat(40).map((i) => `${p}/c${i}`)) }),
      fc.record({ op: fc.constantFrom('add', 'replace'), path: pointer, value }),
      fc.record({ op: fc.constant('move'), from: pointer, path: pointer }),
    );
    const patch = fc.oneof(
      fc.array(op, { minLength: 1, maxLength: 30 }).map((ops) => ({ type: 'application/json-patch+json', body: ops })),
      fc
        .dictionary(fc.constantFrom('data', 'metadata', 'kind', 'spec', '$patch'), fc.oneof(value, fc.constant(null)), { maxKeys: 3 })
        .map((body) => ({ type: 'application/merge-patch+json', body })),
      fc
        .dictionary(
          fc.constantFrom('data', 'metadata', '$retainKeys', '$patch', '$setElementOrder/data'),
          fc.oneof(value, fc.constant(null), fc.array(fc.string({ maxLength: 4 }))),
          { maxKeys: 3 },
        )
        .map((body) => ({ type: 'application/strategic-merge-patch+json', body })),
    );
    await fc.assert(
      fc.asyncProperty(patch, fc.boolean(), async ({ type, body }, dryRun) => {
        const started = Date.now();
        const res = await server.call('PATCH', `${cms}/grown${dryRun ? '?dryRun=All' : ''}`, body, { 'content-type': type });
        expect(res.status, `${type} ${JSON.stringify(body).slice(0, 300)}: ${res.body?.message}`).toBeLessThan(500);
        expect(Date.now() - started).toBeLessThan(5000);
      }),
      { numRuns: 300 },
    );
    const stored = server.revisioned.get('core/configmaps', 'default/grown');
    expect(stored!.json.length).toBeLessThanOrEqual(maxStoredObjectBytes);
    expect(JSON.parse(stored!.json)).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap' });
  }, 120_000);
});
