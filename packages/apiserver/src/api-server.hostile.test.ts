/**
 * Hostile input: malformed, oversized, mistyped and random requests get 4xx Status answers,
 * never a crash or a 5xx, and the stored data stays consistent afterwards.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
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
    expect(res.body.message).toMatch(/^couldn't get version\/kind; json parse error/);
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

  it('answers unknown resources and paths with a 404 Status', async () => {
    for (const path of ['/api/v1/widgets', '/apis/nope.example.com/v1/things', '/apis/apps/v9/deployments', '/totally/unknown']) {
      const res = await server.call('GET', path);
      expect(res.status).toBe(404);
      expect(isStatus(res.body, 404)).toBe(true);
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
    const res = await server.call('POST', '/api/v1/namespaces/default/configmaps', `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deep"},"data":${nested}}`);
    expect(res.status).toBe(400);
  });

  it('survives random paths, queries and bodies with only 2xx/4xx Status answers, and the store stays consistent', async () => {
    const segment = fc.oneof(
      fc.constantFrom('api', 'apis', 'v1', 'namespaces', 'default', 'configmaps', 'pods', 'status', 'scale', 'watch', 'apps', 'deployments', '..', '%2F', ''),
      fc.string({ maxLength: 12 }),
    );
    const query = fc.array(fc.tuple(fc.constantFrom('labelSelector', 'fieldSelector', 'limit', 'continue', 'resourceVersion', 'dryRun', 'fieldValidation', 'watch', 'timeoutSeconds'), fc.string({ maxLength: 16 })), { maxLength: 3 });
    const body = fc.oneof(
      fc.json({ maxDepth: 4 }),
      fc.string({ maxLength: 64 }),
      fc.record({ apiVersion: fc.constantFrom('v1', 'apps/v1', 'bogus'), kind: fc.constantFrom('ConfigMap', 'Pod', 'Deployment', 'Nope'), metadata: fc.record({ name: fc.string({ maxLength: 20 }), labels: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })) }), data: fc.anything({ maxDepth: 2 }) }).map((o) => JSON.stringify(o)),
    );
    const contentType = fc.constantFrom('application/json', 'application/yaml', 'application/merge-patch+json', 'application/json-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml', 'text/plain');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'), fc.array(segment, { maxLength: 7 }), query, body, contentType, async (method, segments, params, payload, type) => {
        const q = new URLSearchParams(params.filter(([k, v]) => !(k === 'watch' && v !== '')));
        q.set('timeoutSeconds', '1');
        const path = '/' + segments.map((s) => encodeURIComponent(s)).join('/') + '?' + q.toString();
        const res = await server.call(method, path, method === 'GET' ? undefined : payload, { 'content-type': type });
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) expect(res.body?.kind).toBe('Status');
      }),
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
});
