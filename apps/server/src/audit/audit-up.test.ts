/**
 * `dojo-console up --kubeconfig … --audit-webhook --audit-log FILE` against an API server started
 * on its own (as a real cluster would be): audit events from both sources reach /api/activity.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActivitySnapshot } from '@dojo/console-protocol';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { runUp, type RunningConsole } from '../up.ts';
import { auditEvent } from '@dojo/telemetry-sources/testing';
import { testUpOptions } from '../testing/up-options.ts';

let dir: string;
let cluster: TestApiServer;
let up: RunningConsole;
let logPath: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-audit-up-'));
  cluster = await startTestApiServer({ dataDir: join(dir, 'cluster') });
  logPath = join(dir, 'audit.log');
  writeFileSync(logPath, `${JSON.stringify(auditEvent({ user: { username: 'before-start' } }))}\n`);
  up = await runUp(
    testUpOptions({
      dataDir: join(dir, 'console'),
      kubeconfig: cluster.kubeconfigPath,
      installCrds: true,
      auditWebhook: true,
      auditLog: logPath,
    }),
  );
}, 60_000);

afterAll(async () => {
  await up?.stop();
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const activity = async () =>
  (await (await fetch(`${up.console.url}api/activity`, { headers: { authorization: `Bearer ${up.token}` } })).json()) as ActivitySnapshot;

describe('up with audit sources on a real cluster', () => {
  it('writes the webhook token 0600 and shows the clients of posted and logged audit events', async () => {
    const tokenPath = join(dir, 'console', 'audit-webhook-token');
    expect(statSync(tokenPath).mode & 0o777).toBe(0o600);
    const webhookToken = readFileSync(tokenPath, 'utf8').trim();

    const post = (token: string) =>
      fetch(`${up.console.url}audit/v1/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'EventList', apiVersion: 'audit.k8s.io/v1', items: [auditEvent({ user: { username: 'posted' } })] }),
      });
    expect((await post(up.token)).status).toBe(401);
    expect((await post(webhookToken)).status).toBe(200);
    appendFileSync(logPath, `${JSON.stringify(auditEvent({ user: { username: 'logged' } }))}\n`);

    await vi.waitFor(async () => {
      const users = (await activity()).clients.map((c) => c.user);
      expect(users).toEqual(expect.arrayContaining(['posted', 'logged']));
      expect(users).not.toContain('before-start');
    }, 10_000);
  }, 30_000);
});
