/**
 * A real cluster without CloudNativePG: the console still starts at once (the Dojo controller
 * does not watch a kind nobody serves, which would hold its cache sync for two minutes), and a
 * Dojo says what is missing in its Degraded condition instead of waiting in silence.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUp, type RunningConsole } from '@dojo/server';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { testUpOptions } from '@dojo/server/testing';

let dir: string;
let cluster: TestApiServer;
let running: RunningConsole | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-no-cnpg-'));
  cluster = await startTestApiServer({ dataDir: join(dir, 'cluster') });
}, 60_000);

afterAll(async () => {
  await running?.stop();
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

// Asynchronous: the console runs in this process, and a blocking kubectl would stall it.
function kubectl(args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('kubectl', ['--kubeconfig', cluster.kubeconfigPath, '--cache-dir', join(dir, 'kubectl-cache'), ...args], (error, stdout, stderr) =>
      error ? reject(new Error(`kubectl ${args.join(' ')}: ${stderr || error.message}`)) : resolve(stdout),
    );
    child.stdin?.end(input);
  });
}

describe('a cluster without CloudNativePG', () => {
  it('runs the operator, and a Dojo reports Degraded with CloudNativePGNotInstalled', async () => {
    await expect(kubectl(['get', 'crd', 'databases.postgresql.cnpg.io'])).rejects.toThrow(/NotFound/);
    const started = Date.now();
    running = await runUp(
      testUpOptions({
        dataDir: join(dir, 'console'),
        kubeconfig: cluster.kubeconfigPath,
        installCrds: true,
        operators: ['dojo'],
      }),
    );
    // Far below controller-runtime's 2-minute cache sync timeout that a Database watch would hit.
    expect(Date.now() - started).toBeLessThan(30_000);

    await kubectl(
      ['apply', '-f', '-'],
      JSON.stringify({
        apiVersion: 'core.jutsu.com/v1',
        kind: 'Dojo',
        metadata: { name: 'lonely', namespace: 'default' },
        spec: { accountId: 'a', title: 'No database here', credentialsRef: { name: 'lonely-app' } },
      }),
    );
    const waited = await kubectl(['wait', '--for=condition=Degraded', 'dojo/lonely', '--timeout=30s']);
    expect(waited.trim()).toBe('dojo.core.jutsu.com/lonely condition met');
    const degraded = JSON.parse(await kubectl(['get', 'dojo', 'lonely', '-o', 'jsonpath={.status.conditions[?(@.type=="Degraded")]}'])) as {
      reason: string;
      message: string;
    };
    expect(degraded.reason).toBe('CloudNativePGNotInstalled');
    expect(degraded.message).toContain('postgresql.cnpg.io/v1 Database');
    // Nothing was created for it: no Deployment without a database to point at.
    expect((await kubectl(['get', 'deployments', '-o', 'name'])).trim()).toBe('');
  }, 90_000);
});
