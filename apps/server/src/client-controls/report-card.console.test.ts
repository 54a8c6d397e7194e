/**
 * Report cards from a whole console (`runUp`, its API server on its own thread): the console's
 * own Dojo controllers, run through a Dojo's life (created, its spec edited, deleted), get a
 * clean card; `GET /api/clients/:name/report` and `dojo-console client NAME report` say so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ActivitySnapshot, ClientReportCard } from '@dojo/console-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../activity/testing/observed-server.ts';
import { kubectlFor, type Kubectl } from '../testing/kubectl.ts';
import { testUpOptions } from '../testing/up-options.ts';
import { runUp, type RunningConsole } from '../up.ts';
import { parseClientCommand, runClientCommand } from './client-command.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-console-report-'));
let running: RunningConsole;
let admin: Kubectl;

const dojo = (title: string) => JSON.stringify({ apiVersion: 'core.jutsu.com/v1', kind: 'Dojo', metadata: { name: 'alpha', namespace: 'default' }, spec: { accountId: 'a', title, credentialsRef: { name: 'alpha-app' } } });

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(new URL(path.slice(1), running.console.url), { headers: { authorization: `Bearer ${running.token}` } });
  return { status: res.status, body: (await res.json()) as T };
}

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
    const reconciled = async () => JSON.parse(await admin(['get', 'dojo', 'alpha', '-o', 'json'])) as { metadata: { generation: number }; status?: { observedGeneration?: number } };
    await eventually(async () => (await reconciled()).status !== undefined, 'the Dojo controller wrote its status');
    await admin(['apply', '-f', '-'], dojo('Alpha, edited'));
    await eventually(async () => {
      const now = await reconciled();
      return now.metadata.generation === 2 && now.status?.observedGeneration === 2;
    }, 'the Dojo controller acknowledged generation 2');
    await admin(['delete', 'dojo', 'alpha', '--wait=true', '--timeout=60s']);

    const { body: dojoCard } = await get<ClientReportCard>('/api/clients/dojo/report');
    const verdicts = Object.fromEntries(dojoCard.lines.map((l) => [l.id, l.verdict]));
    expect(verdicts).toMatchObject({ watches: 'good', 'status-subresource': 'good', 'observed-generation': 'good', 'owner-references': 'good', 'hot-loops': 'good', 'stale-views': 'good' });

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
