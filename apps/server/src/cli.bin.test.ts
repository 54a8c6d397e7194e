/**
 * The `dojo-console` bin as a person runs it (`npx dojo-console ...` runs this same file): its
 * version, its help, and the exit statuses docs/cli.md promises — 0 ok, 1 runtime failure,
 * 2 usage error.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
function run(args: string[], until?: RegExp): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
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

describe('the dojo-console bin', () => {
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
    for (const args of [['--bogus'], ['launch'], ['up', '--operators', 'kafka'], ['apiserver', '--port', 'eighty']]) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^dojo-console( apiserver)?: .+\n\nUsage: dojo-console/);
      expect(result.stdout).toBe('');
    }
  });

  it('connects an operator: prints the kubeconfig it wrote and how to run with it, exit 0; a bad name exits 2', async () => {
    const dir = join(dataDir, 'connect');
    const result = await run(['connect', 'my-operator', '--data-dir', dir]);
    expect(result).toMatchObject({ code: 0, stdout: `${join(dir, 'clients', 'my-operator.kubeconfig')}\n` });
    expect(readFileSync(result.stdout.trim(), 'utf8')).toMatch(/^- name: my-operator\n {2}user:\n {4}token: \S+$/m);
    expect(result.stderr).toContain(`KUBECONFIG=${result.stdout.trim()} make run`);
    const bad = await run(['connect', 'My_Operator', '--data-dir', dir]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^dojo-console connect: invalid name "My_Operator": .+\n\nUsage: dojo-console connect NAME/);
    expect((await run(['connect', '--data-dir', dir])).code).toBe(2);
  });

  it('runs the API server alone until SIGTERM, then exits 0', async () => {
    const result = await run(['apiserver', '--data-dir', join(dataDir, 'ok'), '--port', '0'], /https:\/\/127\.0\.0\.1:\d+(?=\n)/);
    expect(result.stdout).toMatch(/^Embedded API server listening on https:\/\/127\.0\.0\.1:\d+\n/);
    expect(result.code).toBe(0);
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
});
