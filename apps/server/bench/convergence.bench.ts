/**
 * Convergence: 1,000 Dojos created at once on the embedded cluster with no simulated pod delay,
 * until every one reports Available=True. Measures what the operator and the simulated control
 * plane cost together: total time, reconciles/s, conflicts, peak queue depth, and the server's
 * RSS and event-loop delay.
 *
 *   node --import tsx apps/server/bench/convergence.bench.ts [--dojos 1000] [--namespaces 1] [--runs 3] [--warmup 50] [--concurrency 16] [--apiserver thread|in-process]
 *
 * Each run starts a fresh console (support/tuned-console.ts: `runUp` with pod delays 0) in its
 * own process, creates `warmup` Dojos and waits for them (discarded: JIT, caches, connections),
 * then creates `dojos` Dojos (in one namespace, or round-robin over `namespaces`) over HTTPS
 * with the kubeconfig's token from `concurrency` clients and watches them until all are Available. RSS, event-loop delay and CPU come from inside the
 * server process (support/process-probe.ts); queue depth and reconcile counts from the
 * console's `GET /api/controllers`, sampled every 50 ms. Meanwhile a person's view of the console
 * (support/responsiveness-prober.ts): `/healthz` every 100 ms and a UI page load (index.html, its
 * assets, the overview's first API answers) every second. `--apiserver in-process` runs the
 * embedded API server on the console's thread instead of its own (the layout before issue 17's
 * thread), for a comparison on the same machine. If one run takes longer than
 * `--budget-seconds` (default 60), fewer runs are made and the JSON says so; a run that has not
 * converged after `--timeout-seconds` (default 240) is reported as such, with how far it got.
 * Its reference (support/write-rate.ts): the writes the phase committed ÷ the API server's
 * write rate measured in the same console just before and right after (the mean of two
 * samples of `--write-rate-samples`, default 2,000 ConfigMap creates), i.e. the time the
 * convergence would take if nothing but the writes cost.
 * Prints one JSON document on stdout; progress goes to stderr.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiClientFromKubeconfig } from './support/api-client.ts';
import { ControllerSampler, countsBetween } from './support/controller-sampler.ts';
import { createAndAwait } from './support/dojo-convergence.ts';
import { round, spread } from './support/percentiles.ts';
import { runsWithinBudget } from './support/runs-within-budget.ts';
import { spawnProbed } from './support/probed-process.ts';
import { ResponsivenessProber } from './support/responsiveness-prober.ts';
import { currentRevision, measureWriteRate } from './support/write-rate.ts';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const dojos = arg('dojos', 1000);
const maxRuns = arg('runs', 3);
const warmup = arg('warmup', 50);
const concurrency = arg('concurrency', 16);
const budgetSeconds = arg('budget-seconds', 60);
const sampleMs = arg('sample-ms', 50);
const namespaceCount = arg('namespaces', 1);
const writeRateSamples = arg('write-rate-samples', 2000);
const measuredNamespaces = namespaceCount === 1 ? ['convergence'] : Array.from({ length: namespaceCount }, (_, i) => `convergence-${i}`);
const timeoutMs = arg('timeout-seconds', 240) * 1000;
const textArg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const apiserverMode = textArg('apiserver') ?? 'thread';
if (apiserverMode !== 'thread' && apiserverMode !== 'in-process') throw new Error(`--apiserver must be thread or in-process, not ${apiserverMode}`);
// `--cpu-prof-dir DIR` / `--heap-prof-dir DIR`: the console process writes a V8 CPU profile /
// sampling heap profile (what is still allocated when it exits) of the whole run there.
const cpuProfDir = textArg('cpu-prof-dir');
const heapProfDir = textArg('heap-prof-dir');
// `--heap-snapshot-dir DIR`: a V8 heap snapshot of each of the console's threads once converged.
const heapSnapshotDir = textArg('heap-snapshot-dir');
const log = (message: string): void => void process.stderr.write(`[convergence] ${message}\n`);
const tunedConsole = fileURLToPath(new URL('./support/tuned-console.ts', import.meta.url));
const sim = { podStartDelay: { minMs: 0, maxMs: 0 }, podReadyDelay: { minMs: 0, maxMs: 0 } };

async function oneRun(index: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dojo-convergence-'));
  const nodeArgs = [
    ...(cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : []),
    ...(heapProfDir ? ['--heap-prof', '--heap-prof-dir', heapProfDir] : []),
  ];
  const server = await spawnProbed(tunedConsole, [dataDir, JSON.stringify(sim), apiserverMode], /tuned-console (\{.*\})\n/, { nodeArgs });
  try {
    const { base, token, kubeconfigPath } = JSON.parse(server.ready[1]!) as { base: string; token: string; kubeconfigPath: string };
    const client = apiClientFromKubeconfig(kubeconfigPath, concurrency);
    for (const ns of ['warm-up', ...measuredNamespaces])
      await client.send('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    const warm = await createAndAwait(client, ['warm-up'], warmup, { concurrency, timeoutMs });
    log(`run ${index}: warm-up ${warm.available}/${warmup} Dojos Available in ${round(warm.totalSeconds, 2)} s (discarded)`);

    const sampler = new ControllerSampler(base, token, sampleMs);
    const rateBefore = await measureWriteRate(client, writeRateSamples, concurrency, 'before');
    const before = await sampler.counts();
    const revisionBefore = await currentRevision(client);
    await server.reset();
    sampler.start();
    const prober = new ResponsivenessProber({ base, token });
    prober.start();
    const measured = await createAndAwait(client, measuredNamespaces, dojos, { concurrency, timeoutMs });
    const responsiveness = await prober.stop();
    const writes = (await currentRevision(client)) - revisionBefore;
    const queues = sampler.stop();
    const probe = await server.read();
    if (heapSnapshotDir) log(`run ${index}: heap snapshots ${(await server.heapSnapshot(heapSnapshotDir)).join(', ')}`);
    const counts = countsBetween(before, await sampler.counts());
    // After a timeout the controllers are still at work: a second sample would measure them
    // too, and the writes a convergence needs are not known yet, so there is no ideal then.
    const rateAfter = measured.converged ? await measureWriteRate(client, writeRateSamples, concurrency, 'after') : undefined;
    const writeRate = { perSecond: rateAfter ? (rateBefore.perSecond + rateAfter.perSecond) / 2 : rateBefore.perSecond };
    const idealSeconds = measured.converged ? writes / writeRate.perSecond : null;
    client.close();
    const run = {
      converged: measured.converged,
      available: measured.available,
      milestones: measured.milestones,
      totalSeconds: round(measured.totalSeconds, 2),
      writes,
      writesPerDojo: round(writes / dojos, 1),
      writeRatePerSecond: Math.round(writeRate.perSecond),
      writeRateSamplesPerSecond: [rateBefore, ...(rateAfter ? [rateAfter] : [])].map((r) => Math.round(r.perSecond)),
      idealSeconds: idealSeconds === null ? null : round(idealSeconds, 2),
      ratioToIdeal: idealSeconds === null ? null : round(measured.totalSeconds / idealSeconds, 2),
      createSeconds: round(measured.createSeconds, 2),
      createsPerSecond: Math.round(dojos / measured.createSeconds),
      reconciles: counts.total.reconciles,
      reconcilesPerSecond: Math.round(counts.total.reconciles / measured.totalSeconds),
      conflicts: counts.total.conflicts,
      errors: counts.total.errors,
      peakTotalQueueDepth: queues.peakTotalDepth,
      peakQueueDepth: queues.peakDepth,
      busyWorkerShare: queues.busyShare,
      queueSamples: queues.samples,
      byController: counts.byController,
      server: {
        peakRssMb: probe.peakRssMb,
        rssAtEndMb: probe.rssMb,
        memoryAtEndMb: probe.memoryMb,
        memoryTimelineMb: probe.timeline,
        eventLoopDelay: probe.eventLoopDelay,
        cpuSeconds: probe.cpuSeconds,
        cpuShare: probe.cpuShare,
      },
      responsiveness,
    };
    log(
      `run ${index}: ${measured.available}/${dojos} Dojos Available in ${run.totalSeconds} s${measured.converged ? '' : ' (timed out)'}; ${run.idealSeconds === null ? `no ideal (${writes} writes so far, ${run.writeRatePerSecond} writes/s before)` : `ideal ${run.idealSeconds} s (${writes} writes at ${run.writeRatePerSecond}/s) → ${run.ratioToIdeal}×`}; ${run.reconcilesPerSecond} reconciles/s, ${run.conflicts} conflicts, peak depth ${run.peakTotalQueueDepth}, peak RSS ${probe.peakRssMb} MB, loop delay p99 ${probe.eventLoopDelay.p99Ms} ms; /healthz p99 ${responsiveness.healthz.p99Ms} ms, page load p50 ${responsiveness.pageLoad.p50Ms} ms, max ${responsiveness.pageLoad.maxMs} ms${responsiveness.uiBuilt ? '' : ' (UI not built: API answers only)'}`,
    );
    return run;
  } finally {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const started = performance.now();
const { runs, notes } = await runsWithinBudget(oneRun, { maxRuns, budgetSeconds, timeoutSeconds: timeoutMs / 1000, dojos }, log);
notes.push(
  `the console runs in its own process (support/tuned-console.ts, i.e. runUp with pod delays 0), its embedded API server ${apiserverMode === 'thread' ? 'on a thread of its own (as dojo-console up runs it)' : "on the console's thread (--apiserver in-process)"}; the load generator and watch run in the benchmark process, on the same machine`,
);
notes.push(
  'responsiveness: /healthz every 100 ms and one UI page load every second (index.html, its scripts and stylesheets, then /api/session, /api/controllers and 100 Dojos through /api/kube), from the benchmark process, over the measured phase',
);
notes.push(
  `ideal = the writes committed while converging (the store's revision delta: every create, update, patch, delete and Event) ÷ the API server's write rate in the same console (mean of ${writeRateSamples} ConfigMap creates from ${concurrency} clients just before and just after); convergence cannot beat it`,
);
notes.push(
  'server RSS, event-loop delay (monitorEventLoopDelay, 10 ms resolution) and CPU are measured inside the console process over the measured phase only',
);
notes.push(
  `reconciles and conflicts count every controller (operator and simulated control plane); queue depth is sampled from GET /api/controllers every ${sampleMs} ms, so shorter peaks can be missed`,
);

const of = (pick: (r: (typeof runs)[number]) => number, digits = 1) => spread(runs.map(pick), digits);
process.stdout.write(
  `${JSON.stringify(
    {
      benchmark: 'convergence',
      machine: { cpus: cpus().length, node: process.version },
      dojos,
      namespaces: namespaceCount,
      apiserver: apiserverMode,
      warmupDojos: warmup,
      createConcurrency: concurrency,
      sim,
      runs: runs.length,
      converged: runs.every((r) => r.converged),
      availableAtEnd: Math.min(...runs.map((r) => r.available)),
      timeoutSeconds: timeoutMs / 1000,
      totalSeconds: of((r) => r.totalSeconds, 2),
      idealSeconds: runs.every((r) => r.idealSeconds !== null) ? of((r) => r.idealSeconds!, 2) : null,
      ratioToIdeal: runs.every((r) => r.ratioToIdeal !== null) ? of((r) => r.ratioToIdeal!, 2) : null,
      writesPerDojo: of((r) => r.writesPerDojo, 1),
      writeRatePerSecond: of((r) => r.writeRatePerSecond, 0),
      reconcilesPerSecond: of((r) => r.reconcilesPerSecond, 0),
      conflicts: of((r) => r.conflicts, 0),
      peakTotalQueueDepth: of((r) => r.peakTotalQueueDepth, 0),
      serverPeakRssMb: of((r) => r.server.peakRssMb, 0),
      // On a shared machine the wall time moves with everyone else's load; the console's own
      // CPU time moves far less, and its share of one core says how much it was given.
      serverCpuSeconds: of((r) => r.server.cpuSeconds, 1),
      serverCpuShare: of((r) => r.server.cpuShare, 2),
      serverEventLoopDelayP99Ms: of((r) => r.server.eventLoopDelay.p99Ms, 1),
      healthzP99Ms: of((r) => r.responsiveness.healthz.p99Ms, 1),
      pageLoadP50Ms: of((r) => r.responsiveness.pageLoad.p50Ms, 1),
      pageLoadMaxMs: of((r) => r.responsiveness.pageLoad.maxMs, 1),
      uiBuilt: runs.every((r) => r.responsiveness.uiBuilt),
      createsPerSecond: of((r) => r.createsPerSecond, 0),
      perRun: runs,
      durationSeconds: round((performance.now() - started) / 1000),
      notes,
    },
    null,
    2,
  )}\n`,
);
