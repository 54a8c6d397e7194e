/**
 * End to end against the embedded API server (a child process, over HTTPS): 10,000 ConfigMaps,
 * a manager with one controller For them, and a reconciler that does nothing.
 *
 *   node --expose-gc --import tsx packages/runtime/bench/reconcile.bench.ts [--objects N] [--rounds R] [--io-rounds R]
 *
 * Measures, each the median of R rounds after a warm-up (default 5; 2 for the I/O-bound runs):
 * - sync: manager.start() until every cache has synced (paged LIST, store, handlers, enqueues);
 * - reconcile: from cache sync until every object was reconciled once, with 1 and 4 workers;
 * - the same with telemetry off (no journal records), and the on/off throughput ratio;
 * - an I/O-bound variant (one uncached GET per reconcile), where more workers overlap requests;
 * - informer memory per cached object (heap delta after GC / objects).
 * Prints one JSON document on stdout; progress goes to stderr.
 */
import { ControllerBuilder } from '../src/builder/controller-builder.ts';
import { realClock } from '../src/clock/clock.ts';
import { KubeClient } from '../src/client/kube-client.ts';
import { builtinTypes } from '../src/client/resource-type.ts';
import type { Reconciler } from '../src/controller/reconciler.ts';
import { InformerFactory } from '../src/informer/informer-factory.ts';
import { Manager } from '../src/manager/manager.ts';
import { configMap } from '../src/testing/fixtures.ts';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';

const { configMaps, namespaces } = builtinTypes;
const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const objects = arg('objects', 10_000);
const rounds = arg('rounds', 5);
const ioRounds = arg('io-rounds', 2);
const ns = 'bench';
const log = (message: string): void => void process.stderr.write(`[bench] ${message}\n`);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;
const round = (x: number, digits = 0): number => Number(x.toFixed(digits));

async function seed(server: TestApiServer): Promise<{ createsPerSecond: number }> {
  const client = await KubeClient.create({ kubeConfig: server.kubeConfig() });
  await client.create(namespaces, { metadata: { name: ns } });
  const started = realClock.now();
  let next = 0;
  const writer = async (): Promise<void> => {
    for (let i = next++; i < objects; i = next++) {
      await client.create(
        configMaps,
        configMap(ns, `cm-${String(i).padStart(5, '0')}`, { index: String(i), payload: 'x'.repeat(64) }, { labels: { app: 'bench' } }),
      );
    }
  };
  await Promise.all(Array.from({ length: 32 }, writer));
  const seconds = (realClock.now() - started) / 1000;
  client.close();
  return { createsPerSecond: round(objects / seconds) };
}

interface Run {
  syncMs: number;
  reconcileMs: number;
}

async function once(server: TestApiServer, workers: number, telemetry: boolean, work: (manager: Manager) => Reconciler['reconcile']): Promise<Run> {
  const manager = await Manager.create({ kubeConfig: server.kubeConfig(), namespace: ns, telemetry });
  let reconciled = 0;
  let allDone!: () => void;
  const done = new Promise<void>((resolve) => (allDone = resolve));
  const inner = work(manager);
  ControllerBuilder.create(manager)
    .for(configMaps)
    .withOptions({ maxConcurrentReconciles: workers })
    .complete({
      async reconcile(request, context) {
        await inner(request, context);
        if (++reconciled === objects) allDone();
      },
    });
  const started = realClock.now();
  await manager.start();
  const synced = realClock.now();
  await done;
  const finished = realClock.now();
  await manager.stop();
  return { syncMs: synced - started, reconcileMs: finished - synced };
}

interface Scenario {
  name: string;
  workers: number;
  telemetry: boolean;
  work: (manager: Manager) => Reconciler['reconcile'];
}

const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.();

/**
 * Runs each scenario once to warm the JIT up, then `rounds` times, interleaved (so drift on a
 * shared machine hits every scenario alike) and after a full GC (so one run's garbage is not
 * charged to the next); reports medians.
 */
