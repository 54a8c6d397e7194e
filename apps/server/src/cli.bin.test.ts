/**
 * The `dojo-console` bin as a person runs it (`npx dojo-console ...` runs this same file): its
 * version, its help, and the exit statuses docs/cli.md promises — 0 ok, 1 runtime failure,
 * 2 usage error.
 */
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { operatorNames } from '@dojo/operator';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverRoot = fileURLToPath(new URL('../', import.meta.url));
const manifest = (dir: string): { version: string; bin?: Record<string, string> } => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const bin = join(serverRoot, manifest(serverRoot).bin!['dojo-console']!);
const dataDir = mkdtempSync(join(tmpdir(), 'dojo-console-bin-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Resolves once an HTTPS server answers at `url`, whatever it answers. */
function answers(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { rejectUnauthorized: false }, (res) => {
      res.resume();
      resolve();
    });
    req.once('error', reject);
    req.end();
  });
}

/**
 * Runs the bin. With `until`, once stdout names a URL matching it and that URL answers (the
 * process is past its start-up, so its signal handlers are in place), sends SIGTERM as Ctrl-C
 * would.
 */
function run(args: string[], until?: RegExp, cwd = repoRoot): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let stopping = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = until && stdout.match(until)?.[0];
      if (url && !stopping) {
        stopping = true;
        answers(url).then(() => child.kill('SIGTERM'), reject);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `dojo-console apiserver` on a free port, running until `stop`. */
async function startApiserver(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [bin, 'apiserver', '--data-dir', dir, '--port', '0'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = stdout.match(/https:\/\/127\.0\.0\.1:\d+(?=\n)/)?.[0];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`apiserver exited with ${code}: ${stdout}`)));
  });
  await answers(url);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// Every test starts the bin (node compiling TypeScript through tsx) once or more: seconds each on
