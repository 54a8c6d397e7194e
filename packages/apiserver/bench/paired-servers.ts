/**
 * Two `dojo-console apiserver` processes that differ in one setting, measured batch by batch in
 * turns (which goes first alternates), so that each pair of batches sees the same load on a
 * shared machine whose load drifts. Beside throughput, each batch measures the server's CPU time
 * per request (from /proc): the server is CPU-bound, so the CPU ratio is the throughput ratio an
 * idle machine would show, far less disturbed by other load than wall-clock rates. Used by the
 * benchmarks that ask what a feature costs when it is on but idle (request-journal,
 * client-controls).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { newTarget, runLoad, send, type LoadResult, type Target } from './load.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
export const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);
export const dojosPath = '/apis/core.jutsu.com/v1/namespaces/default/dojos';

export const dojo = (name: string) => ({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: { name, namespace: 'default' },
  spec: { accountId: 'acc', title: `Dojo ${name}`, credentialsRef: { name: `${name}-app` }, replicas: 1 },
});

export interface BenchServer {
  readonly label: string;
  readonly pid: number;
  readonly dir: string;
  /** Requests as the admin, unless the bench gives it another token. */
  target: Target;
  created: number;
  stop(): void;
}

/** Starts `dojo-console apiserver` with `flags` in a data dir of its own, with the Dojo CRD served. */
export async function startBenchServer(label: string, flags: readonly string[]): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), `dojo-bench-${label}-`));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', here('../src/cli.ts'), '--data-dir', dir, '--port', '0', ...flags], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on https:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`apiserver exited with ${code}`)));
  });
  const target = newTarget(port, readFileSync(join(dir, 'ca.crt'), 'utf8'), readFileSync(join(dir, 'admin-token'), 'utf8').trim());
  await send(
    target,
    'POST',
    '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
    parse(readFileSync(here('../../operator/crds/core.jutsu.com_dojos.yaml'), 'utf8')),
  );
  for (let i = 0; i < 100 && (await send(target, 'GET', dojosPath)).status !== 200; i++) await new Promise((r) => setTimeout(r, 50));
  const server: BenchServer = {
    label,
    pid: child.pid!,
    dir,
    target,
    created: 0,
    stop() {
      server.target.agent.destroy();
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Reads a stream (the journal's, a watch) and counts its lines, as cheaply as a reader can. */
export function follow(target: Target, path: string): { lines: () => number; stop: () => void } {
  let lines = 0;
  const req = request({ host: '127.0.0.1', port: target.port, path, ca: target.ca, headers: { authorization: `Bearer ${target.token}` } }, (res) => {
    res.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 0x0a) lines++;
    });
  });
  req.on('error', () => {});
  req.end();
  return { lines: () => lines, stop: () => req.destroy() };
}

/** `count` Dojo creates from `clients` concurrent loops, named on from the server's last. */
export function createBatch(server: BenchServer, clients: number, count: number): Promise<LoadResult> {
  const first = server.created;
  server.created += count;
  return runLoad(clients, count, async (i) => (await send(server.target, 'POST', dojosPath, dojo(`d-${first + i}`))).status === 201);
}

/** CPU time the process has used (user + system), in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One pair of batches: `on` is the server with the feature, `off` the reference. */
export interface Pair {
  on: number;
  off: number;
  ratio: number;
  /** Server CPU per request (ms), and the throughput ratio it implies for a CPU-bound server. */
  onCpuMs: number;
  offCpuMs: number;
  cpuRatio: number;
}

/** Runs `batches` pairs of batches, the two servers back to back (which goes first alternates). */
export async function pairs(on: BenchServer, off: BenchServer, batches: number, run: (server: BenchServer) => Promise<LoadResult>): Promise<Pair[]> {
  const results: Pair[] = [];
  const measured = async (server: BenchServer) => {
    const before = cpuMs(server.pid);
    const load = await run(server);
    return { perSecond: load.perSecond, cpuPerRequest: (cpuMs(server.pid) - before) / load.requests };
  };
  for (let i = 0; i < batches; i++) {
    const [first, second] = i % 2 === 0 ? [on, off] : [off, on];
    const a = await measured(first);
    const b = await measured(second);
    const [onRun, offRun] = first === on ? [a, b] : [b, a];
    results.push({
      on: onRun.perSecond,
      off: offRun.perSecond,
      ratio: Number((onRun.perSecond / offRun.perSecond).toFixed(3)),
      onCpuMs: Number(onRun.cpuPerRequest.toFixed(3)),
      offCpuMs: Number(offRun.cpuPerRequest.toFixed(3)),
      cpuRatio: Number((offRun.cpuPerRequest / onRun.cpuPerRequest).toFixed(3)),
    });
  }
  return results;
}

/** The medians of a set of pairs, with the pairs themselves. */
export function summarizePairs(p: Pair[]) {
  return {
    onPerSecond: median(p.map((x) => x.on)),
    offPerSecond: median(p.map((x) => x.off)),
    ratio: median(p.map((x) => x.ratio)),
    onCpuMsPerRequest: median(p.map((x) => x.onCpuMs)),
    offCpuMsPerRequest: median(p.map((x) => x.offCpuMs)),
    cpuRatio: median(p.map((x) => x.cpuRatio)),
    pairs: p,
  };
}
