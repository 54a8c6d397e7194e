/**
 * The whole embedded stack behind the console: a Dojo applied with kubectl is reconciled by
 * the operator on the simulated cluster, and the console shows it — telemetry in causal order
 * and controller-runtime metrics with the dojo controller's labels.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

function kubectl(args: string[], stdin?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('kubectl', ['--kubeconfig', c.kubeconfigPath, '--cache-dir', `${c.dataDir}/kubectl-cache`, ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(err))));
    child.stdin.end(stdin ?? '');
  });
}

const dojo = (name: string) =>
  JSON.stringify({ apiVersion: 'core.jutsu.com/v1', kind: 'Dojo', metadata: { name, namespace: 'default' }, spec: { accountId: 'a', title: `Dojo ${name}`, credentialsRef: { name: `${name}-app` }, replicas: 1 } });

describe('the operator behind the console', () => {
  it('lists the operator and system controllers', async () => {
    const res = await c.http('GET', '/api/controllers');
    const names = res.body.controllers.map((x: { name: string; role: string }) => `${x.role}:${x.name}`);
    expect(names).toContain('operator:dojo');
    expect(names).toContain('system:deployment-controller');
  });

  it('streams enqueue -> reconcile-start -> api-call -> reconcile-end for a new Dojo', async () => {
    const live = await c.socket();
    live.send({ op: 'subscribe', id: 't', kind: 'telemetry', controller: 'dojo', objectKey: 'default/telemetry' });
    await kubectl(['apply', '-f', '-'], dojo('telemetry'));
    const seen: string[] = [];
    await live.next((m) => {
      if (m.id !== 't' || m.type !== 'telemetry') return false;
      for (const r of m.records) seen.push(r.type);
      return seen.includes('reconcile-end');
    }, 30_000);
    const order = ['enqueue', 'reconcile-start', 'api-call', 'reconcile-end'].map((t) => seen.indexOf(t));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    live.ws.close();
  });

  it('becomes Available on the simulated cluster', async () => {
    await kubectl(['apply', '-f', '-'], dojo('available'));
    const waited = await kubectl(['wait', '--for=condition=Available', 'dojo/available', '--timeout=60s']);
    expect(waited.trim()).toBe('dojo.core.jutsu.com/available condition met');
  }, 90_000);

  it('exposes controller-runtime metrics with the dojo controller label', async () => {
    const res = await c.http('GET', '/metrics');
    const text = String(res.body);
    for (const name of ['controller_runtime_reconcile_total', 'workqueue_depth', 'workqueue_adds_total', 'controller_runtime_reconcile_time_seconds_bucket', 'rest_client_requests_total']) {
      expect(text).toContain(name);
    }
    expect(text).toMatch(/controller_runtime_reconcile_total\{controller="dojo",result="success"\} [1-9]/);
    expect(text).toMatch(/workqueue_adds_total\{[^}]*name="dojo"/);
  });
});
