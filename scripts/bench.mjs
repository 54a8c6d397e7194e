// `npm run bench`: every benchmark in turn — the packages' (workqueue, reconcile, API server),
// the whole system's (apps/server/bench: convergence, Dojo -> Available, WebSocket fan-out,
// the hostile-input soak, opening a recording) and
// the browser's (Playwright: create -> row shown, timeline, 10,000 Dojos) — JSON results in bench-results/,
// bench-results/summary.json with the headline figures and the machine, and a table on stdout.
// Each Node benchmark prints one JSON document on stdout (progress on stderr); the Playwright
// ones write test-results/bench/*.json. `npm run bench -- fanout convergence` runs only those.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { findChromium } from './chromium.mjs';
import { withTargets } from './bench-targets.mjs';

const nodeBenches = [
  { name: 'workqueue', file: 'packages/runtime/bench/workqueue.bench.ts' },
  { name: 'reconcile', file: 'packages/runtime/bench/reconcile.bench.ts', nodeArgs: ['--expose-gc'] },
  { name: 'apiserver', file: 'packages/apiserver/bench/apiserver.bench.ts' },
  { name: 'history', file: 'packages/history/bench/history.bench.ts' },
  { name: 'request-journal', file: 'packages/apiserver/bench/request-journal.bench.ts' },
  { name: 'client-controls', file: 'packages/apiserver/bench/client-controls.bench.ts' },
  { name: 'convergence', file: 'apps/server/bench/convergence.bench.ts' },
  // Issue 17's second target: 10,000 Dojos over 10 namespaces in ≤ 200 s, peak RSS ≤ 2.5 GB.
  {
    name: 'convergence-10k',
    file: 'apps/server/bench/convergence.bench.ts',
    args: ['--dojos', '10000', '--namespaces', '10', '--runs', '1', '--timeout-seconds', '400'],
  },
  // Issue 36, what a person feels: the console as `npm start` runs it (default pod delays), measured from outside.
  { name: 'convergence-defaults', file: 'apps/server/bench/convergence-defaults.bench.ts' },
  {
    name: 'convergence-defaults-10k',
    file: 'apps/server/bench/convergence-defaults.bench.ts',
    args: ['--dojos', '10000', '--namespaces', '10', '--runs', '1', '--timeout-seconds', '400'],
  },
  { name: 'dojo-available', file: 'apps/server/bench/available-latency.bench.ts' },
  { name: 'fanout', file: 'apps/server/bench/fanout.bench.ts' },
  { name: 'explain', file: 'apps/server/bench/explain.bench.ts' },
  { name: 'soak', file: 'apps/server/bench/soak.bench.ts' },
  { name: 'recording-open', file: 'apps/server/bench/recording-open.bench.ts' },
  { name: 'otlp-export', file: 'apps/server/bench/otlp-export.bench.ts' },
  // Issue 36: real operators and the API figures against kube-apiserver + etcd (built once into
  // the toolchain cache, as are the operators), the bare embedded server and the console.
  { name: 'against-kube', file: 'apps/server/bench/against-kube.bench.ts' },
];
// One Playwright run (its own console, port and data dir: playwright.bench.config.ts) for all of them.
const browserBenches = [
  { name: 'e2e-latency', output: 'test-results/bench/e2e-latency.json' },
  { name: 'web-timeline', output: 'test-results/bench/web-timeline.json' },
  // Issue 17's UI target: 10,000 Dojos (a console of the spec's own; about 2 min).
  { name: 'web-scale', output: 'test-results/bench/web-scale.json' },
];
const browserSpecs = { 'e2e-latency': 'latency-benchmark', 'web-timeline': 'timeline-benchmark', 'web-scale': 'web-scale-benchmark' };

const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.includes(name);
const log = (message) => process.stderr.write(`${message}\n`);
const started = Date.now();
const results = [];

// ---- one line per benchmark: the headline, and the reference or target it reads against ----

const fmt = (n) => (typeof n === 'number' ? n.toLocaleString('en-US') : String(n));
const spreadText = (s, unit = '') =>
  s.runs.length > 1 ? `${fmt(s.median)}${unit} (${fmt(s.min)}–${fmt(s.max)}, ${s.runs.length} runs)` : `${fmt(s.median)}${unit} (1 run)`;