async function measure(server: TestApiServer, scenarios: readonly Scenario[], rounds: number) {
  const results = new Map<Scenario, Run[]>(scenarios.map((s) => [s, []]));
  for (const s of scenarios) await once(server, s.workers, s.telemetry, s.work);
  for (let r = 0; r < rounds; r++) {
    for (const s of scenarios) {
      collectGarbage();
      const run = await once(server, s.workers, s.telemetry, s.work);
      results.get(s)!.push(run);
      log(`${s.name}: round ${r + 1}/${rounds} sync ${round(run.syncMs)} ms, reconcile ${round(run.reconcileMs)} ms`);
    }
  }
  return scenarios.map((s) => {
    const runsOf = results.get(s)!;
    const reconcileMs = median(runsOf.map((x) => x.reconcileMs));
    return {
      name: s.name,
      workers: s.workers,
      telemetry: s.telemetry,
      objects,
      rounds,
      syncMs: round(median(runsOf.map((x) => x.syncMs))),
      reconcileMs: round(reconcileMs),
      totalMs: round(median(runsOf.map((x) => x.syncMs + x.reconcileMs))),
      reconcilesPerSecond: round(objects / (reconcileMs / 1000)),
    };
  });
}

async function informerMemory(server: TestApiServer) {
  const collect = async (): Promise<number> => {
    for (let i = 0; i < 3; i++) {
      collectGarbage();
      await new Promise((resolve) => setImmediate(resolve));
    }
    return process.memoryUsage().heapUsed;
  };
  const client = await KubeClient.create({ kubeConfig: server.kubeConfig() });
  const factory = new InformerFactory(client, { namespace: ns });
  const before = await collect();
  const informer = factory.informerFor(configMaps);
  factory.start();
  await factory.waitForCacheSync();
  const after = await collect();
  const sample = informer.store.list()[0];
  const bytesPerObject = (after - before) / informer.store.size;
  await factory.stop();
  client.close();
  return {
    objects: informer.store.size,
    heapDeltaMb: round((after - before) / 2 ** 20, 1),
    bytesPerObject: round(bytesPerObject),
    jsonBytesPerObject: sample ? JSON.stringify(sample).length : 0,
    exact: (globalThis as { gc?: unknown }).gc !== undefined,
  };
}

const noop = () => async () => {};
const oneGet = (manager: Manager) => async (request: { namespace?: string; name: string }) => {
  await manager.apiClient.get(configMaps, request);
};

const server = await startTestApiServer();
try {
  log(`creating ${objects} ConfigMaps`);
  const seeded = await seed(server);
  log(`seeded at ${seeded.createsPerSecond} creates/s`);

  const memory = await informerMemory(server);
  log(`informer memory: ${memory.bytesPerObject} bytes/object`);

  const noopScenarios = [1, 4].flatMap((workers) =>
    [true, false].map((telemetry) => ({
      name: `no-op reconciler, ${workers} worker(s), telemetry ${telemetry ? 'on' : 'off'}`,
      workers,
      telemetry,
      work: noop,
    })),
  );
  const noopRuns = await measure(server, noopScenarios, rounds);
  const ioScenarios = [1, 4].map((workers) => ({ name: `one GET per reconcile, ${workers} worker(s)`, workers, telemetry: true, work: oneGet }));
  const ioRuns = await measure(server, ioScenarios, ioRounds);

  const find = (runsOf: typeof noopRuns, workers: number, telemetry: boolean) => runsOf.find((r) => r.workers === workers && r.telemetry === telemetry)!;
  const ratio = (workers: number) => round(find(noopRuns, workers, true).reconcilesPerSecond / find(noopRuns, workers, false).reconcilesPerSecond, 3);
  const result = {
    objects,
    seed: seeded,
    noopReconciler: noopRuns,
    ioBoundReconciler: ioRuns,
    telemetryOnOffThroughputRatio: { workers1: ratio(1), workers4: ratio(4) },
    workerScaling: {
      noop: round(find(noopRuns, 4, true).reconcilesPerSecond / find(noopRuns, 1, true).reconcilesPerSecond, 2),
      ioBound: round(find(ioRuns, 4, true).reconcilesPerSecond / find(ioRuns, 1, true).reconcilesPerSecond, 2),
    },
    informerMemory: memory,
    targets: {
      allReconciledUnder5sAfterSync: noopRuns.every((r) => r.reconcileMs < 5_000),
      allReconciledUnder5sIncludingSync: noopRuns.every((r) => r.totalMs < 5_000),
      telemetryRatioAtLeast0_9: ratio(1) >= 0.9 && ratio(4) >= 0.9,
    },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  await server.stop();
}