// an idle machine, and many times that on two cores shared with the rest of the suite.
describe('the dojo-console bin', { timeout: 120_000 }, () => {
  it('is the bin of the repository and of apps/server, and is executable', () => {
    expect(join(repoRoot, manifest(repoRoot).bin!['dojo-console']!)).toBe(bin);
    expect(() => accessSync(bin, constants.X_OK)).not.toThrow();
  });

  it('prints the package version and exits 0', async () => {
    const result = await run(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `dojo-console ${manifest(serverRoot).version}\n` });
    expect(manifest(repoRoot).version).toBe(manifest(serverRoot).version);
  });

  it('answers --help with every registered operator and the exit statuses, exit 0', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    for (const name of operatorNames) expect(result.stdout).toMatch(new RegExp(`^ +${name} +seed \\d{3}: `, 'm'));
    expect(result.stdout).toContain('Exit status:');
  });

  it('exits 2 with the usage on stderr for an unknown flag, command or operator', async () => {
    for (const args of [['--bogus'], ['launch'], ['up', '--operators', 'kafka'], ['apiserver', '--port', 'eighty'], ['export', '--since', '1h']]) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^dojo-console( apiserver)?: .+\n\nUsage: dojo-console/);
      expect(result.stdout).toBe('');
    }
  });

  it('connects an operator to the running API server of its data dir: prints the kubeconfig it wrote and how to run with it, exit 0; a bad name exits 2', async () => {
    const dir = join(dataDir, 'connect');
    const server = await startApiserver(dir);
    let result: Run;
    try {
      // From another directory, with the console's data dir as the Overview shows it.
      result = await run(['connect', 'my-operator', '--data-dir', dir], undefined, tmpdir());
    } finally {
      await server.stop();
    }
    expect(result).toMatchObject({ code: 0, stdout: `${join(dir, 'clients', 'my-operator.kubeconfig')}\n` });
    expect(readFileSync(result.stdout.trim(), 'utf8')).toMatch(/^- name: my-operator\n {2}user:\n {4}token: \S+$/m);
    expect(result.stderr).toContain(`Connected "my-operator" to ${server.url}.`);
    expect(result.stderr).toContain('This kubeconfig is effectively cluster-admin on the embedded cluster');
    expect(result.stderr).toContain(`KUBECONFIG=${result.stdout.trim()} make run`);
    const bad = await run(['connect', 'My_Operator', '--data-dir', dir]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^dojo-console connect: invalid name "My_Operator": .+\n\nUsage: dojo-console connect NAME/);
    expect((await run(['connect', '--data-dir', dir])).code).toBe(2);
  }, 120_000);

  it('refuses to connect, exit 1, writing nothing, when no console or API server of the data dir runs', async () => {
    // Run from another directory without --data-dir: ./.dojo-console there is no console's.
    const elsewhere = mkdtempSync(join(tmpdir(), 'dojo-console-elsewhere-'));
    const fresh = await run(['connect', 'my-operator'], undefined, elsewhere);
    expect(fresh).toMatchObject({ code: 1, stdout: '' });
    expect(fresh.stderr).toMatch(/^dojo-console connect: no console or API server has run with \S+\.dojo-console as its data dir \(it has no kubeconfig\)/);
    expect(fresh.stderr).toContain('--data-dir');
    expect(fresh.stderr).toContain('--offline');
    expect(existsSync(join(elsewhere, '.dojo-console'))).toBe(false);

    // A data dir whose server has stopped: its kubeconfig names a port where nothing listens.
    const stopped = join(dataDir, 'stopped');
    const server = await startApiserver(stopped);
    await server.stop();
    const refused = await run(['connect', 'my-operator', '--data-dir', stopped]);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toContain(`dojo-console connect: nothing of this data dir answers at ${server.url}`);
    expect(existsSync(join(stopped, 'clients', 'my-operator.kubeconfig'))).toBe(false);
    rmSync(elsewhere, { recursive: true, force: true });
  }, 120_000);

  it('prepares a credential for a server that is not running with --offline, and says so', async () => {
    const dir = join(dataDir, 'offline');
    const result = await run(['connect', 'my-operator', '--data-dir', dir, '--offline']);
    expect(result).toMatchObject({ code: 0, stdout: `${join(dir, 'clients', 'my-operator.kubeconfig')}\n` });
    expect(result.stderr).toMatch(/^Prepared a credential for "my-operator" \(offline\): no server of \S+ is running now/);
    expect(result.stderr).not.toContain('Connected');
  }, 120_000);

  it('runs the API server alone until SIGTERM, then exits 0', async () => {
    const result = await run(['apiserver', '--data-dir', join(dataDir, 'ok'), '--port', '0'], /https:\/\/127\.0\.0\.1:\d+(?=\n)/);
    expect(result.stdout).toMatch(/^Embedded API server listening on https:\/\/127\.0\.0\.1:\d+\n/);
    expect(result.code).toBe(0);
  });

  it('exits 1 with the chmod that fixes it, writing nothing, when the data dir is open to others and holds files', async () => {
    const open = join(dataDir, 'shared');
    mkdirSync(open);
    chmodSync(open, 0o755);
    writeFileSync(join(open, 'notes.txt'), 'mine');
    const result = await run(['up', '--data-dir', open, '--port', '0', '--apiserver-port', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `dojo-console: data directory ${open} is open to other users (mode 0755): it holds every Secret of the cluster and the console's credentials. Make it private with: chmod 700 ${open} — or give another --data-dir (a new one is created 0700).\n`,
    );
    expect(existsSync(join(open, 'console-token'))).toBe(false);
  });

  it('exits 1 when the server cannot start (its port is taken)', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as { port: number }).port;
      const result = await run(['apiserver', '--data-dir', join(dataDir, 'busy'), '--port', String(port)]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^dojo-console: .*EADDRINUSE/);
    } finally {
      taken.close();
    }
  });

  it('exits 1 with one line on stderr when there is no history to export or the file is not a recording', async () => {
    const noHistory = await run(['export', '--data-dir', join(dataDir, 'empty'), '--output', join(dataDir, 'x.dojotrace')]);
    expect(noHistory).toMatchObject({ code: 1, stdout: '' });
    expect(noHistory.stderr).toMatch(/^dojo-console export: no history in .*empty \(history\.db not found\)/);
    const notes = join(dataDir, 'notes.dojotrace');
    writeFileSync(notes, 'plain text');
    const notRecording = await run(['open', notes, '--data-dir', join(dataDir, 'open')]);
    expect(notRecording).toMatchObject({ code: 1, stdout: '' });
    expect(notRecording.stderr).toMatch(/^dojo-console open: .*notes\.dojotrace: not a \.dojotrace file/);
  });
});
