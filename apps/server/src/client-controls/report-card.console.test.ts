/**
 * Report cards from a whole console (`runUp`, its API server on its own thread): the console's
 * own Dojo controllers, run through a Dojo's life (created, its spec edited, deleted), get a
 * clean card; `GET /api/clients/:name/report` and `dojo-console client NAME report` say so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectClient } from '@dojo/apiserver';
import type { ActivitySnapshot, ClientReportCard } from '@dojo/console-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/observed-server.ts';
import { kubectlFor, type Kubectl } from '../testing/kubectl.ts';
import { testUpOptions } from '../testing/up-options.ts';
import { runUp, type RunningConsole } from '../up.ts';
import { parseClientCommand, runClientCommand } from '@dojo/client-controls';

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-console-report-'));
let running: RunningConsole;
let admin: Kubectl;

const dojo = (title: string) =>
  JSON.stringify({
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { name: 'alpha', namespace: 'default' },
    spec: { accountId: 'a', title, credentialsRef: { name: 'alpha-app' } },
  });

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${running.token}`,
    ...(method === 'POST' ? { 'x-dojo-console': '1', 'content-type': 'application/json' } : {}),
  };
  const res = await fetch(new URL(path.slice(1), running.console.url), { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as T };
}
const get = <T>(path: string) => call<T>('GET', path);

beforeAll(async () => {
  running = await runUp(testUpOptions({ dataDir, operators: ['dojo'] }));
  admin = kubectlFor(running.kubeconfigPath, join(dataDir, 'kubectl-cache'));
}, 90_000);

afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the console's own controllers' report cards", () => {
  it('are clean after a Dojo is created, edited and deleted', async () => {
    await admin(['apply', '-f', '-'], dojo('Alpha'));
    const reconciled = async () =>
      JSON.parse(await admin(['get', 'dojo', 'alpha', '-o', 'json'])) as { metadata: { generation: number }; status?: { observedGeneration?: number } };
    await eventually(async () => (await reconciled()).status !== undefined, 'the Dojo controller wrote its status');
    await admin(['apply', '-f', '-'], dojo('Alpha, edited'));
    await eventually(async () => {
      const now = await reconciled();
      return now.metadata.generation === 2 && now.status?.observedGeneration === 2;
    }, 'the Dojo controller acknowledged generation 2');
    await admin(['delete', 'dojo', 'alpha', '--wait=true', '--timeout=60s']);

    // The journal reaches the console a moment after the API server answers: wait for the status write that acknowledged generation 2.
    const dojoCard = await eventually(async () => {
      const { body } = await get<ClientReportCard>('/api/clients/dojo/report');
      return body.lines?.some((l) => l.id === 'observed-generation' && l.verdict !== 'not-seen') && body;
    }, "the Dojo controller's observedGeneration in its card");
    const verdicts = Object.fromEntries(dojoCard.lines.map((l) => [l.id, l.verdict]));
    expect(verdicts).toMatchObject({
      watches: 'good',
      'status-subresource': 'good',
      'observed-generation': 'good',
      'owner-references': 'good',
      'hot-loops': 'good',
      'stale-views': 'good',
    });

    const { body: activity } = await get<ActivitySnapshot>('/api/activity');
    const embedded = activity.clients.filter((c) => c.kind === 'embedded').map((c) => c.name);
    expect(embedded.length).toBeGreaterThan(0);
    for (const name of embedded) {
      const { status, body: card } = await get<ClientReportCard>(`/api/clients/${encodeURIComponent(name)}/report`);
      expect(status).toBe(200);
      const unclean = card.lines.filter((l) => l.verdict === 'problem' || l.verdict === 'warning').map((l) => `${l.id}: ${l.summary}`);
      expect(unclean, `${name}'s card`).toEqual([]);
    }
  }, 120_000);

  it('prints a card through `dojo-console client NAME report`, and a name never seen is a 404', async () => {
    const parsed = parseClientCommand(['kubectl', 'report', '--data-dir', dataDir]);
    if (parsed === 'help') throw new Error('unexpected help');
    let stdout = '';
    const code = await runClientCommand(parsed, { stdout: (t) => (stdout += t), stderr: () => {} });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Report card of kubectl \(journal seq \d+–\d+, \d+ records\)/);
    expect(stdout).toMatch(/Watches instead of polling/);
    expect(await get('/api/clients/nobody/report')).toMatchObject({ status: 404, body: { reason: 'NotFound', message: 'clients "nobody" not found' } });
  });
});

describe("a connected client's report card", () => {
  it("says kubectl (client-go) waited out each 429's Retry-After before it retried", async () => {
    const op = kubectlFor(connectClient(dataDir, 'op').kubeconfigPath, join(dataDir, 'kubectl-cache-op'));
    const added = await call('POST', '/api/clients/op/faults', { verbs: ['list'], resource: 'configmaps', status: 429, retryAfterSeconds: 1, count: 2 });
    expect(added.status).toBe(201);
    await op(['get', 'configmaps', '-n', 'default']);
    const card = await eventually(async () => {
      const { body } = await get<ClientReportCard>('/api/clients/op/report');
      // The journal reaches the console a moment after kubectl has its answer.
      return body.lines?.find((l) => l.id === 'backoff' && l.figures.some((f) => f.label === 'retried' && f.value === 2)) && body;
    }, "op's two 429s and their retries in its card");
    const backoff = card.lines.find((l) => l.id === 'backoff')!;
    expect(backoff).toMatchObject({
      verdict: 'good',
      summary: expect.stringMatching(/^Waited before retrying, honouring Retry-After \(median 1(\.\d)? s\)\.$/),
    });
    expect(backoff.figures).toContainEqual({ label: '429s retried after Retry-After', value: '2 of 2' });
    expect(card.lines.find((l) => l.id === 'rbac')!.summary).toMatch(
      /^Not checked: it is trusted as the admin \(`dojo-console connect op --service-account NS\/SA`/,
    );
  });
});
