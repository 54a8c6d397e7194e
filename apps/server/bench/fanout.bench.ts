/**
 * Fan-out: 50 WebSocket clients of the console all subscribed to one watch (ConfigMaps in a
 * namespace) while a writer creates ConfigMaps at 1,000 per second through the API server.
 *
 *   node --import tsx apps/server/bench/fanout.bench.ts [--clients 50] [--rate 1000] [--seconds 5] [--runs 3] [--warmup-seconds 2] [--cpu-prof-dir DIR]
 *
 * `--cpu-prof-dir DIR`: the console process writes a V8 CPU profile of its whole run there.
 *
 * Delivery latency is from the start of the write (the writer stamps `data.sentAt` just before
 * its HTTPS POST) to a client's WebSocket message callback; writer and clients share this
 * process's clock. `afterAck` is the same delivery measured from the writer's 201 instead (0 when
 * the event arrived first). The console (`dojo-console up`) runs in its own process with
 * support/process-probe.ts, which measures its event-loop delay and CPU in each run's window.
 *
 * Reference, same run: support/broadcast-reference.ts, a bare Node HTTPS server taking the same
 * POSTs and broadcasting each object to the same 50 `ws` clients, at the same pace; its
 * delivery p99 over the console's is the ratio reported. Each target gets a warm-up (discarded)
 * and `runs` measured runs; the JSON has each run and the median, min and max over runs.
 * Prints one JSON document on stdout; progress goes to stderr.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiClientFromKubeconfig } from './support/api-client.ts';
import { connectSubscribers, type LiveSubscribers } from './support/live-subscribers.ts';
import { pacedWrites } from './support/paced-writer.ts';
import { distribution, epochNow, round, spread } from './support/percentiles.ts';
import { spawnProbed, type ProbedProcess } from './support/probed-process.ts';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const clients = arg('clients', 50);
const rate = arg('rate', 1000);
const seconds = arg('seconds', 5);
const runs = arg('runs', 3);
const warmupSeconds = arg('warmup-seconds', 2);
const cpuProfDir = process.argv.includes('--cpu-prof-dir') ? process.argv[process.argv.indexOf('--cpu-prof-dir') + 1] : undefined;
const log = (message: string): void => void process.stderr.write(`[fanout] ${message}\n`);
const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const reference = fileURLToPath(new URL('./support/broadcast-reference.ts', import.meta.url));
const namespace = 'fanout';
const payload = 'x'.repeat(200);
const subscribe = { id: 'cm', kind: 'watch', resource: { group: '', version: 'v1', resource: 'configmaps' }, namespace };

interface Target {
  name: string;
  server: ProbedProcess;
  wsUrl: string;
  headers: Record<string, string>;
  kubeconfigPath: string;
}

/** Waits until every expected delivery arrived, or none arrived for two seconds. */
async function drain(subscribers: LiveSubscribers, expected: number): Promise<void> {
  let seen = -1;
  let quietSince = performance.now();
  while (subscribers.deliveries.length < expected && performance.now() - quietSince < 2000) {
    if (subscribers.deliveries.length !== seen) {
      seen = subscribers.deliveries.length;
      quietSince = performance.now();
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function measure(target: Target) {
  const subscribers = await connectSubscribers(target.wsUrl, target.headers, clients, subscribe);
  const client = apiClientFromKubeconfig(target.kubeconfigPath, 64);
  await client.send('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  const write = (prefix: string, acks: Map<string, number>) => async (i: number) => {
    const name = `${prefix}-${i}`;
    const object = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data: { sentAt: String(epochNow()), payload } };
    const res = await client.send('POST', `/api/v1/namespaces/${namespace}/configmaps`, object);
    acks.set(name, epochNow());
    return res.status === 201;
  };

  const warm = await pacedWrites(rate, rate * warmupSeconds, write('warm', new Map()));
  await drain(subscribers, warm.writes * clients);
  log(`${target.name}: warm-up ${warm.writes} writes at ${warm.achievedPerSecond}/s (discarded)`);

  const results = [];
  for (let run = 1; run <= runs; run++) {
    subscribers.deliveries.length = 0;
    const droppedBefore = subscribers.dropped.length;
    const acks = new Map<string, number>();
    await target.server.reset();
    const cpuAt = process.cpuUsage();
    const wallAt = performance.now();
    const writer = await pacedWrites(rate, rate * seconds, write(`run${run}`, acks));
    await drain(subscribers, writer.writes * clients);
    const probe = await target.server.read();
    const cpu = process.cpuUsage(cpuAt);
    const clientCpuShare = round((cpu.user + cpu.system) / 1000 / (performance.now() - wallAt), 2);
    const afterAck = subscribers.deliveries.map((d) => Math.max(0, d.receivedAt - (acks.get(d.name) ?? d.receivedAt)));
    const result = {
      writer,
      delivered: subscribers.deliveries.length,
      expected: (writer.writes - writer.failed) * clients,
      deliveredPerSecond: Math.round(subscribers.deliveries.length / writer.seconds),
      delivery: distribution(subscribers.deliveries.map((d) => d.latencyMs)),
      afterAck: distribution(afterAck),
      subscriptionsDropped: subscribers.dropped.length - droppedBefore,
      server: { eventLoopDelay: probe.eventLoopDelay, cpuSeconds: probe.cpuSeconds, cpuShare: probe.cpuShare, peakRssMb: probe.peakRssMb },
      // CPU of this process (writer + clients) in the same window: near 1 means the load generator was the limit.
      clientCpuShare,
    };
    log(
      `${target.name} run ${run}: ${writer.achievedPerSecond} writes/s, ${result.delivered}/${result.expected} delivered, p50 ${result.delivery.p50Ms} ms, p99 ${result.delivery.p99Ms} ms, server loop delay p99 ${probe.eventLoopDelay.p99Ms} ms, CPU ${probe.cpuShare} (clients ${clientCpuShare})`,
    );
    results.push(result);
  }
  subscribers.close();
  client.close();
  return {
    writesPerSecond: spread(
      results.map((r) => r.writer.achievedPerSecond),
      0,
    ),
    deliveryP50Ms: spread(
      results.map((r) => r.delivery.p50Ms),
      2,
    ),
    deliveryP99Ms: spread(
      results.map((r) => r.delivery.p99Ms),
      2,
    ),
    deliveryMaxMs: spread(
      results.map((r) => r.delivery.maxMs),
      2,
    ),
    afterAckP99Ms: spread(
      results.map((r) => r.afterAck.p99Ms),
      2,
    ),
    deliveredShare: spread(
      results.map((r) => r.delivered / Math.max(1, r.expected)),
      4,
    ),
    serverEventLoopDelayP99Ms: spread(
      results.map((r) => r.server.eventLoopDelay.p99Ms),
      2,
    ),
    serverCpuShare: spread(
      results.map((r) => r.server.cpuShare),
      2,
    ),
    clientCpuShare: spread(
      results.map((r) => r.clientCpuShare),
      2,
    ),
    subscriptionsDropped: subscribers.dropped.length,
    perRun: results,
  };
}

async function withTarget<T>(start: (dir: string) => Promise<Target>, body: (target: Target) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'dojo-fanout-'));
  const target = await start(dir);
  try {
    return await body(target);
  } finally {
    await target.server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

const started = performance.now();
log(`reference: bare HTTPS + ws broadcast, ${clients} clients, ${rate} writes/s`);
const referenceResult = await withTarget(async (dir) => {
  const server = await spawnProbed(reference, [dir], /broadcast-reference (\{.*\})\n/);
  const { wsUrl, kubeconfigPath } = JSON.parse(server.ready[1]!) as { wsUrl: string; kubeconfigPath: string };
  return { name: 'reference', server, wsUrl, headers: {}, kubeconfigPath };
}, measure);
log(`console: dojo-console up, ${clients} clients, ${rate} writes/s`);
const consoleResult = await withTarget(async (dir) => {
  const nodeArgs = cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [];
  const server = await spawnProbed(cli, ['up', '--port', '0', '--apiserver-port', '0', '--data-dir', dir], /Open:\s+(http:\/\/\S+?)\/login\?token=/, {
    nodeArgs,
  });
  const base = server.ready[1]!;
  const token = readFileSync(join(dir, 'console-token'), 'utf8').trim();
  return {
    name: 'console',
    server,
    wsUrl: `${base.replace('http', 'ws')}/ws`,
    headers: { authorization: `Bearer ${token}` },
    kubeconfigPath: join(dir, 'kubeconfig'),
  };
}, measure);

const notes = [
  "delivery latency = write start (data.sentAt, stamped just before the HTTPS POST) to the client's WebSocket message callback; afterAck = the same from the writer's 201",
  'writer, 50 clients and their JSON parsing run in the benchmark process; the console and the reference each run in their own process on the same 2-core machine, so client work competes with the server for CPU in both',
  'server event-loop delay is monitorEventLoopDelay (10 ms resolution) inside the server process over each run (writes + drain); the console process also runs the embedded API server, the operator and the simulated cluster',
];
if (consoleResult.writesPerSecond.median < rate * 0.95)
  notes.push(
    `the console sustained ${consoleResult.writesPerSecond.median} writes/s (median), not the ${rate}/s asked for: the writer fell behind its schedule`,
  );
if (consoleResult.deliveredShare.min < 1) notes.push('not every event reached every client (see perRun delivered/expected and subscriptionsDropped)');

process.stdout.write(
  `${JSON.stringify(
    {
      benchmark: 'fanout',
      machine: { cpus: cpus().length, node: process.version },
      clients,
      targetWritesPerSecond: rate,
      secondsPerRun: seconds,
      runs,
      console: consoleResult,
      reference: referenceResult,
      ratio: {
        deliveryP99ToReference: round(consoleResult.deliveryP99Ms.median / Math.max(0.01, referenceResult.deliveryP99Ms.median), 2),
        writesPerSecondToReference: round(consoleResult.writesPerSecond.median / Math.max(1, referenceResult.writesPerSecond.median), 2),
      },
      durationSeconds: round((performance.now() - started) / 1000),
      notes,
    },
    null,
    2,
  )}\n`,
);
