/**
 * `npm run bench -- request-journal`: what journaling every request costs the API server.
 * The same server (`dojo-console apiserver`) with `--request-journal on` — and a follower
 * reading `/debug/requests`, as the console always does — against `--request-journal off`:
 * Dojo creates/s and status patches/s at 16 clients (patches are where the changed field paths
 * are worked out), with one informer-like watch of every Dojo open on both (its events are
 * journaled too). Both servers run side by side and take turns, batch by batch, so that each
 * pair of batches sees the same load on a shared machine; the median of the pairs' ratios is
 * reported. Beside throughput, each batch measures the server's CPU time per request (from
 * /proc): the server is CPU-bound, so off/on CPU per request is the throughput ratio an idle
 * machine would show, and it is far less disturbed by other load than wall-clock rates.
 * Prints one JSON document on stdout; progress goes to stderr.
 *
 * Target: creates with the journal on ≥ 0.9× creates with it off.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { newTarget, runLoad, send, type LoadResult, type Target } from './load.ts';

const clients = 16;
const batches = 10;
const batch = 1000;
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);
const base = '/apis/core.jutsu.com/v1/namespaces/default/dojos';

const dojo = (name: string) => ({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: { name, namespace: 'default' },
  spec: { accountId: 'acc', title: `Dojo ${name}`, credentialsRef: { name: `${name}-app` }, replicas: 1 },
});

function startServer(dir: string, journal: 'on' | 'off'): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', here('../src/cli.ts'), '--data-dir', dir, '--port', '0', '--request-journal', journal], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on https:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`apiserver exited with ${code}`)));
  });
}

/** Reads a stream (the journal's, a watch) and counts its lines, as cheaply as a reader can. */
function follow(target: Target, path = '/debug/requests'): { lines: () => number; stop: () => void } {
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

/** CPU time the process has used (user + system), in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Server {
  journal: 'on' | 'off';
  pid: number;
  target: Target;
  stop(): void;
  follower?: { lines: () => number; stop: () => void };
  created: number;
}

async function startMode(journal: 'on' | 'off'): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), `dojo-bench-journal-${journal}-`));
  const { child, port } = await startServer(dir, journal);
  const target = newTarget(port, readFileSync(join(dir, 'ca.crt'), 'utf8'), readFileSync(join(dir, 'admin-token'), 'utf8').trim());
  await send(target, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', parse(readFileSync(here('../../operator/crds/core.jutsu.com_dojos.yaml'), 'utf8')));
  for (let i = 0; i < 100 && (await send(target, 'GET', base)).status !== 200; i++) await new Promise((r) => setTimeout(r, 50));
  const follower = journal === 'on' ? follow(target) : undefined;
  // An informer's watch, as on every real cluster: with the journal on, each event it receives is journaled too.
  const informer = follow(target, '/apis/core.jutsu.com/v1/dojos?watch=true&allowWatchBookmarks=true');
  await runLoad(clients, 2000, async (i) => (await send(target, 'POST', base, dojo(`warm-${i}`))).status === 201);
  return {
    journal,
    pid: child.pid!,
    target,
    created: 0,
    ...(follower ? { follower } : {}),
    stop() {
      follower?.stop();
      informer.stop();
      target.agent.destroy();
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createBatch(server: Server): Promise<LoadResult> {
  const first = server.created;
  server.created += batch;
  return runLoad(clients, batch, async (i) => (await send(server.target, 'POST', base, dojo(`d-${first + i}`))).status === 201);
}

function patchBatch(server: Server): Promise<LoadResult> {
  return runLoad(clients, batch, async (i) => {
    const body = { status: { readyStatus: `${i % 3}/3`, observedGeneration: i } };
    return (await send(server.target, 'PATCH', `${base}/d-${i % server.created}/status`, body, 'application/merge-patch+json')).status === 200;
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Pair {
  on: number;
  off: number;
  ratio: number;
  /** Server CPU per request (ms), and the throughput ratio it implies for a CPU-bound server. */
  onCpuMs: number;
  offCpuMs: number;
  cpuRatio: number;
}

/** Runs `batches` pairs of batches, the two modes back to back (which goes first alternates). */
async function pairs(on: Server, off: Server, run: (server: Server) => Promise<LoadResult>): Promise<Pair[]> {
  const results: Pair[] = [];
  const measured = async (server: Server) => {
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

async function main(): Promise<void> {
  // Both servers live side by side (one idles while the other works), and the two modes take
  // turns batch by batch: on a shared machine whose load drifts, each pair sees the same load.
  const on = await startMode('on');
  const off = await startMode('off');
  try {
    log(`creates: ${batches} pairs of ${batch}`);
    const createPairs = await pairs(on, off, createBatch);
    log(JSON.stringify(createPairs));
    log(`status patches: ${batches} pairs of ${batch}`);
    const patchPairs = await pairs(on, off, patchBatch);
    log(JSON.stringify(patchPairs));
    await new Promise((r) => setTimeout(r, 300));
    const linesRead = on.follower?.lines() ?? 0;
    const summarize = (p: Pair[]) => ({
      onPerSecond: median(p.map((x) => x.on)),
      offPerSecond: median(p.map((x) => x.off)),
      ratio: median(p.map((x) => x.ratio)),
      onCpuMsPerRequest: median(p.map((x) => x.onCpuMs)),
      offCpuMsPerRequest: median(p.map((x) => x.offCpuMs)),
      cpuRatio: median(p.map((x) => x.cpuRatio)),
      pairs: p,
    });
    const createSummary = summarize(createPairs);
    const patchSummary = summarize(patchPairs);
    process.stdout.write(
      `${JSON.stringify(
        {
          benchmark: 'request-journal',
          machine: { cpus: (await import('node:os')).cpus().length, node: process.version, loadAverage: (await import('node:os')).loadavg().map((l) => Math.round(l * 100) / 100) },
          clients,
          batch,
          batches,
          journalLinesRead: linesRead,
          creates: createSummary,
          statusPatches: patchSummary,
          targets: { createsWithJournalAtLeast90Percent: createSummary.ratio >= 0.9, createsCpuRatioAtLeast90Percent: createSummary.cpuRatio >= 0.9 },
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    on.stop();
    off.stop();
  }
}

await main();
