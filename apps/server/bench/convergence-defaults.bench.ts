/**
 * What a person feels (issue 36): the console started exactly as `npm start` starts it
 * (support/npm-start-console.ts: the UI built, then `node --import tsx apps/server/src/cli.ts up`
 * with every default — the simulated Pod delays, the history, the journal, every operator — in a
 * process of its own; only the ports and the data dir differ), `dojos` Dojos created at once,
 * and the time until all of them, and the first 10%, 50%, 90%, are Available. Meanwhile, from a
 * process that does nothing else (support/separate-prober.ts), `/healthz` every 100 ms and the
 * Overview page's load every second (index.html, its assets, and the API calls the page makes:
 * support/overview-page-calls.ts), each call timed as the client waited for it.
 *
 *   node --import tsx apps/server/bench/convergence-defaults.bench.ts [--dojos 1000] [--namespaces 1] [--runs 3] [--warmup 50] [--concurrency 16] [--page-ms 1000] [--skip-build] [--cpu-prof-dir DIR]
 *
 * The console's peak RSS and CPU (all threads, and its main thread alone) are read from outside
 * it (support/outside-probe.ts: /proc), so nothing is loaded into it that `npm start` would not
 * load. Queue depths and reconcile counts come from its `GET /api/controllers`, sampled every
 * `--sample-ms` (default 1000, about what an open Overview's metrics subscription costs it).
 *
 * The ideal beside each figure: writeSeconds + podDelay, where writeSeconds is the writes the
 * convergence committed (the store's revision delta) ÷ the API server's write rate in the same
 * console (mean of `--write-rate-samples` ConfigMap creates just before and just after, as
 * convergence.bench.ts measures it), and podDelay the longest delay the defaults give one Pod
 * (podStartDelay.maxMs + podReadyDelay.maxMs of @dojo/cluster-sim's defaults: 1.5 s + 0.5 s). Pod
 * delays run side by side (the simulated kubelet requeues a Pod after its delay and takes the
 * next), so with nothing but the writes costing time, the last Dojo is Available one Pod delay
 * after the writes; among a thousand Pods one draws close to the longest. For 10%, 50% and 90%,
 * the ideal is that share of writeSeconds + podDelay: the Dojos finished first in the order
 * their writes could be made.
 *
 * If one run takes longer than `--budget-seconds` (default 90), fewer runs are made and the JSON
 * says so; a run that has not converged after `--timeout-seconds` (default 240) is reported as
 * such, with how far it got. `--cpu-prof-dir DIR` gives the console `--cpu-prof` (one profile per
 * thread, written when it stops); `--heap-prof-dir DIR` gives it `--heap-prof` (V8's sampling heap
 * profile of what is still allocated when it stops, by allocating function: what grows with the
 * object count). Prints one JSON document on stdout; progress goes to stderr.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultClusterSimOptions } from '@dojo/cluster-sim';
import { apiClientFromKubeconfig } from './support/api-client.ts';
import { ControllerSampler, countsBetween } from './support/controller-sampler.ts';
import { createAndAwait, milestoneLabel, milestoneShares } from './support/dojo-convergence.ts';
import { buildUi, startNpmStartConsole } from './support/npm-start-console.ts';
import { OutsideProbe } from './support/outside-probe.ts';
import { overviewPageCalls } from './support/overview-page-calls.ts';
import { round, spread } from './support/percentiles.ts';
import { runsWithinBudget } from './support/runs-within-budget.ts';
import { startSeparateProber } from './support/separate-prober.ts';
import { currentRevision, measureWriteRate } from './support/write-rate.ts';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const textArg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const dojos = arg('dojos', 1000);
const namespaceCount = arg('namespaces', 1);
const maxRuns = arg('runs', 3);
const warmup = arg('warmup', 50);
const concurrency = arg('concurrency', 16);
const budgetSeconds = arg('budget-seconds', 90);
const timeoutMs = arg('timeout-seconds', 240) * 1000;
const sampleMs = arg('sample-ms', 1000);
// 0: `/healthz` alone, no page loads (the issue's person measured so); the page's LISTs are load too.
const pageMs = arg('page-ms', 1000);
const writeRateSamples = arg('write-rate-samples', 2000);
const skipBuild = process.argv.includes('--skip-build');
const cpuProfDir = textArg('cpu-prof-dir');
const heapProfDir = textArg('heap-prof-dir');
const measuredNamespaces = namespaceCount === 1 ? ['convergence'] : Array.from({ length: namespaceCount }, (_, i) => `convergence-${i}`);
const { podStartDelay, podReadyDelay } = defaultClusterSimOptions;
const podDelaySeconds = (podStartDelay.maxMs + podReadyDelay.maxMs) / 1000;
const log = (message: string): void => void process.stderr.write(`[convergence-defaults] ${message}\n`);
const load = (): number[] => loadavg().map((l) => round(l, 2));
const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

async function oneRun(index: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dojo-convergence-defaults-'));
  const nodeArgs = [...(cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : []), ...(heapProfDir ? ['--heap-prof', '--heap-prof-dir', heapProfDir] : [])];
  const server = await startNpmStartConsole(dataDir, { nodeArgs });
  try {
    const { base, token } = server;
    const client = apiClientFromKubeconfig(server.kubeconfigPath, concurrency);
    for (const ns of ['warm-up', ...measuredNamespaces])
      await client.send('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    const warm = await createAndAwait(client, ['warm-up'], warmup, { concurrency, timeoutMs });
    log(`run ${index}: warm-up ${warm.available}/${warmup} Dojos Available in ${round(warm.totalSeconds, 2)} s (discarded)`);

    const sampler = new ControllerSampler(base, token, sampleMs);
    const rateBefore = await measureWriteRate(client, writeRateSamples, concurrency, 'before');
    const before = await sampler.counts();
    const revisionBefore = await currentRevision(client);
    const pageApiCalls = await overviewPageCalls(base, token);
    const prober = await startSeparateProber({ base, token, pageApiCalls, pageMs });
    const loadBefore = load();
    const probe = new OutsideProbe(server.pid);
    probe.reset();
    sampler.start();
    const windowStartUs = monotonicUs();
    const measured = await createAndAwait(client, measuredNamespaces, dojos, { concurrency, timeoutMs });
    const monotonicWindowUs = [windowStartUs, monotonicUs()];
    const consoleReading = probe.read();
    probe.stop();
    const loadAfter = load();
    const responsiveness = await prober.stop();
    const queues = sampler.stop();
    const writes = (await currentRevision(client)) - revisionBefore;
    const counts = countsBetween(before, await sampler.counts());
    // After a timeout the controllers are still at work: a second sample would measure them
    // too, and the writes a convergence needs are not known yet, so there is no ideal then.
    const rateAfter = measured.converged ? await measureWriteRate(client, writeRateSamples, concurrency, 'after') : undefined;
    const writeRatePerSecond = rateAfter ? (rateBefore.perSecond + rateAfter.perSecond) / 2 : rateBefore.perSecond;
    const writeSeconds = writes / writeRatePerSecond;
    const idealSeconds = measured.converged ? writeSeconds + podDelaySeconds : null;
    const milestoneIdeals = measured.converged
      ? Object.fromEntries(milestoneShares.map((share) => [milestoneLabel(share), round(share * writeSeconds + podDelaySeconds, 2)]))
      : null;
    client.close();
    const run = {
      consoleCommand: server.command.join(' '),
      converged: measured.converged,
      available: measured.available,
      totalSeconds: round(measured.totalSeconds, 2),
      milestones: measured.milestones,
      idealSeconds: idealSeconds === null ? null : round(idealSeconds, 2),
      ratioToIdeal: idealSeconds === null ? null : round(measured.totalSeconds / idealSeconds, 2),
      milestoneIdeals,
      writes,
      writesPerDojo: round(writes / dojos, 1),
      writeRatePerSecond: Math.round(writeRatePerSecond),
      writeRateSamplesPerSecond: [rateBefore, ...(rateAfter ? [rateAfter] : [])].map((r) => Math.round(r.perSecond)),
      writeSeconds: round(writeSeconds, 2),
      createSeconds: round(measured.createSeconds, 2),
      createsPerSecond: Math.round(dojos / measured.createSeconds),
      reconciles: counts.total.reconciles,
      reconcilesPerSecond: Math.round(counts.total.reconciles / measured.totalSeconds),
      conflicts: counts.total.conflicts,
      errors: counts.total.errors,
      byController: counts.byController,
      peakTotalQueueDepth: queues.peakTotalDepth,
      peakQueueDepth: queues.peakDepth,
      busyWorkerShare: queues.busyShare,
      reconcileMsAtEnd: queues.reconcileMsAtEnd,
      queueTimeline: queues.timeline,
      console: consoleReading,
      responsiveness: { ...responsiveness, pageApiCalls: pageApiCalls.length },
      loadAverage: { before: loadBefore, after: loadAfter },
      // For support/cpu-profile-summary.ts --between: the measured phase on the clock V8's profiles use.
      monotonicWindowUs,
    };
    log(
      `run ${index}: ${measured.available}/${dojos} Dojos Available in ${run.totalSeconds} s${measured.converged ? '' : ' (timed out)'} (${Object.entries(
        measured.milestones,
      )
        .map(([share, at]) => `${share} at ${at} s`)
        .join(
          ', ',
        )}); ideal ${run.idealSeconds ?? '-'} s (${writes} writes at ${run.writeRatePerSecond}/s + ${podDelaySeconds} s Pod delay); console peak RSS ${consoleReading.peakRssMb} MB, CPU ${consoleReading.cpuShare} of a core (main thread ${consoleReading.mainThreadCpuShare}); /healthz p99 ${responsiveness.healthz.p99Ms} ms (max ${responsiveness.healthz.maxMs}), page API p99 ${responsiveness.pageApi.p99Ms} ms (max ${responsiveness.pageApi.maxMs}); load ${loadBefore.join(' ')} → ${loadAfter.join(' ')}`,
    );
    return run;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const started = performance.now();
if (skipBuild) log('--skip-build: serving apps/web/dist as it is');
else {
  log('npm run build --silent (as npm start does)');
  buildUi();
}
const { runs, notes } = await runsWithinBudget(oneRun, { maxRuns, budgetSeconds, timeoutSeconds: timeoutMs / 1000, dojos }, log);
notes.push(
  "the console is `npm start`'s command in a process of its own (every default of `up`, simulated Pod delays included; only --port 0, --apiserver-port 0 and --data-dir differ); the creates and the watch run in the benchmark's process, the responsiveness prober in a third",
);
notes.push(
  `responsiveness, as the client waited: /healthz every 100 ms; ${pageMs > 0 ? `every ${pageMs} ms` : 'NOT (--page-ms 0)'} the Overview page's load: index.html, its scripts and stylesheets, then its ${runs[0]!.responsiveness.pageApiCalls} API calls in parallel (support/overview-page-calls.ts; keep-alive connections, as many as the calls need), each call timed from request to last byte`,
);
notes.push(
  `ideal = writes ÷ write rate + ${podDelaySeconds} s (the longest Pod delay the defaults draw: podStartDelay ${podStartDelay.maxMs} ms + podReadyDelay ${podReadyDelay.maxMs} ms); for 10%/50%/90%, that share of the writes ÷ write rate + the same delay; write rate = mean of ${writeRateSamples} ConfigMap creates from ${concurrency} clients just before and just after`,
);
notes.push(
  "peak RSS is the kernel's high-water mark of the console process over the measured phase (/proc/<pid>/status VmHWM, restarted through clear_refs); CPU from /proc, the main thread's (the console's event loop) apart",
);

const of = (pick: (r: (typeof runs)[number]) => number, digits = 1) => spread(runs.map(pick), digits);
const converged = runs.every((r) => r.converged);
process.stdout.write(
  `${JSON.stringify(
    {
      benchmark: 'convergence-defaults',
      machine: { cpus: cpus().length, node: process.version },
      consoleCommand: runs[0]!.consoleCommand,
      dojos,
      namespaces: namespaceCount,
      warmupDojos: warmup,
      createConcurrency: concurrency,
      podDelay: { podStartDelay, podReadyDelay, idealAddsSeconds: podDelaySeconds },
      runs: runs.length,
      converged,
      availableAtEnd: Math.min(...runs.map((r) => r.available)),
      timeoutSeconds: timeoutMs / 1000,
      totalSeconds: of((r) => r.totalSeconds, 2),
      idealSeconds: converged ? of((r) => r.idealSeconds!, 2) : null,
      ratioToIdeal: converged ? of((r) => r.ratioToIdeal!, 2) : null,
      milestones: Object.fromEntries(
        milestoneShares.map((share) => {
          const label = milestoneLabel(share);
          const reached = runs.filter((r) => r.milestones[label] !== undefined);
          return [label, reached.length === runs.length ? of((r) => r.milestones[label]!, 2) : null];
        }),
      ),
      milestoneIdeals: converged
        ? Object.fromEntries(milestoneShares.map((s) => [milestoneLabel(s), of((r) => r.milestoneIdeals![milestoneLabel(s)]!, 2)]))
        : null,
      writesPerDojo: of((r) => r.writesPerDojo, 1),
      writeRatePerSecond: of((r) => r.writeRatePerSecond, 0),
      reconcilesPerSecond: of((r) => r.reconcilesPerSecond, 0),
      conflicts: of((r) => r.conflicts, 0),
      peakTotalQueueDepth: of((r) => r.peakTotalQueueDepth, 0),
      serverPeakRssMb: of((r) => r.console.peakRssMb, 0),
      serverCpuShare: of((r) => r.console.cpuShare, 2),
      serverMainThreadCpuShare: of((r) => r.console.mainThreadCpuShare, 2),
      healthz: {
        p50Ms: of((r) => r.responsiveness.healthz.p50Ms, 1),
        p99Ms: of((r) => r.responsiveness.healthz.p99Ms, 1),
        maxMs: of((r) => r.responsiveness.healthz.maxMs, 1),
      },
      pageApi: {
        // 0 with --page-ms 0: then no figure below is a measurement.
        samples: of((r) => r.responsiveness.pageApi.count, 0),
        p50Ms: of((r) => r.responsiveness.pageApi.p50Ms, 1),
        p99Ms: of((r) => r.responsiveness.pageApi.p99Ms, 1),
        maxMs: of((r) => r.responsiveness.pageApi.maxMs, 1),
      },
      pageLoad: {
        p50Ms: of((r) => r.responsiveness.pageLoad.p50Ms, 1),
        p99Ms: of((r) => r.responsiveness.pageLoad.p99Ms, 1),
        maxMs: of((r) => r.responsiveness.pageLoad.maxMs, 1),
      },
      responsivenessFailures: of((r) => r.responsiveness.failures, 0),
      uiBuilt: runs.every((r) => r.responsiveness.uiBuilt),
      loadAverage: { firstRunBefore: runs[0]!.loadAverage.before, lastRunAfter: runs.at(-1)!.loadAverage.after },
      perRun: runs,
      durationSeconds: round((performance.now() - started) / 1000),
      notes,
    },
    null,
    2,
  )}\n`,
);