/** "10% at 14.2 s, 50% at ...": the medians of a convergence's milestones before the last one. */
const milestonesText = (milestones) =>
  Object.entries(milestones)
    .filter(([share]) => share !== '100%')
    .map(([share, at]) => `${share} at ${at ? `${at.median} s` : '—'}`)
    .join(', ');

const headlines = {
  workqueue: (r) => {
    const w = Array.isArray(r) ? r[0] : r;
    return {
      result: `${fmt(w.median)} ${w.unit} (${fmt(w.min)}–${fmt(w.max)}, ${w.runs} runs)`,
      reference: 'target ≥ 1,000,000 cycles/s',
      numbers: { cyclesPerSecond: w.median },
    };
  },
  reconcile: (r) => {
    const one = r.noopReconciler.find((x) => x.workers === 1 && x.telemetry);
    return {
      result: `${fmt(r.objects)} no-op reconciles in ${one.reconcileMs} ms after sync (+${one.syncMs} ms sync), telemetry on/off ${r.telemetryOnOffThroughputRatio.workers1}`,
      reference: 'target < 5 s; telemetry ratio ≥ 0.9',
      numbers: { reconcileMs: one.reconcileMs, syncMs: one.syncMs, telemetryRatio: r.telemetryOnOffThroughputRatio.workers1 },
    };
  },
  apiserver: (r) => ({
    result: `Dojo creates ${fmt(r.creates.perSecond)}/s (p99 ${r.creates.p99Ms} ms), LIST 2,000 ${r.list2000.medianMs} ms, LIST 10,000 ${r.list10000?.medianMs} ms, watch p99 after commit ${r.watch.afterCommitP99Ms} ms, RSS@10k ${r.memory.serverRssMb} MB`,
    reference: `bare Node HTTPS ${fmt(r.reference.perSecond)}/s → ${r.creates.ratioToReference}×`,
    numbers: {
      createsPerSecond: r.creates.perSecond,
      referencePerSecond: r.reference.perSecond,
      ratio: r.creates.ratioToReference,
      list2000Ms: r.list2000.medianMs,
      list10000Ms: r.list10000?.medianMs,
      watchAfterCommitP99Ms: r.watch.afterCommitP99Ms,
      rssMb10k: r.memory.serverRssMb,
    },
  }),
  'request-journal': (r) => ({
    result: `creates ${fmt(r.creates.onPerSecond)}/s with the request journal (and a reader), ${fmt(r.creates.offPerSecond)}/s without → ${r.creates.ratio}×; server CPU per create ${r.creates.onCpuMsPerRequest} vs ${r.creates.offCpuMsPerRequest} ms → ${r.creates.cpuRatio}× (medians of ${r.batches} paired batches); status patches ${r.statusPatches.ratio}× (CPU ${r.statusPatches.cpuRatio}×)`,
    reference: 'target ≥ 0.9× (journal off)',
    numbers: {
      createsOn: r.creates.onPerSecond,
      createsOff: r.creates.offPerSecond,
      ratioCreates: r.creates.ratio,
      cpuRatioCreates: r.creates.cpuRatio,
      ratioStatusPatches: r.statusPatches.ratio,
      cpuRatioStatusPatches: r.statusPatches.cpuRatio,
    },
  }),
  'client-controls': (r) => ({
    result: `creates and reads by a connected client ${fmt(r.requests.onPerSecond)}/s with the per-client controls consulted (none set), ${fmt(r.requests.offPerSecond)}/s without → ${r.requests.ratio}×; server CPU per request ${r.requests.onCpuMsPerRequest} vs ${r.requests.offCpuMsPerRequest} ms → ${r.requests.cpuRatio}× (medians of ${r.batches} paired batches)`,
    reference: 'target ≥ 0.95× (controls off)',
    numbers: { onPerSecond: r.requests.onPerSecond, offPerSecond: r.requests.offPerSecond, ratio: r.requests.ratio, cpuRatio: r.requests.cpuRatio },
  }),
  convergence: (r) => ({
    result: `${r.converged === false ? `NOT CONVERGED: ${fmt(r.availableAtEnd)}/${fmt(r.dojos)} Available after ${r.timeoutSeconds} s` : `${fmt(r.dojos)} Dojos${r.namespaces > 1 ? ` in ${r.namespaces} namespaces` : ''} → Available in ${spreadText(r.totalSeconds, ' s')}`}, ${fmt(r.reconcilesPerSecond.median)} reconciles/s, ${fmt(r.conflicts.median)} conflicts, peak queue ${fmt(r.peakTotalQueueDepth.median)}, RSS ${fmt(r.serverPeakRssMb.median)} MB, loop p99 ${r.serverEventLoopDelayP99Ms.median} ms, console CPU ${r.serverCpuSeconds?.median} s (${r.serverCpuShare?.median} of a core)${r.healthzP99Ms ? `, /healthz p99 ${r.healthzP99Ms.median} ms, page load p50 ${r.pageLoadP50Ms.median} ms (max ${r.pageLoadMaxMs.median} ms${r.uiBuilt ? '' : ', UI not built'})` : ''}`,
    reference: `${r.idealSeconds ? `ideal ${r.idealSeconds.median} s (${r.writesPerDojo.median} writes/Dojo at ${fmt(r.writeRatePerSecond.median)} writes/s) → ${r.ratioToIdeal.median}×` : `no ideal before it converges (API server ${fmt(r.writeRatePerSecond.median)} writes/s)`}; Available: ${
      Object.entries(r.perRun[0].milestones)
        .map(([share, at]) => `${share} at ${at} s`)
        .join(', ') || 'none'
    } (run 1)`,
    numbers: {
      converged: r.converged,
      availableAtEnd: r.availableAtEnd,
      milestonesRun1: r.perRun[0].milestones,
      totalSeconds: r.totalSeconds.median,
      idealSeconds: r.idealSeconds?.median ?? null,
      ratioToIdeal: r.ratioToIdeal?.median ?? null,
      writesPerDojo: r.writesPerDojo.median,
      writeRatePerSecond: r.writeRatePerSecond.median,
      reconcilesPerSecond: r.reconcilesPerSecond.median,
      conflicts: r.conflicts.median,
      peakQueueDepth: r.peakTotalQueueDepth.median,
      serverPeakRssMb: r.serverPeakRssMb.median,
      serverCpuSeconds: r.serverCpuSeconds?.median,
      serverCpuShare: r.serverCpuShare?.median,
      eventLoopDelayP99Ms: r.serverEventLoopDelayP99Ms.median,
      healthzP99Ms: r.healthzP99Ms?.median ?? null,
      pageLoadP50Ms: r.pageLoadP50Ms?.median ?? null,
      pageLoadMaxMs: r.pageLoadMaxMs?.median ?? null,
      runs: r.runs,
    },
  }),
  'convergence-10k': (r) => headlines.convergence(r),
  'convergence-defaults': (r) => ({
    result: `${r.converged === false ? `NOT CONVERGED: ${fmt(r.availableAtEnd)}/${fmt(r.dojos)} Available after ${r.timeoutSeconds} s` : `${fmt(r.dojos)} Dojos${r.namespaces > 1 ? ` in ${r.namespaces} namespaces` : ''} → Available in ${spreadText(r.totalSeconds, ' s')}`} (${milestonesText(r.milestones)}), npm start's defaults; client-side /healthz p50 ${r.healthz.p50Ms.median} / p99 ${r.healthz.p99Ms.median} / max ${r.healthz.maxMs.median} ms, page API p50 ${r.pageApi.p50Ms.median} / p99 ${r.pageApi.p99Ms.median} / max ${r.pageApi.maxMs.median} ms; peak RSS ${fmt(r.serverPeakRssMb.median)} MB, console CPU ${r.serverCpuShare.median} of a core (main thread ${r.serverMainThreadCpuShare.median}); load ${r.loadAverage.firstRunBefore.join(' ')}`,
    reference: r.idealSeconds
      ? `ideal ${r.idealSeconds.median} s (${r.writesPerDojo.median} writes/Dojo at ${fmt(r.writeRatePerSecond.median)} writes/s + ${r.podDelay.idealAddsSeconds} s Pod delay) → ${r.ratioToIdeal.median}×; ideal 10% ${r.milestoneIdeals['10%'].median} s`
      : `no ideal before it converges (API server ${fmt(r.writeRatePerSecond.median)} writes/s)`,
    numbers: {
      converged: r.converged,
      availableAtEnd: r.availableAtEnd,
      totalSeconds: r.totalSeconds.median,
      milestones: Object.fromEntries(Object.entries(r.milestones).map(([share, at]) => [share, at?.median ?? null])),
      idealSeconds: r.idealSeconds?.median ?? null,
      ratioToIdeal: r.ratioToIdeal?.median ?? null,
      healthzP50Ms: r.healthz.p50Ms.median,
      healthzP99Ms: r.healthz.p99Ms.median,
      healthzMaxMs: r.healthz.maxMs.median,
      pageApiP50Ms: r.pageApi.p50Ms.median,
      pageApiP99Ms: r.pageApi.p99Ms.median,
      pageApiMaxMs: r.pageApi.maxMs.median,
      serverPeakRssMb: r.serverPeakRssMb.median,
      serverCpuShare: r.serverCpuShare.median,
      serverMainThreadCpuShare: r.serverMainThreadCpuShare.median,
      loadAverage: r.loadAverage,
      runs: r.runs,
    },
  }),
  'convergence-defaults-10k': (r) => headlines['convergence-defaults'](r),
  'dojo-available': (r) => ({
    result: `create → Available overhead beyond the pod delay p50 ${r.overhead.p50Ms} ms, p99 ${r.overhead.p99Ms} ms (total p50 ${fmt(Math.round(r.createToAvailable.p50Ms))} ms)`,
    reference: `simulated pod delay p50 ${fmt(r.simulatedPodDelay.p50Ms)} ms`,
    numbers: { overheadP50Ms: r.overhead.p50Ms, overheadP99Ms: r.overhead.p99Ms, totalP50Ms: r.createToAvailable.p50Ms, totalP99Ms: r.createToAvailable.p99Ms },
  }),
  history: (r) => ({
    result: `${fmt(r.records)} telemetry records: append ${r.appendNsPerRecord} ns each, event loop ${r.flushMs.p50} ms (p99 ${r.flushMs.p99}) per ${fmt(r.batch)}-record flush, write thread ${fmt(r.writeRecordsPerSecond)} records/s, one object's history in ${r.objectQueryMs.p50} ms`,
    reference: 'flush p50 well under the 250 ms flush interval; write thread ≥ 10,000 records/s',
    numbers: {
      appendNs: r.appendNsPerRecord,
      flushP50Ms: r.flushMs.p50,
      flushP99Ms: r.flushMs.p99,
      writeRecordsPerSecond: r.writeRecordsPerSecond,
      objectQueryP50Ms: r.objectQueryMs.p50,
    },
  }),
  fanout: (r) => ({
    result: `${r.clients} clients, ${fmt(r.console.writesPerSecond.median)}/${fmt(r.targetWritesPerSecond)} events/s: delivery p99 ${spreadText(r.console.deliveryP99Ms, ' ms')}, server loop p99 ${r.console.serverEventLoopDelayP99Ms.median} ms`,
    reference: `bare HTTPS+ws p99 ${r.reference.deliveryP99Ms.median} ms at ${fmt(r.reference.writesPerSecond.median)}/s → ${r.ratio.deliveryP99ToReference}×`,
    numbers: {
      eventsPerSecond: r.console.writesPerSecond.median,
      deliveryP50Ms: r.console.deliveryP50Ms.median,
      deliveryP99Ms: r.console.deliveryP99Ms.median,
      serverEventLoopDelayP99Ms: r.console.serverEventLoopDelayP99Ms.median,
      referenceDeliveryP99Ms: r.reference.deliveryP99Ms.median,
      referenceEventsPerSecond: r.reference.writesPerSecond.median,
      ratioP99: r.ratio.deliveryP99ToReference,
    },
  }),
  explain: (r) => ({
    result: `${fmt(r.objectsInCluster)} objects: explain p50 ${Math.max(...Object.values(r.explain).map((e) => e.latency.p50Ms))} ms, slowest ${r.slowestExplainMs} ms (worst of ${Object.keys(r.explain).length} objects); hints for ${fmt(r.hints['every ConfigMap'].objects)} ConfigMaps p50 ${r.hints['every ConfigMap'].latency.p50Ms} ms; field history p50 ${r.fieldHistory.latency.p50Ms} ms`,
    reference: `target < ${fmt(r.targetMs)} ms per explanation${r.withinTarget ? '' : ' — MISSED'}`,
    numbers: {
      objects: r.objectsInCluster,
      slowestExplainMs: r.slowestExplainMs,
      withinTarget: r.withinTarget,
      hintsConfigMapsP50Ms: r.hints['every ConfigMap'].latency.p50Ms,
      fieldHistoryP50Ms: r.fieldHistory.latency.p50Ms,
    },
  }),
  soak: (r) => ({
    result: `${r.seconds} s of ${Object.keys(r.attacks).length} hostile request kinds (${fmt(r.requests)} requests): ${r.serverErrors} 5xx, RSS ${r.rss.startMb} → peak ${r.rss.peakMb} → end ${r.rss.endMb} MB${r.rss.bounded ? ' (bounded)' : ' (GROWING)'}, ${r.alive ? 'alive' : 'DIED'}`,
    reference: 'target: alive, 0 5xx, RSS bounded',
    numbers: {
      alive: r.alive,
      requests: r.requests,
      serverErrors: r.serverErrors,
      startMb: r.rss.startMb,
      peakMb: r.rss.peakMb,
      endMb: r.rss.endMb,
      bounded: r.rss.bounded,
    },
  }),
  'otlp-export': (r) => ({
    result: `per reconcile (3 spans): ${r.off.appendUsPerReconcile} µs in the journal's appends without export, ${r.receiver.appendUsPerReconcile} µs exporting, ${r['receiver-down'].appendUsPerReconcile} µs with the receiver down; process CPU ${r.off.cpuUsPerReconcile} / ${r.receiver.cpuUsPerReconcile} / ${r['receiver-down'].cpuUsPerReconcile} µs`,
    reference: `no export in the same run → appends ${r.appendRatio.receiver}× (down ${r.appendRatio.receiverDown}×), CPU ${r.cpuRatio.receiver}× (down ${r.cpuRatio.receiverDown}×)`,
    numbers: {
      appendUsOff: r.off.appendUsPerReconcile,
      appendUsExport: r.receiver.appendUsPerReconcile,
      appendUsDown: r['receiver-down'].appendUsPerReconcile,
      cpuUsOff: r.off.cpuUsPerReconcile,
      cpuUsExport: r.receiver.cpuUsPerReconcile,
      cpuUsDown: r['receiver-down'].cpuUsPerReconcile,
    },
  }),
  'against-kube': (r) => {
    const seconds = (s) => (s === null || s === undefined ? 'not converged' : `${s} s`);
    const operators = Object.entries(r.convergence).map(
      ([name, c]) =>
        `${name} ${fmt(c.objects)} objects: kube-apiserver ${seconds(c.seconds['kube-apiserver'])}, embedded ${seconds(c.seconds.embedded)}, console ${seconds(c.seconds.console)}`,
    );
    const ratios = Object.entries(r.convergence).map(
      ([name, c]) =>
        `${name} embedded ÷ kube-apiserver ${c.embeddedToKube}× (CPU ${c.cpuEmbeddedToKube}×), console ÷ embedded ${c.consoleToEmbedded}× (CPU ${c.cpuConsoleToEmbedded}×)`,
    );
    const api = r.api;
    const kube = api?.['kube-apiserver'];
    const embedded = api?.embedded;
    return {
      result: `${operators.join('; ')}${
        kube && embedded
          ? `; creates kube-apiserver ${fmt(kube.creates.perSecond)}/s, embedded ${fmt(embedded.creates.perSecond)}/s; LIST of ${fmt(embedded.list10000.items)} ${kube.list10000.medianMs} / ${embedded.list10000.medianMs} ms; watch p99 after commit ${kube.watch.afterCommitP99Ms} / ${embedded.watch.afterCommitP99Ms} ms`
          : ''
      } (load ${r.loadAverage.start[0]})`,
      reference: `${ratios.join('; ')}${
        api
          ? `; embedded ÷ kube-apiserver: creates/s ${api.ratios.creates.embeddedToKube}×, LIST time ${api.ratios.list10000.embeddedToKube}×, watch p99 ${api.ratios.watchAfterCommitP99.embeddedToKube}×; creates/s ÷ bare echo ${fmt(api.reference.perSecond)}/s: creates kube-apiserver ${api.ratios.creates.kubeToEcho}×, embedded ${api.ratios.creates.embeddedToEcho}×`
          : ''
      }`,
      numbers: {
        convergence: r.convergence,
        ...(api
          ? {
              createsPerSecond: { kube: kube?.creates.perSecond, embedded: embedded?.creates.perSecond, echo: api.reference.perSecond },
              list10000Ms: { kube: kube?.list10000.medianMs, embedded: embedded?.list10000.medianMs },
              watchAfterCommitP99Ms: { kube: kube?.watch.afterCommitP99Ms, embedded: embedded?.watch.afterCommitP99Ms },
              apiRatios: api.ratios,
            }
          : {}),
        loadAverage: r.loadAverage,
      },
    };
  },
  'recording-open': (r) => ({
    result: `a recording of ${fmt(r.reconciles)} reconciles (${r.fileMb} MB) opens in ${spreadText(r.openMs, ' ms')}, first views answered at ${fmt(r.firstViewsMs.median)} ms`,
    reference: `target < ${fmt(r.targetMs)} ms`,
    numbers: { reconciles: r.reconciles, fileMb: r.fileMb, openMs: r.openMs.median, firstViewsMs: r.firstViewsMs.median },
  }),
  'e2e-latency': (r) => ({
    result: `kubectl create → row painted p50 ${r.createToRowPainted.p50Ms} ms, p99 ${r.createToRowPainted.p99Ms} ms (${r.samples} Dojos)`,
    reference: 'no reference',
    numbers: { p50Ms: r.createToRowPainted.p50Ms, p99Ms: r.createToRowPainted.p99Ms },
  }),
  'web-timeline': (r) => ({
    result: `100k spans pan+zoom p95 frame ${r.panZoom.p95FrameMs.toFixed(1)} ms; 1,000 events/s ingest main thread ${(r.liveIngest.mainThreadBusy * 100).toFixed(1)}% busy`,
    reference: 'target p95 < 16.7 ms; busy < 50%',
    numbers: { panZoomP95FrameMs: r.panZoom.p95FrameMs, ingestMainThreadBusy: r.liveIngest.mainThreadBusy },
  }),
  'web-scale': (r) => {
    const t = r.targets;
    const missed = Object.entries(t)
      .filter(([, v]) => typeof v === 'object' && !v.met)
      .map(([k]) => k);
    return {
      result: `${fmt(r.dojos)} Dojos: list first row ${fmt(t.listFirstRow.figure)} ms (paint ${fmt(t.listFirstPaint.figure)}), Overview first row ${fmt(t.overviewFirstRow.figure)} ms, scroll p95 list ${t.listScrollP95.figure} / Overview ${t.overviewScrollP95.figure} ms, tab ${fmt(t.tabMemoryPrivate.figure)} MB private (RSS ${fmt(t.tabRssBeside)}); Workqueue of ${fmt(r.dojos)} keys first row ${fmt(t.workqueueFirstRow.figure)} ms, idle p95 ${t.workqueueIdleP95.figure} ms, scroll p95 ${t.workqueueScrollP95.figure} ms (load ${r.loadAverage.beforeMeasuring[0]})`,
      reference: `targets ≤ 1,500 ms, p95 ≤ 16.7 ms, ≤ 400 MB${missed.length ? ` — MISSED: ${missed.join(', ')}` : ' — all met'}; ${r.reference.dojos} Dojos → list first row ${r.ratioToReference.listFirstRow}×, tab memory ${r.ratioToReference.tabPrivate}×`,
      numbers: {
        ...Object.fromEntries(Object.entries(t).map(([k, v]) => [k, typeof v === 'object' ? v.figure : v])),
        missed,
        ratioToReference: r.ratioToReference,
        loadAverage: r.loadAverage.beforeMeasuring,
      },
    };
  },
};

