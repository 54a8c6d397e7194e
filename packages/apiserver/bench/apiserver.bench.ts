/**
 * `npm run bench -w packages/apiserver`: the embedded API server under load from this machine,
 * next to the reference measured in the same run (a bare Node HTTPS server with the same TLS).
 * Prints one JSON document on stdout; progress goes to stderr.
 *
 * Measures: Dojo creates/s, updates/s and status updates/s at 16 clients (p50/p99), LIST of
 * 2,000 and of 10,000 Dojos, watch delivery to 50 watchers after commit, server RSS with
 * 10,000 Dojos. Targets are issue 17's: creates ≥ 0.4× the reference, LIST of 10,000 < 100 ms,
 * watch delivery p99 < 10 ms after commit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { newTarget, percentile, runLoad, send, type LoadResult, type Target } from './load.ts';

const clients = 16;
/**
 * Flags for working on one part (the full run takes none): `--only creates` stops after the
 * creates; `--creates N` and `--echo-requests N` shorten the runs; `--server-node-arg ARG`
 * (repeatable) starts the server with a Node flag, e.g. `--cpu-prof --cpu-prof-dir=DIR`, and
 * then waits for it to exit, so the profile is written.
 */
const { values: flags } = parseArgs({
  options: {
    only: { type: 'string' },
    creates: { type: 'string', default: '5000' },
    'echo-requests': { type: 'string', default: '20000' },
    'server-node-arg': { type: 'string', multiple: true, default: [] },
  },
});
if (flags.only !== undefined && flags.only !== 'creates') throw new Error(`--only: only "creates" is known, not "${flags.only}"`);
const createCount = Number(flags.creates);
const echoRequests = Number(flags['echo-requests']);
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

function startChild(args: string[], pattern: RegExp, nodeArgs: readonly string[] = []): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = pattern.exec(out);
      if (m) resolve({ child, match: m });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/** Stops a child and waits for it, so that what it writes on exit (a --cpu-prof profile) is there. */
