/**
 * The data directory holds every Secret (issue 35, item 10): it is 0700 and its databases 0600,
 * an empty directory made for the console is tightened, and one that others may read and that
 * already holds files is refused with the chmod that fixes it.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../api-server.ts';
import { httpsCall } from '../testing/https-call.ts';
import { DataDirPermissionError } from './private-data-dir.ts';

const modeOf = (path: string): string => `0${(statSync(path).mode & 0o777).toString(8)}`;

const scratch = mkdtempSync(join(tmpdir(), 'dojo-private-dir-'));
let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A Secret, over HTTPS: the write reaches the WAL. */
async function writeSomething(s: ApiServer): Promise<void> {
  const target = { host: '127.0.0.1', port: s.port, caPem: s.credentials.caCertPem, token: s.credentials.token };
  const res = await httpsCall(target, 'POST', '/api/v1/namespaces/default/secrets', {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'db-password' },
    stringData: { password: 'hunter2' },
  });
  expect(res.status).toBe(201);
}

describe('the data directory', () => {
  it('is created 0700, with state.db and its -wal and -shm 0600', async () => {
    const dir = join(scratch, 'new', 'data');
    server = await startApiServer({ dataDir: dir, port: 0 });
    await writeSomething(server);
    expect(modeOf(dir)).toBe('0700');
    for (const file of ['state.db', 'state.db-wal', 'state.db-shm']) expect([file, modeOf(join(dir, file))]).toEqual([file, '0600']);
  });

  it('is tightened to 0700 when it is an empty directory of ours that others may read', async () => {
    const dir = join(scratch, 'made-for-it');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    server = await startApiServer({ dataDir: dir, port: 0 });
    expect(modeOf(dir)).toBe('0700');
  });

  it('is refused, naming chmod 700, when others may read it and it already holds files, and nothing is written to it', async () => {
    const dir = join(scratch, 'shared');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const started = startApiServer({ dataDir: dir, port: 0 });
    await expect(started).rejects.toThrow(DataDirPermissionError);
    await expect(started).rejects.toThrow(
      `data directory ${dir} is open to other users (mode 0755): it holds every Secret of the cluster and the console's credentials. Make it private with: chmod 700 ${dir}`,
    );
    expect(existsSync(join(dir, 'state.db'))).toBe(false);
    expect(existsSync(join(dir, 'admin-token'))).toBe(false);
  });

  it('narrows a state.db an older console left 0644 to 0600', async () => {
    const dir = join(scratch, 'older');
    server = await startApiServer({ dataDir: dir, port: 0 });
    await writeSomething(server);
    await server.close();
    server = undefined;
    for (const file of ['state.db', 'state.db-wal', 'state.db-shm']) if (existsSync(join(dir, file))) chmodSync(join(dir, file), 0o644);
    server = await startApiServer({ dataDir: dir, port: 0 });
    expect(modeOf(join(dir, 'state.db'))).toBe('0600');
    for (const file of ['state.db-wal', 'state.db-shm']) if (existsSync(join(dir, file))) expect(modeOf(join(dir, file))).toBe('0600');
  });
});
