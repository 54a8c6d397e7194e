/**
 * The console runs its embedded API server on a thread of its own. When that thread dies, the
 * console says so plainly, in its log and on /readyz, instead of hanging; and it still stops.
 */
import { request } from 'node:https';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { eventually } from './testing/observed-server.ts';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';

let c: ConsoleHarness | undefined;
afterAll(async () => {
  await c?.close();
  vi.restoreAllMocks();
});

/** A ConfigMap just under the 1 MiB a ConfigMap may hold, straight to the API server with its admin token. */
function writeBigConfigMap(console: ConsoleHarness, name: string): Promise<number> {
  const server = console.apiserver!;
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { blob: 'x'.repeat(700 * 1024) } });
  return new Promise((resolve) => {
    const req = request(
      `${server.url}/api/v1/namespaces/default/configmaps`,
      {
        method: 'POST',
        ca: server.credentials.caCertPem,
        headers: { authorization: `Bearer ${server.credentials.token}`, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

describe('the console when its API server thread dies', () => {
  it('answers /readyz 503 and logs one plain line saying so, and still stops', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    c = await startConsole({ apiserverThread: { resourceLimits: { maxOldGenerationSizeMb: 160 } } });
    expect(c.apiserver!.mode).toBe('thread');
    await eventually(async () => (await c!.http('GET', '/readyz')).status === 200, 'the console to be ready', 30_000);

    for (let i = 0; i < 400 && !c.apiserver!.failure; i++) await writeBigConfigMap(c, `big-${i}`);

    expect(c.apiserver!.failure?.message).toMatch(/embedded API server thread (crashed|exited)/);
    const readyz = await c.http('GET', '/readyz');
    expect(readyz.status).toBe(503);
    expect(errors.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('embedded API server'))).toEqual([
      expect.stringMatching(/^error: the embedded API server thread .*; the console can no longer reach its cluster\. Restart dojo-console up/),
    ]);
    await c.close();
    c = undefined;
  }, 120_000);
});