function stopChild(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill();
  return exited;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const dojo = (name: string) => ({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: { name, namespace: 'default', labels: { bench: 'true' } },
  spec: { accountId: 'acc', title: `Dojo ${name}`, credentialsRef: { name: `${name}-app` }, replicas: 1 },
});

/** CPU seconds (user + system) from a /proc stat file: a process's (every thread) or one thread's. */
function cpuSeconds(statPath: string): number {
  const fields = readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The server's CPU per request over `load` in microseconds, all threads and its main thread
 * (the one that serves HTTP; the rest is the commit thread, SQLite and Node's helpers): a figure
 * the machine's other work changes far less than a rate does (the rate also waits for CPU the
 * others hold, and for fsync).
 */
async function withServerCpu<T extends LoadResult>(
  pid: number,
  load: () => Promise<T>,
): Promise<T & { serverCpuMicrosPerRequest: number; mainThreadCpuMicrosPerRequest: number }> {
  const wholeProcess = `/proc/${pid}/stat`;
  const main = `/proc/${pid}/task/${pid}/stat`;
  const before = { all: cpuSeconds(wholeProcess), main: cpuSeconds(main) };
  const result = await load();
  const micros = (seconds: number) => Math.round((seconds * 1e6) / result.requests);
  return {
    ...result,
    serverCpuMicrosPerRequest: micros(cpuSeconds(wholeProcess) - before.all),
    mainThreadCpuMicrosPerRequest: micros(cpuSeconds(main) - before.main),
  };
}

async function referenceEcho(dir: string): Promise<Record<string, unknown>> {
  const { child, match } = await startChild([here('./echo-server.ts'), dir], /listening on (\d+)/);
  const ca = readFileSync(join(dir, 'ca.crt'), 'utf8');
  const target = newTarget(Number(match[1]), ca);
  await runLoad(clients, 2000, async (i) => (await send(target, 'POST', '/', dojo(`w${i}`))).status === 201);
  const result = await withServerCpu(child.pid!, () =>
    runLoad(clients, echoRequests, async (i) => (await send(target, 'POST', '/', dojo(`e${i}`))).status === 201),
  );
  child.kill();
  target.agent.destroy();
  return { name: 'bare Node HTTPS echo (reference)', ...result };
}

async function watchLatency(target: Target, ca: string, watchers: number, writes: number): Promise<Record<string, number>> {
  const path = '/apis/core.jutsu.com/v1/namespaces/default/dojos';
  await send(target, 'POST', path, dojo('watched'));
  const sentAt = new Map<string, number>();
  const arrivals = new Map<string, number[]>();
  const latencies: number[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: watchers + 1, ca });
  const rv = JSON.parse((await send(target, 'GET', path + '?limit=1')).text).metadata.resourceVersion as string;
  const streams = await Promise.all(
    Array.from(
      { length: watchers },
      () =>
        new Promise<ReturnType<typeof request>>((resolve) => {
          const req = request(
            {
              host: '127.0.0.1',
              port: target.port,
              path: `${path}?watch=true&resourceVersion=${rv}&fieldSelector=metadata.name%3Dwatched`,
              agent,
              headers: { authorization: `Bearer ${target.token}` },
            },
            (res) => {
              let buffer = '';
              res.on('data', (d: Buffer) => {
                const now = performance.now();
                buffer += d.toString();
                let nl: number;
                while ((nl = buffer.indexOf('\n')) >= 0) {
                  const line = buffer.slice(0, nl);
                  buffer = buffer.slice(nl + 1);
                  const title = /"title":"([^"]+)"/.exec(line)?.[1];
                  const sent = title ? sentAt.get(title) : undefined;
                  if (sent !== undefined) {
                    latencies.push(now - sent);
                    const list = arrivals.get(title!) ?? [];
                    list.push(now);
                    arrivals.set(title!, list);
                  }
                }
              });
              resolve(req);
            },
          );
          req.end();
        }),
    ),
  );
  await new Promise((r) => setTimeout(r, 300));
  const ackedAt = new Map<string, number>();
  for (let i = 0; i < writes; i++) {
    const title = `t${i}`;
    sentAt.set(title, performance.now());
    await send(target, 'PATCH', `${path}/watched`, { spec: { title } }, 'application/merge-patch+json');
    ackedAt.set(title, performance.now());
  }
  await new Promise((r) => setTimeout(r, 500));
  for (const s of streams) s.destroy();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  // Delivery after commit. The server publishes a write to its watchers as soon as the write is
  // durable, then answers the writer; the earliest sign of the commit a client can see is the
  // first of those (the writer's answer or any watcher's event). Each watcher's delay is counted
  // from there, so it is the fan-out's own delay, a little under the true one (by one loopback
  // hop). `afterAck` is the same from the writer's answer alone (0 when the event came first).
  const afterCommit: number[] = [];
  const afterAck: number[] = [];
  for (const [title, times] of arrivals) {
    const ack = ackedAt.get(title)!;
    const committed = Math.min(ack, ...times);
    for (const t of times) {
      afterCommit.push(t - committed);
      afterAck.push(Math.max(0, t - ack));
    }
  }
  afterCommit.sort((a, b) => a - b);
  afterAck.sort((a, b) => a - b);
  const ms = (sorted: number[], p: number) => Number(percentile(sorted, p).toFixed(2));
  return {
    watchers,
    writes,
    delivered: latencies.length,
    expected: watchers * writes,
    writeToDeliveryP50Ms: ms(latencies, 50),
    writeToDeliveryP99Ms: ms(latencies, 99),
    afterCommitP50Ms: ms(afterCommit, 50),
    afterCommitP99Ms: ms(afterCommit, 99),
    afterCommitMaxMs: ms(afterCommit, 100),
    afterAckP99Ms: ms(afterAck, 99),
  };
}

/** LIST timed from the request to the last byte of the answer (the client's whole wait), `runs` times. */
async function timeList(target: Target, path: string, runs: number): Promise<Record<string, number>> {
  const times: number[] = [];
  let items = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await send(target, 'GET', path);
    times.push(performance.now() - t);
    items = JSON.parse(res.text).items.length;
  }
  times.sort((a, b) => a - b);
  return { items, runs, medianMs: Number(percentile(times, 50).toFixed(2)), maxMs: Number(times[times.length - 1]!.toFixed(2)) };
}

