/**
 * The order kube-apiserver records a create's managedFields in: after decoding and defaulting,
 * before the strategy's PrepareForCreate, without the endpoint's reset fields. Over real HTTPS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const creatorFields = (obj: { metadata: { managedFields?: { manager: string; fieldsV1: unknown }[] } }) =>
  obj.metadata.managedFields?.find((e) => e.manager === 'creator')?.fieldsV1;

describe('a create records what the request set, defaults included, and not what the strategy adds', () => {
  it("a Namespace's creator owns its name label (defaulting) but not the finalizers and phase the strategy adds", async () => {
    const res = await server.call('POST', '/api/v1/namespaces?fieldManager=creator', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'owned', labels: { team: 'a' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.spec).toEqual({ finalizers: ['kubernetes'] });
    expect(creatorFields(res.body)).toEqual({ 'f:metadata': { 'f:labels': { '.': {}, 'f:kubernetes.io/metadata.name': {}, 'f:team': {} } } });
  });

  it("a Job's creator owns its defaults but not the selector and pod labels the server generates", async () => {
    const res = await server.call('POST', '/apis/batch/v1/namespaces/default/jobs?fieldManager=creator', {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'owned' },
      spec: { template: { metadata: { labels: { app: 'j' } }, spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } },
    });
    expect(res.status).toBe(201);
    expect(res.body.spec.selector).toBeDefined();
    const spec = (creatorFields(res.body) as Record<string, Record<string, unknown>>)['f:spec']!;
    expect(spec).not.toHaveProperty('f:selector');
    expect(spec).toHaveProperty('f:backoffLimit');
    expect(spec['f:template']).toMatchObject({ 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } });
    expect(Object.keys((spec['f:template'] as { 'f:metadata': { 'f:labels': object } })['f:metadata']['f:labels'])).toEqual(['.', 'f:app']);
  });
});
