/**
 * CRD status.observedGeneration and conditions' observedGeneration (CRDObservedGenerationTracking,
 * on by default since 1.36): apiextensions-apiserver 1.37 stores what a status writer sets
 * there, in JSON and protobuf; no upstream controller sets them, so ours does not either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dojoCrd } from '../crd/fixtures/dojo-crd.ts';
import { decodeObject } from '../http/protobuf/envelope.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
const crdPath = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/dojos.core.jutsu.com';
beforeAll(async () => {
  server = await startTestServer();
  expect((await server.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', dojoCrd())).status).toBe(201);
  for (let i = 0; (await server.call('GET', crdPath)).body.status?.conditions?.length !== 2; i++) {
    if (i > 100) throw new Error('the CRD was never established');
    await new Promise((r) => setTimeout(r, 20));
  }
});
afterAll(async () => {
  await server?.stop();
});

describe('CRD observedGeneration', () => {
  it("keeps status.observedGeneration and the conditions' observedGeneration a status writer sets", async () => {
    const crd = (await server.call('GET', crdPath)).body;
    const generation = crd.metadata.generation as number;
    const status = {
      ...crd.status,
      observedGeneration: generation,
      conditions: crd.status.conditions.map((c: object) => ({ ...c, observedGeneration: generation })),
    };
    const res = await server.call('PUT', `${crdPath}/status`, { ...crd, status });
    expect(res.status).toBe(200);
    const stored = (await server.call('GET', crdPath)).body;
    expect(stored.status.observedGeneration).toBe(generation);
    expect(stored.status.conditions.map((c: { observedGeneration?: number }) => c.observedGeneration)).toEqual([generation, generation]);
    const protobuf = decodeObject((await server.call('GET', crdPath, undefined, { accept: 'application/vnd.kubernetes.protobuf' })).raw, {
      apiVersion: '',
      kind: '',
    }) as any;
    expect(protobuf.status.observedGeneration).toBe(generation);
    expect(protobuf.status.conditions[0].observedGeneration).toBe(generation);
  });
});
