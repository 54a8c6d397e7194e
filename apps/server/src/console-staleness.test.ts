/**
 * Staleness in the whole console (docs/client-controls.md, "Staleness"): its own controllers,
 * which always write on their newest view, are never flagged while a Dojo comes up and is
 * edited; a connected client running the real kubectl that patches on a stale GET is, with the
 * field and the journal records that show it, through `GET /api/clients/:name/staleness`.
 */
import { execFile } from 'node:child_process';
import type { ActivitySnapshot, ClientStalenessAnswer, ConnectAnswer, RequestLogPage, RequestRecord } from '@dojo/console-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './testing/observed-server.ts';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

const settings = (mode: string) =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'default' }, data: { mode } });

function run(command: string, args: string[], stdin?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, (err, stdout, stderr) => (err ? reject(new Error(`${args.join(' ')}: ${stderr}`)) : resolve(stdout)));
    child.stdin!.end(stdin ?? '');
  });
}

const activity = async (): Promise<ActivitySnapshot> => (await c.http('GET', '/api/activity')).body;
const staleness = async (client: string): Promise<ClientStalenessAnswer> => (await c.http('GET', `/api/clients/${client}/staleness`)).body;
const dojo = (spec: Record<string, unknown>) =>
  JSON.stringify({
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { name: 'calm', namespace: 'default' },
    spec: { accountId: 'a', title: 'Calm', credentialsRef: { name: 'calm-app' }, replicas: 1, ...spec },
  });

describe('staleness in the console', () => {
  it('never flags its own controllers or itself, which write on their newest view, while a Dojo comes up, is edited, scaled up and down', async () => {
    await c.kubectl(['apply', '-f', '-'], dojo({}));
    await c.kubectl(['wait', '--for=condition=Available', 'dojo/calm', '--timeout=60s']);
    await c.kubectl(['apply', '-f', '-'], dojo({ title: 'Calm, edited', replicas: 2 }));
    await c.kubectl(['patch', 'dojo', 'calm', '--type=merge', '-p', '{"spec":{"replicas":3}}']);
    await c.kubectl(['wait', '--for=jsonpath={.status.replicas}=3', 'deployment/calm', '--timeout=60s']);
    await c.kubectl(['patch', 'dojo', 'calm', '--type=merge', '-p', '{"spec":{"replicas":1}}']);
    await c.kubectl(['wait', '--for=jsonpath={.status.replicas}=1', 'deployment/calm', '--timeout=60s']);
    await c.kubectl(['wait', '--for=condition=Available', 'dojo/calm', '--timeout=60s']);

    const snapshot = await eventually(async () => {
      const s = await activity();
      const informers = s.staleness?.find((x) => x.client === 'dojo-console');
      // Settled: the console's informers caught up with every Dojo and Deployment written.
      return informers?.resources.some((r) => r.resource === 'core.jutsu.com/dojos') && informers.resources.every((r) => r.versionsBehind === 0)
        ? s
        : undefined;
    }, "the console's informers caught up");
    const embedded = snapshot.clients.filter((x) => x.kind === 'embedded' && x.totals.writes > 0).map((x) => x.name);
    expect(embedded).toEqual(expect.arrayContaining(['dojo', 'deployment-controller', 'replicaset-controller']));
    // The writes the rule judged (a passed precondition is never stale): the ReplicaSet controller's Pod deletions among them.
    const page: RequestLogPage = (await c.http('GET', '/api/requests?limit=10000')).body;
    const judged = page.records.filter(
      (r): r is RequestRecord => r.type === 'request' && ['patch', 'update', 'delete'].includes(r.verb) && r.code < 300 && r.rvSent === undefined,
    );
    expect(judged.filter((r) => r.userAgent === 'dojo-runtime/replicaset-controller' && r.verb === 'delete').length).toBeGreaterThan(0);
    // kubectl apply reads, then patches: a status write landing in between is a true stale write of kubectl's, not the console's.
    expect(snapshot.staleWrites?.filter((w) => w.client !== 'kubectl')).toEqual([]);
  }, 150_000);

  it('flags a connected client’s kubectl apply decided on a stale GET, with the field, both versions and the evidence, and not the one made after reading again', async () => {
    const answer: ConnectAnswer = (await c.http('POST', '/api/clients', { body: { name: 'stale-writer' } })).body;
    const writer = (args: string[], stdin?: string) =>
      run('kubectl', ['--kubeconfig', answer.kubeconfigPath, '--cache-dir', `${c.dataDir}/kubectl-cache-writer`, ...args], stdin);
    await c.kubectl(['create', 'configmap', 'settings', '--from-literal=mode=a']);
    const read = JSON.parse(await writer(['get', 'configmap', 'settings', '-o', 'json'])) as { metadata: { resourceVersion: string } };
    await c.kubectl(['patch', 'configmap', 'settings', '--type=merge', '-p', '{"data":{"mode":"b"}}']);
    // kubectl patch and replace read the object first; a server-side apply sends what was decided, as is.
    await writer(['apply', '--server-side', '--force-conflicts', '-f', '-'], settings('c'));

    const answered = await eventually(async () => {
      const s = await staleness('stale-writer');
      return s.staleWrites?.length ? s : undefined;
    }, 'the stale write flagged');
    const requests = ((await c.http('GET', '/api/requests?limit=10000')).body as RequestLogPage).records.filter(
      (r): r is RequestRecord => r.type === 'request' && r.resource === 'configmaps' && r.name === 'settings' && r.code < 300,
    );
    const [get] = requests.filter((r) => r.user === 'stale-writer' && r.verb === 'get');
    const adminPatch = requests.find((r) => r.user !== 'stale-writer' && r.verb === 'patch')!;
    const writerPatch = requests.find((r) => r.user === 'stale-writer' && r.verb === 'patch')!;
    expect(get?.rvReturned).toBe(read.metadata.resourceVersion);
    expect(answered).toMatchObject({ client: 'stale-writer', staleWriteCount: 1 });
    expect(answered.staleWrites[0]).toMatchObject({
      client: 'stale-writer',
      object: { group: '', kind: 'ConfigMap', namespace: 'default', name: 'settings' },
      verb: 'patch',
      changedPaths: expect.arrayContaining(['data.mode']),
      overlappingPaths: ['data.mode'],
      seenResourceVersion: read.metadata.resourceVersion,
      seenThrough: 'get',
      currentResourceVersion: adminPatch.rvReturned,
      currentWriter: 'kubectl',
      resourceVersion: writerPatch.rvReturned,
      evidence: { writeSeq: writerPatch.seq, seenSeq: get!.seq, unseenSeqs: [adminPatch.seq] },
    });

    await c.kubectl(['patch', 'configmap', 'settings', '--type=merge', '-p', '{"data":{"mode":"d"}}']);
    await writer(['get', 'configmap', 'settings', '-o', 'name']);
    await writer(['apply', '--server-side', '--force-conflicts', '-f', '-'], settings('e'));
    await eventually(async () => {
      const page: RequestLogPage = (await c.http('GET', '/api/requests?client=stale-writer')).body;
      return page.records.filter((r) => r.type === 'request' && r.verb === 'patch' && r.code < 300).length === 2;
    }, 'the second patch in the journal');
    expect((await staleness('stale-writer')).staleWriteCount).toBe(1);
  }, 60_000);

  it('answers 404 for a client it never saw', async () => {
    const res = await c.http('GET', '/api/clients/nobody/staleness');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'NotFound', message: 'clients "nobody" not found' });
  });
});
