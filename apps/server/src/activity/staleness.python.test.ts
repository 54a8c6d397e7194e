/**
 * A write made on a stale view by a real client: a Python program on the official client
 * keeps a counter from its watch's cache; once its watch has ended, another client changes the
 * counter, and its increment from the cache overwrites that change (a lost update). The console
 * flags it with the field, the version it had been delivered, the one that was current and who
 * wrote it, and the journal records that show it; the increment it makes after listing again
 * is not flagged.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findPythonWithKubernetes, pythonClientHelp } from '@dojo/apiserver/testing';
import type { ClientStalenessAnswer, RequestRecord } from '@dojo/console-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startObservedServer, type ObservedServer } from '../testing/observed-server.ts';

const script = fileURLToPath(new URL('../testing/external-operators/stale_view_client.py', import.meta.url));
const python = findPythonWithKubernetes();
if (!python) console.warn(`\n*** SKIPPING the Python stale-view test. ${pythonClientHelp} ***\n`);

let server: ObservedServer;
let child: ChildProcessWithoutNullStreams | undefined;
let output = '';

beforeAll(async () => {
  if (python) server = await startObservedServer();
}, 60_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await server?.stop();
});

const counter = '/api/v1/namespaces/counting/configmaps/counter';
const rvOf = (body: unknown) => (body as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
const printed = (line: string) => eventually(() => output.includes(line), `"${line}" from the client:\n${output}`, 30_000);
const stalenessOf = (client: string): Omit<ClientStalenessAnswer, 'time'> => server.service.staleness(client);

describe.skipIf(!python)('a Python client writing from its cache after its watch ended', () => {
  it('is flagged for the lost update, with the field and the evidence, and not once it listed again', async () => {
    await server.admin('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'counting' } });
    await server.admin('POST', '/api/v1/namespaces/counting/configmaps', {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'counter' },
      data: { count: '1' },
    });
    const { kubeconfigPath } = server.connect('py-counter');
    child = spawn(python!, [script, 'counting'], { env: { ...process.env, KUBECONFIG: kubeconfigPath } });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await printed('watching');
    const delivered = rvOf((await server.admin('PATCH', counter, { data: { count: '2' } }, 'application/merge-patch+json')).body);
    await printed('cached');
    const current = rvOf((await server.admin('PATCH', counter, { data: { count: '5' } }, 'application/merge-patch+json')).body);
    child.stdin.write('go\n');
    await printed('patched 3');

    const flagged = await eventually(() => stalenessOf('py-counter').staleWrites[0], 'the stale write');
    const records = server.service.requests.query({ limit: 10_000 }).records;
    const deliveredEvent = records.find(
      (r) =>
        r.type === 'watch-event' &&
        r.resourceVersion === delivered &&
        server
          .snapshot()
          .watches.find((w) => w.client === 'py-counter')
          ?.watches.some((w) => w.watchId === r.watchId),
    );
    const requestMaking = (rv: string) => records.find((r): r is RequestRecord => r.type === 'request' && r.verb === 'patch' && r.rvReturned === rv)!;
    const own = records.find((r): r is RequestRecord => r.type === 'request' && r.user === 'py-counter' && r.verb === 'patch')!;
    expect(flagged).toMatchObject({
      client: 'py-counter',
      object: { kind: 'ConfigMap', namespace: 'counting', name: 'counter' },
      verb: 'patch',
      changedPaths: ['data.count'],
      overlappingPaths: ['data.count'],
      seenResourceVersion: delivered,
      seenThrough: 'watch',
      currentResourceVersion: current,
      currentWriter: 'kubectl',
      cure: expect.stringMatching(/^A lost update, likely: data\.count had been changed by another client/),
      evidence: { writeSeq: own.seq, seenSeq: deliveredEvent!.seq, unseenSeqs: [requestMaking(current).seq] },
    });
    expect(own.rvSent).toBeUndefined();

    child.stdin.write('relist\n');
    // Its stale increment overwrote the 5 with 3: the lost update. Listed again, it counts on from 3.
    await printed('patched 4');
    await eventually(
      () =>
        server.service.requests.query({ client: 'py-counter', limit: 10_000 }).records.filter((r) => r.type === 'request' && r.verb === 'patch').length === 2,
      'the second patch',
    );
    expect(stalenessOf('py-counter').staleWriteCount).toBe(1);
  }, 90_000);
});
