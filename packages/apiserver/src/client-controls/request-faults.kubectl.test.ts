/**
 * Faults on a connected client's requests, seen by the real kubectl (client-go underneath): it
 * prints kube-apiserver's own words for each injected answer, a faulted write does not happen,
 * a 429's Retry-After is waited out before the retry, and every fault is in the journal with
 * the rule that fired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../clients/client-kubeconfigs.ts';
import { kubectlRunner, type KubectlRunner } from '../testing/kubectl.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let kubectl: KubectlRunner;
const client = 'faulted-op';
const namespace = 'faults';

async function must(method: string, path: string, body?: unknown): Promise<any> {
  const answer = await server.call(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

/** The journal's request records of the faulted client, oldest first. */
async function requestsOfClient(): Promise<any[]> {
  const answer = await server.call('GET', '/debug/requests?follow=false');
  return answer.raw
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as any)
    .filter((r) => r.type === 'request' && r.user === client);
}

beforeAll(async () => {
  server = await startTestServer();
  kubectl = kubectlRunner(connectClient(server.dataDir, client, server.url).kubeconfigPath);
  await must('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  await must('POST', `/api/v1/namespaces/${namespace}/configmaps`, {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'settings', labels: { tier: 'db' } },
    data: { k: '1' },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('faults injected into a connected client, as kubectl sees them', () => {
  it.each([
    {
      status: 403,
      args: ['get', 'configmap', 'settings'],
      says: `Error from server (Forbidden): configmaps "settings" is forbidden: User "${client}" cannot get resource "configmaps" in API group "" in the namespace "${namespace}"`,
    },
    { status: 500, args: ['get', 'configmaps'], says: 'Error from server (InternalError): Internal error occurred: fault f2 injected by dojo-console' },
    {
      status: 503,
      args: ['get', 'configmap', 'settings'],
      says: 'Error from server (ServiceUnavailable): the server is currently unable to handle the request',
    },
  ] as const)("prints kube's own $status for the request the rule chose", async ({ status, args, says }) => {
    server.requestFaults.add(client, { verbs: [args.length === 2 ? 'list' : 'get'], resource: 'configmaps', namespace, status, count: 1 });
    const refused = await kubectl.run([...args, '-n', namespace]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr.trim()).toBe(says);
    // The count is spent: the same command now gets the server's own answer.
    const served = await kubectl.run([...args, '-n', namespace]);
    expect(served.code, served.stderr).toBe(0);
  });

  it("refuses a write with kube's optimistic-lock 409, and the write does not happen", async () => {
    const { rules } = server.requestFaults.add(client, { verbs: ['patch'], resource: 'configmaps', name: 'settings', status: 409 });
    const refused = await kubectl.run(['label', 'configmap', 'settings', 'faulted=yes', '-n', namespace]);
    expect(refused.stderr.trim()).toBe(
      'Error from server (Conflict): Operation cannot be fulfilled on configmaps "settings": the object has been modified; please apply your changes to the latest version and try again',
    );
    const stored = await must('GET', `/api/v1/namespaces/${namespace}/configmaps/settings`);
    expect(stored.metadata.labels).toEqual({ tier: 'db' });
    const record = (await requestsOfClient()).findLast((r) => r.verb === 'patch');
    expect(record).toMatchObject({
      code: 409,
      reason: 'Conflict',
      name: 'settings',
      resource: 'configmaps',
      fault: { rule: rules.at(-1)!.id, verb: 'patch', status: 409 },
    });
    server.requestFaults.clear(client, rules.at(-1)!.id);
  });

  it('chooses by label selector the objects whose stored labels match', async () => {
    const { rules } = server.requestFaults.add(client, { labelSelector: 'tier=db', status: 503 });
    await must('POST', `/api/v1/namespaces/${namespace}/configmaps`, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'other', labels: { tier: 'web' } },
    });
    expect((await kubectl.run(['get', 'configmap', 'settings', '-n', namespace])).code).not.toBe(0);
    expect((await kubectl.run(['get', 'configmap', 'other', '-n', namespace])).code).toBe(0);
    server.requestFaults.clear(client, rules.at(-1)!.id);
  });

  it('has the request wait out an added latency, then serves it, and journals the delay', async () => {
    const { rules } = server.requestFaults.add(client, { verbs: ['get'], resource: 'configmaps', name: 'settings', latencyMs: 1500, count: 1 });
    const served = await kubectl.run(['get', 'configmap', 'settings', '-n', namespace]);
    expect(served.code, served.stderr).toBe(0);
    const record = (await requestsOfClient()).findLast((r) => r.verb === 'get' && r.name === 'settings');
    expect(record).toMatchObject({ code: 200, fault: { rule: rules.at(-1)!.id, latencyMs: 1500 } });
    expect(record.latencyMs).toBeGreaterThanOrEqual(1500);
  });

  it("answers 429 with kube's TooManyRequests and Retry-After, which client-go waits out before each retry", async () => {
    server.requestFaults.add(client, { verbs: ['list'], resource: 'configmaps', status: 429, retryAfterSeconds: 2, count: 2 });
    const before = (await requestsOfClient()).length;
    const served = await kubectl.run(['get', 'configmaps', '-n', namespace]);
    expect(served.code, served.stderr).toBe(0);
    const lists = (await requestsOfClient()).slice(before).filter((r) => r.verb === 'list');
    expect(lists.map((r) => [r.code, r.reason ?? null])).toEqual([
      [429, 'TooManyRequests'],
      [429, 'TooManyRequests'],
      [200, null],
    ]);
    // The journal keeps the Retry-After each 429 asked for, so a report card can tell whether it was waited out.
    expect(lists[0].fault).toMatchObject({ status: 429, retryAfterSeconds: 2 });
    // client-go sleeps at least Retry-After before it asks again.
    expect(lists[1].time - lists[0].time).toBeGreaterThanOrEqual(2000);
    expect(lists[2].time - lists[1].time).toBeGreaterThanOrEqual(2000);
  });

  it('leaves other clients, and the same client once its rules are cleared, untouched', async () => {
    server.requestFaults.add(client, { status: 500 });
    const admin = kubectlRunner(server.kubeconfigPath);
    expect((await admin.run(['get', 'configmap', 'settings', '-n', namespace])).code).toBe(0);
    expect((await kubectl.run(['get', 'configmap', 'settings', '-n', namespace])).code).not.toBe(0);
    server.requestFaults.clear(client);
    expect((await kubectl.run(['get', 'configmap', 'settings', '-n', namespace])).code).toBe(0);
  });
});
