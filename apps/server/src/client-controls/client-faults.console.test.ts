/**
 * Faults on a connected client's requests through a whole console (`runUp`, its API server on
 * its own thread, the rules crossing its control port): `/api/clients/:name/faults` adds, lists and clears rules, the client — kubectl
 * with the kubeconfig `dojo-console connect` writes — gets kube's answer for each, and the
 * faulted request reaches the console's request log marked with its rule.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectClient } from '@dojo/apiserver';
import type { ClientFaults } from '@dojo/console-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlFor, type Kubectl } from '../testing/kubectl.ts';
import { testUpOptions } from '../testing/up-options.ts';
import { runUp, type RunningConsole } from '../up.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-console-faults-'));
const client = 'external-op';
let running: RunningConsole;
let admin: Kubectl;
let operator: Kubectl;

async function http(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { authorization: `Bearer ${running.token}` };
  if (method !== 'GET') headers['x-dojo-console'] = '1';
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${running.console.url.replace(/\/$/, '')}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

/** kubectl's error text (it rejects with its stderr). */
const refusal = (command: Promise<string>): Promise<string> =>
  command.then(
    (out) => Promise.reject(new Error(`kubectl succeeded: ${out}`)),
    (err: unknown) => (err as Error).message,
  );

beforeAll(async () => {
  running = await runUp(testUpOptions({ dataDir }));
  admin = kubectlFor(running.kubeconfigPath, join(dataDir, 'kubectl-cache-admin'));
  operator = kubectlFor(connectClient(dataDir, client).kubeconfigPath, join(dataDir, 'kubectl-cache-op'));
}, 60_000);

afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('/api/clients/:name/faults on a console', () => {
  it('answers 404 for a name no client is connected with', async () => {
    const answer = await http('GET', '/api/clients/nobody/faults');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ kind: 'Status', reason: 'NotFound', message: 'clients.console "nobody" not found' });
  });

  it("adds a rule, and the client's faulted create is answered kube's 503 and does not happen", async () => {
    const added = await http('POST', `/api/clients/${client}/faults`, { verbs: ['create'], resource: 'configmaps', status: 503, count: 1 });
    expect(added.status).toBe(201);
    expect((added.body as ClientFaults).rules).toMatchObject([
      { id: 'f1', rule: { verbs: ['create'], resource: 'configmaps', status: 503, count: 1 }, matched: 0, injected: 0, exhausted: false },
    ]);
    // kubectl create's own prefix, then kube's message.
    expect(await refusal(operator(['create', 'configmap', 'faulted', '-n', 'default']))).toContain(
      'error: failed to create configmap: the server is currently unable to handle the request',
    );
    expect(await refusal(admin(['get', 'configmap', 'faulted', '-n', 'default']))).toContain('configmaps "faulted" not found');
    // Its count spent, the rule stays listed with what it did; the next create goes through.
    expect((await http('GET', `/api/clients/${client}/faults`)).body.rules).toMatchObject([{ id: 'f1', matched: 1, injected: 1, exhausted: true }]);
    await operator(['create', 'configmap', 'faulted', '-n', 'default']);
  });

  it("shows the faulted request in the console's request log, marked with its rule", async () => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { body } = await http('GET', '/api/requests');
      const faulted = (body.records as any[]).find((r) => r.type === 'request' && r.user === client && r.fault);
      if (faulted) {
        expect(faulted).toMatchObject({
          verb: 'create',
          resource: 'configmaps',
          code: 503,
          reason: 'ServiceUnavailable',
          fault: { rule: 'f1', verb: 'create', status: 503 },
        });
        return;
      }
      if (Date.now() > deadline) throw new Error('the faulted request never reached the console');
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  it("refuses a body of the wrong shape (400) and a rule that makes no sense (kube's 422, a cause per field)", async () => {
    const wrongType = await http('POST', `/api/clients/${client}/faults`, { status: '409' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('status must be a number');
    const unknown = await http('POST', `/api/clients/${client}/faults`, { status: 409, percent: 5 });
    expect(unknown.body.message).toBe('unknown field "percent" in a fault rule');
    const invalid = await http('POST', `/api/clients/${client}/faults`, { status: 404, rate: 0.5, count: 2 });
    expect(invalid.status).toBe(422);
    expect(invalid.body.details.causes.map((c: any) => c.field)).toEqual(['status', 'rate']);
  });

  it('removes one rule by id, then all of them', async () => {
    await http('POST', `/api/clients/${client}/faults`, { verbs: ['get'], status: 403 });
    expect(await refusal(operator(['get', 'configmap', 'faulted', '-n', 'default']))).toContain(
      `Error from server (Forbidden): configmaps "faulted" is forbidden: User "${client}" cannot get resource "configmaps" in API group "" in the namespace "default"`,
    );
    expect((await http('DELETE', `/api/clients/${client}/faults/f1`)).body.rules.map((r: any) => r.id)).toEqual(['f2']);
    expect((await http('DELETE', `/api/clients/${client}/faults/f1`)).status).toBe(404);
    expect((await http('DELETE', `/api/clients/${client}/faults`)).body).toEqual({ client, rules: [] });
    await operator(['get', 'configmap', 'faulted', '-n', 'default']);
  });
});
