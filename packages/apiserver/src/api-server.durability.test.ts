/**
 * Durability: every write the server acknowledged is still there after a restart and after
 * kill -9 in the middle of a write storm; the revision counter and the credentials survive.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from './testing/test-server.ts';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'dojo-durable-'));
  dirs.push(d);
  return d;
}

const configMap = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { n: name } });

describe('API server durability', () => {
  it('keeps objects, the revision counter and the credentials across a restart', async () => {
    const dataDir = tempDir();
    const first = await startTestServer({ dataDir });
    const created = await first.call('POST', '/api/v1/namespaces/default/configmaps', configMap('kept'));
    expect(created.status).toBe(201);
    const token = first.credentials.token;
    await first.stop();

    const second = await startTestServer({ dataDir });
    expect(second.credentials.token).toBe(token);
    const got = await second.call('GET', '/api/v1/namespaces/default/configmaps/kept');
    expect(got.body.metadata.resourceVersion).toBe(created.body.metadata.resourceVersion);
    const next = await second.call('POST', '/api/v1/namespaces/default/configmaps', configMap('after'));
    expect(Number(next.body.metadata.resourceVersion)).toBeGreaterThan(Number(created.body.metadata.resourceVersion));
    await second.stop();
  });

  it('labels the built-in namespaces of a data dir written before the kubernetes.io/metadata.name label', async () => {
    const dataDir = tempDir();
    const first = await startTestServer({ dataDir });
    // What an older server stored: the namespace without the name label.
    const stored = JSON.parse(first.revisioned.get('core/namespaces', 'default')!.json);
    delete stored.metadata.labels;
    await first.revisioned.put('core/namespaces', 'default', (rev) =>
      JSON.stringify({ ...stored, metadata: { ...stored.metadata, resourceVersion: String(rev) } }),
    ).committed;
    await first.stop();

    const second = await startTestServer({ dataDir });
    const got = await second.call('GET', '/api/v1/namespaces/default');
    expect(got.body.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'default' });
    await second.stop();
  });

  it('loses no acknowledged write when killed with SIGKILL mid-load', async () => {
    const dataDir = tempDir();
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', cli, '--data-dir', dataDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (https:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`apiserver exited early with ${code}`)));
    });
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const ca = readFileSync(join(dataDir, 'ca.crt'), 'utf8');
    const port = Number(new URL(url).port);
    const acknowledged: string[] = [];
    const post = (name: string) =>
      new Promise<void>((resolve) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/v1/namespaces/default/configmaps',
            ca,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode === 201) acknowledged.push(name);
              resolve();
            });
          },
        );
        req.on('error', () => resolve());
        req.end(JSON.stringify(configMap(name)));
      });
    let i = 0;
    const writers = Array.from({ length: 8 }, async () => {
      while (child.exitCode === null && child.signalCode === null) await post(`cm-${i++}`);
    });
    await new Promise((r) => setTimeout(r, 1500));
    child.kill('SIGKILL');
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(10);

    const restarted = await startTestServer({ dataDir });
    const list = await restarted.call('GET', '/api/v1/namespaces/default/configmaps');
    const stored = new Set<string>(list.body.items.map((c: { metadata: { name: string } }) => c.metadata.name));
    const lost = acknowledged.filter((n) => !stored.has(n));
    expect(lost).toEqual([]);
    await restarted.stop();
  }, 60_000);
});
