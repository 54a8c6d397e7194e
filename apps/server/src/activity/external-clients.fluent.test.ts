/**
 * An operator built on a third-party npm framework (kubernetes-fluent-client), run as its own
 * process with a connected client's kubeconfig, as its author would run it: the console sees
 * its requests, infers its reconciles with their triggers, and flags its hot loop.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExternalProcess, type ExternalProcess } from '../testing/external-process.ts';
import { eventually, guestbooks, startObservedServer, type ObservedServer } from '../testing/observed-server.ts';

const operatorScript = fileURLToPath(new URL('../testing/external-operators/fluent-operator.ts', import.meta.url));
const guestbook = (name: string, namespace = 'default') => ({
  apiVersion: 'webapp.example.com/v1',
  kind: 'Guestbook',
  metadata: { name, namespace },
  spec: { message: `hello from ${name}`, size: 1 },
});

let server: ObservedServer;
const operators: ExternalProcess[] = [];

function runOperator(name: string, mode: 'converge' | 'flap', namespace: string): ExternalProcess {
  const { kubeconfigPath } = server.connect(name);
  const operator = startExternalProcess(
    process.execPath,
    ['--import', 'tsx', operatorScript, '--mode', mode, '--namespace', namespace],
    { KUBECONFIG: kubeconfigPath },
    'watching',
  );
  operators.push(operator);
  return operator;
}

beforeAll(async () => {
  server = await startObservedServer();
}, 60_000);

afterAll(async () => {
  await Promise.all(operators.map((o) => o.stop()));
  await server?.stop();
});

describe('an operator on kubernetes-fluent-client, as its own process', () => {
  it('shows up as a client of its own, with inferred reconciles linked to the events that triggered them', async () => {
    const operator = runOperator('guestbook-operator', 'converge', 'default');
    await operator.ready;
    const created = await server.admin('POST', guestbooks, guestbook('hello'));
    expect(created.code).toBe(201);
    const createdRV = (created.body as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
    const ready = async () => {
      const got = (await server.admin('GET', `${guestbooks}/hello`)).body as { status?: { conditions?: { type: string; status: string }[] } };
      return got.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
    };
    await eventually(ready, `the operator to make hello Ready:\n${operator.output()}`);
    // Let the echo of its last write come back and find nothing to do.
    await new Promise((r) => setTimeout(r, 1500));

    const client = server.snapshot().clients.find((c) => c.name === 'guestbook-operator');
    expect(client).toMatchObject({ kind: 'connected', user: 'guestbook-operator', userAgents: ['kubernetes-fluent-client'] });
    expect(client!.watchesHeld).toBe(2);
    expect(client!.inferredReconciles).toBeGreaterThanOrEqual(2);
    const watches = server.snapshot().watches.find((w) => w.client === 'guestbook-operator')!;
    expect(watches.watches.map((w) => w.resource).sort()).toEqual(['configmaps', 'guestbooks']);
    expect(watches.lists.map((l) => l.resource).sort()).toEqual(['configmaps', 'guestbooks']);

    const starts = server.telemetry('reconcile-start', 'guestbook-operator').filter((s) => s.key === 'default/hello');
    const first = starts.find((s) => s.triggers.some((t) => t.resourceVersion === createdRV));
    // Its first request was a read of a ConfigMap that did not exist yet, filed under the Guestbook on an assumption its next request confirmed: it created that ConfigMap as the Guestbook's child.
    expect(first?.inferred).toMatchObject({
      client: 'guestbook-operator',
      rule: 'same-object-event',
      confidence: 0.9,
      object: { group: 'webapp.example.com', kind: 'Guestbook', name: 'hello' },
    });
    expect(first!.inferred!.explanation).toMatch(
      /its first request was about ConfigMap default\/hello-message, which it then wrote as a child of Guestbook default\/hello$/,
    );
    expect(first!.triggers[0]).toMatchObject({ reason: 'watch', event: 'ADDED', kind: 'Guestbook', key: 'default/hello' });
    const calls = (id: string) => server.telemetry('api-call', 'guestbook-operator').filter((c) => c.reconcileId === id);
    expect(calls(first!.reconcileId).map((c) => `${c.verb} ${c.resource} ${c.code}`)).toEqual(['get configmaps 404', 'patch configmaps 201']);
    // The ConfigMap it created (and controls) brought the next pass, which reported Ready.
    const owned = starts.find((s) => s.inferred?.rule === 'owned-object-event');
    expect(owned!.triggers[0]).toMatchObject({ reason: 'owned', kind: 'ConfigMap', key: 'default/hello-message' });
    expect(calls(owned!.reconcileId).map((c) => `${c.verb} ${c.resource}`)).toContain('patch guestbooks/status');
    expect(server.telemetry('reconcile-end', 'guestbook-operator').every((e) => e.result === 'success')).toBe(true);
    expect(server.snapshot().hotLoops).toEqual([]);
  });

  it('is flagged as a hot loop within 10 s when it rewrites a condition timestamp on every event', async () => {
    await server.admin('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'loop' } });
    const operator = runOperator('flapper', 'flap', 'loop');
    await operator.ready;
    await server.admin('POST', '/apis/webapp.example.com/v1/namespaces/loop/guestbooks', guestbook('spinning', 'loop'));
    const started = Date.now();
    const loop = await eventually(() => server.snapshot().hotLoops.find((l) => l.writers.includes('flapper')), `a hot loop:\n${operator.output()}`, 15_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(loop).toMatchObject({
      kind: 'self',
      object: { group: 'webapp.example.com', kind: 'Guestbook', namespace: 'loop', name: 'spinning' },
      resource: 'guestbooks/status',
      writers: ['flapper'],
      fieldPaths: ['status.conditions[type=Ready].lastTransitionTime'],
      active: true,
    });
    expect(loop.cure).toMatch(/lastTransitionTime only when its status changes/);
    await eventually(() => (server.snapshot().hotLoops.find((l) => l.id === loop.id)?.ratePerSecond ?? 0) > 1, 'a measured rate');
    await operator.stop();
  });
});
