/**
 * A controller written in Python on the official client (Debian's python3-kubernetes), listing,
 * watching and patching the way kopf-style operators do, each variant started as its own
 * process with a connected client's kubeconfig: its passes, their triggers and its writes
 * appear; the variant that rewrites a condition timestamp on every event is flagged as a hot
 * loop naming that field; the variant that writes with stale resourceVersions shows its 409s
 * with the write that won. Skipped, saying so, without the Python client.
 */
import { findPythonWithKubernetes, pythonClientHelp } from '@dojo/apiserver/testing';
import type { RequestRecord } from '@dojo/console-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExternalProcess } from '../testing/external-process.ts';
import { startPythonOperator, type PythonOperatorMode } from '../testing/python-operator.ts';
import { eventually, startObservedServer, type ObservedServer } from '../testing/observed-server.ts';

const python = findPythonWithKubernetes();
if (!python) console.warn(`\n*** SKIPPING the Python operator tests. ${pythonClientHelp} ***\n`);

let server: ObservedServer;
const operators: ExternalProcess[] = [];
const path = (namespace: string) => `/apis/webapp.example.com/v1/namespaces/${namespace}/guestbooks`;
const guestbook = (name: string, namespace: string) => ({
  apiVersion: 'webapp.example.com/v1',
  kind: 'Guestbook',
  metadata: { name, namespace },
  spec: { message: 'hello', size: 1 },
});
const rvOf = (body: unknown) => (body as { metadata: { resourceVersion: string } }).metadata.resourceVersion;

async function runOperator(name: string, namespace: string, mode: PythonOperatorMode): Promise<ExternalProcess> {
  const operator = await startPythonOperator(python!, server, name, namespace, mode);
  operators.push(operator);
  return operator;
}

beforeAll(async () => {
  if (python) server = await startObservedServer();
}, 60_000);

afterAll(async () => {
  await Promise.all(operators.map((o) => o.stop()));
  await server?.stop();
});

describe.skipIf(!python)('a Python controller on python3-kubernetes, as its own process', () => {
  it('shows its passes, what triggered each and the writes it made', async () => {
    const operator = await runOperator('py-operator', 'py', 'converge');
    const created = await server.admin('POST', path('py'), guestbook('hello', 'py'));
    const ready = async () => JSON.stringify((await server.admin('GET', `${path('py')}/hello`)).body).includes('"observedGeneration":1');
    await eventually(ready, `the Python operator to report hello:\n${operator.output()}`);
    await new Promise((r) => setTimeout(r, 1500));

    const client = server.snapshot().clients.find((c) => c.name === 'py-operator');
    expect(client).toMatchObject({ kind: 'connected', userAgents: [expect.stringMatching(/^OpenAPI-Generator\/[\d.]+\/python$/)], watchesHeld: 1 });
    const passes = server.telemetry('reconcile-start', 'py-operator');
    const calls = (id: string) =>
      server
        .telemetry('api-call', 'py-operator')
        .filter((c) => c.reconcileId === id)
        .map((c) => `${c.verb} ${c.resource} ${c.code}`);
    const first = passes.find((p) => p.triggers.some((t) => t.resourceVersion === rvOf(created.body)));
    expect(first?.inferred).toMatchObject({ rule: 'same-object-event', object: { kind: 'Guestbook', namespace: 'py', name: 'hello' } });
    expect(first!.triggers[0]).toMatchObject({ reason: 'watch', event: 'ADDED', kind: 'Guestbook', key: 'py/hello' });
    expect(calls(first!.reconcileId)).toEqual(['get configmaps 404', 'create configmaps 201', 'patch guestbooks/status 200']);
    // The echo of its status write brought one more pass, which found nothing to do.
    const statusWrite = server.telemetry('api-call', 'py-operator').find((c) => c.reconcileId === first!.reconcileId && c.resource === 'guestbooks/status')!;
    const echo = passes.find((p) => p.triggers.some((t) => t.resourceVersion === statusWrite.rvReturned));
    expect(echo?.inferred?.rule).toBe('same-object-event');
    expect(calls(echo!.reconcileId)).toEqual(['get configmaps 200']);
    expect(server.snapshot().hotLoops).toEqual([]);
  });

  it('flags the variant that rewrites a condition timestamp on every event as a hot loop within 10 s, naming the field', async () => {
    const operator = await runOperator('py-flapper', 'py-loop', 'flap');
    await server.admin('POST', path('py-loop'), guestbook('spinning', 'py-loop'));
    const started = Date.now();
    const loop = await eventually(() => server.snapshot().hotLoops.find((l) => l.writers.includes('py-flapper')), `a hot loop:\n${operator.output()}`, 15_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(loop).toMatchObject({
      kind: 'self',
      writers: ['py-flapper'],
      fieldPaths: ['status.conditions[type=Ready].lastTransitionTime'],
      object: { name: 'spinning', namespace: 'py-loop' },
    });
    await operator.stop();
  });

  it("shows the stale variant's 409s with the resourceVersion it sent, the current one and who wrote it", async () => {
    const operator = await runOperator('py-stale', 'py-stale', 'stale');
    await server.admin('POST', path('py-stale'), guestbook('racy', 'py-stale'));
    await eventually(
      async () => JSON.stringify((await server.admin('GET', `${path('py-stale')}/racy`)).body).includes('"observedGeneration":1'),
      `its first status:\n${operator.output()}`,
    );
    const first = await server.admin('PATCH', `${path('py-stale')}/racy?fieldManager=kubectl-edit`, { spec: { size: 2 } }, 'application/merge-patch+json');
    await new Promise((r) => setTimeout(r, 150));
    const second = await server.admin('PATCH', `${path('py-stale')}/racy?fieldManager=kubectl-edit`, { spec: { size: 3 } }, 'application/merge-patch+json');
    const conflict = await eventually(() => server.telemetry('conflict', 'py-stale')[0], `a 409:\n${operator.output()}`);
    expect(conflict).toMatchObject({
      controller: 'py-stale',
      key: 'py-stale/racy',
      resource: 'guestbooks/status',
      staleRV: rvOf(first.body),
      currentRV: rvOf(second.body),
      currentManager: 'kubectl-edit',
      currentClient: 'kubectl',
    });
    // The pass ends once the client has been quiet for a second.
    const pass = await eventually(
      () => server.telemetry('reconcile-end', 'py-stale').find((e) => e.reconcileId === conflict.reconcileId),
      'the end of that pass',
    );
    expect(pass.result).toBe('conflict');
    const record = server.service.requests
      .query({ client: 'py-stale', limit: 10_000 })
      .records.find((r): r is RequestRecord => r.type === 'request' && r.code === 409);
    expect(record?.conflict?.writer).toMatchObject({ user: 'admin', fieldManager: 'kubectl-edit', source: 'journal' });
    expect(server.snapshot().clients.find((c) => c.name === 'py-stale')!.totals.conflicts).toBeGreaterThanOrEqual(1);
  });
});