async function main(): Promise<void> {
  const loadBefore = loadavg().map((l) => Number(l.toFixed(2)));
  const dir = mkdtempSync(join(tmpdir(), 'dojo-bench-'));
  try {
    log('reference: bare Node HTTPS echo (3 runs, median)');
    const referenceRuns = [await referenceEcho(dir), await referenceEcho(dir), await referenceEcho(dir)].sort(
      (a, b) => (a.perSecond as number) - (b.perSecond as number),
    );
    const reference = {
      ...referenceRuns[1]!,
      runs: referenceRuns.map((r) => r.perSecond),
      cpuMicrosPerRequestRuns: referenceRuns.map((r) => r.serverCpuMicrosPerRequest),
    };
    log(JSON.stringify(reference));

    const { child, match } = await startChild(
      [here('../src/cli.ts'), '--data-dir', dir, '--port', '0'],
      /listening on https:\/\/127\.0\.0\.1:(\d+)/,
      flags['server-node-arg'],
    );
    const ca = readFileSync(join(dir, 'ca.crt'), 'utf8');
    const token = readFileSync(join(dir, 'admin-token'), 'utf8').trim();
    const target = newTarget(Number(match[1]), ca, token);
    const crd = parse(readFileSync(here('../../operator/crds/core.jutsu.com_dojos.yaml'), 'utf8'));
    await send(target, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
    for (let i = 0; i < 50; i++) {
      if ((await send(target, 'GET', '/apis/core.jutsu.com/v1/dojos')).status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const base = '/apis/core.jutsu.com/v1/namespaces/default/dojos';

    log('creates');
    await runLoad(clients, 500, async (i) => (await send(target, 'POST', base, dojo(`warm-${i}`))).status === 201);
    const creates = await withServerCpu(child.pid!, () =>
      runLoad(clients, createCount, async (i) => (await send(target, 'POST', base, dojo(`d-${i}`))).status === 201),
    );
    log(JSON.stringify(creates));
    const createsSummary = () => ({
      ...creates,
      ratioToReference: Number((creates.perSecond / (reference.perSecond as number)).toFixed(2)),
      serverCpuToReference: Number((creates.serverCpuMicrosPerRequest / (reference.serverCpuMicrosPerRequest as number)).toFixed(2)),
    });
    if (flags.only === 'creates') {
      await stopChild(child);
      target.agent.destroy();
      const load = { before: loadBefore, after: loadavg().map((l) => Number(l.toFixed(2))) };
      process.stdout.write(JSON.stringify({ benchmark: 'apiserver', only: 'creates', clients, reference, creates: createsSummary(), load }, null, 2) + '\n');
      return;
    }

    log('updates (PUT with resourceVersion)');
    const updates = await runLoad(clients, 3000, async (i) => {
      const name = `d-${i % createCount}`;
      const current = JSON.parse((await send(target, 'GET', `${base}/${name}`)).text);
      current.spec.title = `updated ${i}`;
      return (await send(target, 'PUT', `${base}/${name}`, current)).status === 200;
    });
    log(JSON.stringify(updates));

    log('status updates (merge patch on /status)');
    const statusUpdates = await runLoad(clients, 5000, async (i) => {
      const body = { status: { readyStatus: `${i % 3}/3`, observedGeneration: i } };
      return (await send(target, 'PATCH', `${base}/d-${i % createCount}/status`, body, 'application/merge-patch+json')).status === 200;
    });
    log(JSON.stringify(statusUpdates));

    log('LIST of 2,000 Dojos');
    await send(target, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'list-bench' } });
    await runLoad(
      clients,
      2000,
      async (i) =>
        (
          await send(target, 'POST', '/apis/core.jutsu.com/v1/namespaces/list-bench/dojos', {
            ...dojo(`l-${i}`),
            metadata: { name: `l-${i}`, namespace: 'list-bench' },
          })
        ).status === 201,
    );
    const list = await timeList(target, '/apis/core.jutsu.com/v1/namespaces/list-bench/dojos', 20);
    log(JSON.stringify(list));

    log('watch delivery, 50 watchers');
    const watch = await watchLatency(target, ca, 50, 200);
    log(JSON.stringify(watch));

    log('memory with 10,000 Dojos');
    const have = 500 + createCount + 2000 + 1;
    await runLoad(clients, 10000 - have, async (i) => (await send(target, 'POST', base, dojo(`m-${i}`))).status === 201);
    const count = JSON.parse((await send(target, 'GET', '/apis/core.jutsu.com/v1/dojos?limit=1')).text).metadata.remainingItemCount + 1;
    const memory = { dojosStored: count, serverRssMb: rssMb(child.pid!) };
    log(JSON.stringify(memory));

    log('LIST of 10,000 Dojos (every namespace)');
    const list10000 = await timeList(target, '/apis/core.jutsu.com/v1/dojos', 10);
    log(JSON.stringify(list10000));

    await stopChild(child);
    target.agent.destroy();
    const ratio = Number((creates.perSecond / (reference.perSecond as number)).toFixed(2));
    process.stdout.write(
      JSON.stringify(
        {
          benchmark: 'apiserver',
          machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
          clients,
          reference,
          creates: createsSummary(),
          updates,
          statusUpdates,
          list2000: list,
          list10000,
          watch,
          memory,
          load: { before: loadBefore, after: loadavg().map((l) => Number(l.toFixed(2))) },
          targets: {
            createsAtLeast04OfReference: ratio >= 0.4,
            list2000Under50ms: list.medianMs < 50,
            list10000Under100ms: list10000.medianMs < 100,
            watchP99Under10msAfterCommit: watch.afterCommitP99Ms < 10,
            memoryUnder300MbWith10kDojos: memory.serverRssMb < 300,
          },
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
