/**
 * End-to-end latency of one Dojo on an idle cluster with the simulated pod delays the demo uses
 * (Pending -> Running 800-1500 ms, Running -> Ready 200-500 ms): from a kubectl-equivalent create
 * until the Dojo reports Available=True, and how much of that is not the simulated delay.
 *
 *   node --import tsx apps/server/bench/available-latency.bench.ts [--dojos 20] [--warmup 3]
 *
 * Dojos are created one at a time (each waits for the previous to be Available), so each
 * measures the pipeline alone: Dojo -> Database -> Secret -> Deployment -> ReplicaSet -> Pod ->
 * kubelet -> ReplicaSet/Deployment status -> Dojo status. The Pod's simulated delay is exact:
 * the simulator derives it from the seed and the Pod's uid (cluster-sim core/seeded-random.ts),
 * so overhead = (Available seen - create sent) - (start delay + ready delay of that Pod). Times
 * are when this process saw each watch event, so they include watch delivery.
 * Prints one JSON document on stdout; progress goes to stderr.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClusterSimOptions, pickDelay, unitInterval } from '@dojo/cluster-sim';
import { apiClientFromKubeconfig } from './support/api-client.ts';
import { dojoManifest, dojosPath, isAvailable, type WatchedDojo } from './support/dojo-manifest.ts';
import { distribution, epochNow, round } from './support/percentiles.ts';
import { spawnProbed } from './support/probed-process.ts';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const count = arg('dojos', 20);
const warmup = arg('warmup', 3);
const log = (message: string): void => void process.stderr.write(`[available] ${message}\n`);
const tunedConsole = fileURLToPath(new URL('./support/tuned-console.ts', import.meta.url));
const sim = {
  seed: defaultClusterSimOptions.seed,
  podStartDelay: defaultClusterSimOptions.podStartDelay,
  podReadyDelay: defaultClusterSimOptions.podReadyDelay,
};
const namespace = 'latency';

interface PodObject {
  metadata: { name: string; uid: string; labels?: Record<string, string> };
  status?: { conditions?: { type: string; status: string }[] };
}

/** What the watches saw for one Dojo, in this process's clock. */
interface Trace {
  sentAt: number;
  podSeenAt?: number;
  podUid?: string;
  podReadyAt?: number;
  availableAt?: number;
  done?: () => void;
}

const simulatedPodDelayMs = (uid: string): number =>
  pickDelay(sim.podStartDelay, unitInterval(sim.seed, uid, 'start')) + pickDelay(sim.podReadyDelay, unitInterval(sim.seed, uid, 'ready'));

const started = performance.now();
const dataDir = mkdtempSync(join(tmpdir(), 'dojo-available-'));
const server = await spawnProbed(tunedConsole, [dataDir, JSON.stringify(sim)], /tuned-console (\{.*\})\n/);
const traces = new Map<string, Trace>();
const samples: {
  totalMs: number;
  simulatedPodDelayMs: number;
  overheadMs: number;
  createToPodMs: number;
  kubeletOverheadMs: number;
  podReadyToAvailableMs: number;
}[] = [];
try {
  const { kubeconfigPath } = JSON.parse(server.ready[1]!) as { kubeconfigPath: string };
  const client = apiClientFromKubeconfig(kubeconfigPath, 4);
  await client.send('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  const podWatch = await client.watch<PodObject>(`/api/v1/namespaces/${namespace}/pods?watch=1`, (event, at) => {
    const trace = traces.get(event.object.metadata.labels?.['app.kubernetes.io/instance'] ?? '');
    if (!trace || event.type === 'DELETED') return;
    trace.podSeenAt ??= at;
    trace.podUid ??= event.object.metadata.uid;
    if (trace.podReadyAt === undefined && event.object.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')) trace.podReadyAt = at;
  });
  const dojoWatch = await client.watch<WatchedDojo>(`${dojosPath(namespace)}?watch=1`, (event, at) => {
    const trace = traces.get(event.object.metadata.name);
    if (!trace || trace.availableAt !== undefined || event.type === 'BOOKMARK' || !isAvailable(event.object)) return;
    trace.availableAt = at;
    trace.done?.();
  });

  for (let i = 0; i < warmup + count; i++) {
    const name = `${i < warmup ? 'warm' : 'lat'}-${i}`;
    const trace: Trace = { sentAt: epochNow() };
    const available = new Promise<void>((resolve) => (trace.done = resolve));
    traces.set(name, trace);
    const res = await client.send('POST', dojosPath(namespace), dojoManifest(namespace, name));
    if (res.status !== 201) throw new Error(`create ${name}: HTTP ${res.status} ${res.body}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([available, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${name} not Available after 60 s`)), 60_000)))]);
    clearTimeout(timer);
    if (i < warmup) continue;
    const { sentAt, podSeenAt, podReadyAt, availableAt, podUid } = trace;
    if (podSeenAt === undefined || podReadyAt === undefined || podUid === undefined) throw new Error(`${name}: Available before its Pod was seen Ready`);
    const simulated = simulatedPodDelayMs(podUid);
    const sample = {
      totalMs: availableAt! - sentAt,
      simulatedPodDelayMs: simulated,
      overheadMs: availableAt! - sentAt - simulated,
      createToPodMs: podSeenAt - sentAt,
      kubeletOverheadMs: podReadyAt - podSeenAt - simulated,
      podReadyToAvailableMs: availableAt! - podReadyAt,
    };
    samples.push(sample);
    log(`${name}: Available after ${round(sample.totalMs)} ms, simulated pod delay ${simulated} ms, overhead ${round(sample.overheadMs)} ms`);
  }
  podWatch.close();
  dojoWatch.close();
  client.close();
} finally {
  await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}

const pick = (key: keyof (typeof samples)[number]) => distribution(samples.map((s) => s[key]));
process.stdout.write(
  `${JSON.stringify(
    {
      benchmark: 'dojo-available',
      machine: { cpus: cpus().length, node: process.version },
      dojos: count,
      warmupDojos: warmup,
      sim,
      overhead: pick('overheadMs'),
      createToAvailable: pick('totalMs'),
      simulatedPodDelay: pick('simulatedPodDelayMs'),
      breakdown: {
        createToPodSeen: pick('createToPodMs'),
        kubeletBeyondSimulatedDelay: pick('kubeletOverheadMs'),
        podReadyToDojoAvailable: pick('podReadyToAvailableMs'),
      },
      durationSeconds: round((performance.now() - started) / 1000),
      notes: [
        'one Dojo at a time on an otherwise idle console (own process, default pod delays); times are when the benchmark process saw the watch events',
        `p99 of ${count} samples is their maximum`,
        "overhead = create -> Available minus the exact simulated start + ready delay of the Dojo's Pod (seeded per Pod uid)",
      ],
    },
    null,
    2,
  )}\n`,
);
