/**
 * A start that fails half-way leaves nothing open: the console's own port is taken, so its
 * listener — the last part `up` starts — fails after the embedded API server, the history, the
 * manager and the Dojo operator's Discord simulator are running; the one closer closes them all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUpOptions } from '../testing/up-options.ts';
import { runUp } from '../up.ts';

let dir: string;
let taken: Server;

const listen = (port: number): Promise<Server> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
const portOf = (server: Server): number => (server.address() as { port: number }).port;
const close = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-up-failed-'));
  taken = await listen(0);
});

afterAll(async () => {
  await close(taken);
  rmSync(dir, { recursive: true, force: true });
});

describe('a console whose start fails', () => {
  it('closes every part it had started: the API server port is free again and the data dir starts a console', async () => {
    const probe = await listen(0);
    const apiserverPort = portOf(probe);
    await close(probe);
    const dataDir = join(dir, 'console');

    await expect(runUp(testUpOptions({ dataDir, port: portOf(taken), apiserverPort, operators: ['dojo'] }))).rejects.toThrow(/EADDRINUSE/);

    // The embedded API server (on its thread) let go of its port.
    const again = await listen(apiserverPort);
    await close(again);
    // The history and the rest of the data dir are not held: the same data dir starts a console.
    const running = await runUp(testUpOptions({ dataDir, apiserverPort, operators: ['dojo'] }));
    try {
      expect(running.services.list().map((s) => s.name)).toEqual(['discord']);
    } finally {
      await running.stop();
    }
  }, 120_000);
});
