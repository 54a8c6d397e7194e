/**
 * The whole console reading its embedded API server's request journal: its own controllers
 * appear once, as themselves and never as inferred ones; an operator connected through
 * POST /api/clients is a client of its own; /api/activity and /api/requests say what they did.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ActivitySnapshot, ConnectAnswer, RequestLogPage, TelemetryPage } from '@dojo/console-protocol';
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

const activity = async (): Promise<ActivitySnapshot> => (await c.http('GET', '/api/activity')).body;
const dojo = JSON.stringify({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: { name: 'seen', namespace: 'default' },
  spec: { accountId: 'a', title: 'Seen', credentialsRef: { name: 'seen-app' } },
});

describe('the console and its request journal', () => {
  it('shows its own controllers once, as themselves, with the requests each made — never as inferred ones', async () => {
    await c.kubectl(['apply', '-f', '-'], dojo);
    const snapshot = await eventually(async () => {
      const s = await activity();
      return s.clients.some((x) => x.name === 'dojo' && x.totals.writes > 0) && s.clients.some((x) => x.name === 'deployment-controller') ? s : undefined;
    }, 'the dojo and deployment controllers writing');
    expect(snapshot.feed.state).toBe('live');
    expect(snapshot.clients.find((x) => x.name === 'dojo')).toMatchObject({ kind: 'embedded', user: 'admin', inferredReconciles: 0 });
    expect(snapshot.clients.find((x) => x.name === 'deployment-controller')?.kind).toBe('embedded');
    expect(snapshot.clients.find((x) => x.name === 'kubectl')?.kind).toBe('kubectl');
    // The informers' watches belong to the console process, not to one controller.
    const informers = snapshot.watches.find((w) => w.client === 'dojo-console');
    expect(informers?.watches.some((w) => w.resource === 'dojos' && w.closedAt === undefined)).toBe(true);
    const page: TelemetryPage = (await c.http('GET', '/api/telemetry?types=reconcile-start&limit=50000')).body;
    const inferred = page.records.filter((r) => r.type === 'reconcile-start' && r.inferred);
    expect(inferred.filter((r) => ['dojo', 'deployment-controller', 'replicaset-controller', 'kubectl', 'dojo-console'].includes(r.controller ?? ''))).toEqual(
      [],
    );
  });

  it('connects an operator through POST /api/clients; what it does is attributed to it', async () => {
    const refused = await c.http('POST', '/api/clients', { body: { name: 'Not_A_Label' } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ kind: 'Status', reason: 'Invalid' });
    const connected = await c.http('POST', '/api/clients', { body: { name: 'my-operator' } });
    expect(connected.status).toBe(201);
    const answer = connected.body as ConnectAnswer;
    expect(answer.kubeconfigPath).toBe(`${c.dataDir}/clients/my-operator.kubeconfig`);
    expect(answer.server).toBe(c.apiserver!.url);
    expect(answer.commands.map((x) => x.command)).toContain(`KUBECONFIG=${answer.kubeconfigPath} make run`);

    await promisify(execFile)('kubectl', [
      '--kubeconfig',
      answer.kubeconfigPath,
      '--cache-dir',
      `${c.dataDir}/kubectl-cache-op`,
      'get',
      'dojo',
      'seen',
      '-o',
      'name',
    ]);
    const snapshot = await eventually(async () => {
      const s = await activity();
      return s.clients.some((x) => x.name === 'my-operator') ? s : undefined;
    }, 'the connected client');
    expect(snapshot.connected).toEqual([{ name: 'my-operator', kubeconfigPath: answer.kubeconfigPath }]);
    expect(snapshot.clients.find((x) => x.name === 'my-operator')).toMatchObject({ kind: 'connected', user: 'my-operator' });
    const requests = await eventually(async () => {
      const page: RequestLogPage = (await c.http('GET', '/api/requests?client=my-operator')).body;
      return page.records.some((r) => r.type === 'request' && r.verb === 'get' && r.name === 'seen' && r.user === 'my-operator') ? page : undefined;
    }, "kubectl's get of the Dojo in /api/requests");
    expect(requests.records.every((r) => r.type !== 'request' || r.user === 'my-operator')).toBe(true);
  });

  it("refuses a connect without the console's CSRF header, like every other write", async () => {
    const res = await c.http('POST', '/api/clients', { body: { name: 'sneaky' }, headers: { 'x-dojo-console': '' } });
    expect(res.status).toBe(403);
  });
});