mkdirSync('bench-results', { recursive: true });

function record(name, wallSeconds, result, error) {
  if (result && !Array.isArray(result)) result.wallSeconds ??= wallSeconds;
  if (result) writeFileSync(`bench-results/${name}.json`, `${JSON.stringify(result, null, 2)}\n`);
  let headline;
  try {
    headline = result ? withTargets(name, result, headlines[name]?.(result)) : undefined;
  } catch (err) {
    headline = { result: `(could not summarize: ${err.message})` };
  }
  results.push({ name, status: error ? 'FAILED' : 'ok', wallSeconds, error, ...(headline ?? { result: result ? JSON.stringify(result).slice(0, 120) : '' }) });
}

function parseOutput(text) {
  try {
    return JSON.parse(text);
  } catch {
    // The workqueue bench prints one JSON object per line.
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  }
}

for (const bench of nodeBenches.filter((b) => wanted(b.name))) {
  if (!existsSync(bench.file)) continue;
  log(`\n=== ${bench.name}: ${bench.file}`);
  const t = Date.now();
  const run = spawnSync(process.execPath, [...(bench.nodeArgs ?? []), '--import', 'tsx', bench.file, ...(bench.args ?? [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallSeconds = Math.round((Date.now() - t) / 100) / 10;
  log(`=== ${bench.name}: exit ${run.status ?? run.signal} in ${wallSeconds} s`);
  if (run.status !== 0) {
    record(bench.name, wallSeconds, undefined, `exit ${run.status ?? run.signal}`);
    continue;
  }
  try {
    record(bench.name, wallSeconds, parseOutput(run.stdout.trim()));
  } catch (err) {
    record(bench.name, wallSeconds, undefined, `unreadable output: ${err.message}`);
  }
}

const browser = browserBenches.filter((b) => wanted(b.name));
if (browser.length) await runBrowserBenches(browser);

async function runBrowserBenches(benches) {
  const t = Date.now();
  const fail = (error) => benches.forEach((b) => record(b.name, Math.round((Date.now() - t) / 100) / 10, undefined, error));
  log('\n=== web build (the console serves apps/web/dist)');
  if (spawnSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 2, 'inherit'] }).status !== 0) return fail('web build failed');
  log(`=== web build: done in ${Math.round((Date.now() - t) / 1000)} s`);
  let chromium;
  try {
    chromium = await findChromium();
  } catch (err) {
    return fail(err.message.split('\n')[0]);
  }
  for (const b of benches) rmSync(b.output, { force: true });
  const dataDir = 'test-results/bench-e2e-data';
  rmSync(dataDir, { recursive: true, force: true });
  const specs = benches.map((b) => browserSpecs[b.name]);
  log(`\n=== browser: npx playwright test -c playwright.bench.config.ts ${specs.join(' ')}`);
  const played = Date.now();
  const run = spawnSync('npx', ['playwright', 'test', '-c', 'playwright.bench.config.ts', '--reporter=list', ...specs], {
    // Playwright's report goes to stderr: stdout is the table.
    stdio: ['ignore', 2, 'inherit'],
    env: { ...process.env, DOJO_BENCH: '1', PLAYWRIGHT_CHROMIUM_PATH: chromium, E2E_PORT: process.env.E2E_BENCH_PORT ?? '18090', E2E_DATA_DIR: dataDir },
  });
  const wallSeconds = Math.round((Date.now() - played) / 100) / 10;
  log(`=== browser: exit ${run.status ?? run.signal} in ${wallSeconds} s (${specs.length} specs)`);
  for (const b of benches) {
    if (!existsSync(b.output)) record(b.name, wallSeconds, undefined, `no ${b.output} (playwright exit ${run.status ?? run.signal})`);
    else record(b.name, wallSeconds, JSON.parse(readFileSync(b.output, 'utf8')));
  }
}

const totalSeconds = Math.round((Date.now() - started) / 1000);
const date = new Date().toISOString();
const summaryPath = 'bench-results/summary.json';
// A partial run (`npm run bench -- fanout`) updates its entries and keeps the others.
const previous = only.length && existsSync(summaryPath) ? JSON.parse(readFileSync(summaryPath, 'utf8')).benchmarks : {};
writeFileSync(
  summaryPath,
  `${JSON.stringify(
    {
      date,
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        memoryGb: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        platform: process.platform,
        loadAverageAtEnd: loadavg().map((l) => Math.round(l * 100) / 100),
      },
      totalSeconds,
      ...(only.length ? { partialRun: only } : {}),
      benchmarks: {
        ...previous,
        ...Object.fromEntries(
          results.map((r) => [
            r.name,
            {
              date,
              status: r.status,
              wallSeconds: r.wallSeconds,
              ...(r.error ? { error: r.error } : {}),
              result: r.result,
              reference: r.reference,
              numbers: r.numbers,
            },
          ]),
        ),
      },
    },
    null,
    2,
  )}\n`,
);

const width = Math.max(...results.map((r) => r.name.length), 9);
console.log(`\n${'benchmark'.padEnd(width)}  status  time     result  |  reference / ratio`);
for (const r of results) {
  const time = `${Math.round(r.wallSeconds)} s`.padEnd(7);
  console.log(`${r.name.padEnd(width)}  ${r.status.padEnd(6)}  ${time}  ${r.error ?? r.result}${r.reference ? `  |  ${r.reference}` : ''}`);
}
console.log(
  `\ntotal ${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s on ${cpus().length} CPUs, Node ${process.version}; JSON in bench-results/ (summary.json has the headlines)`,
);
process.exit(results.some((r) => r.status !== 'ok') ? 1 : 0);
