/**
 * `npm run bench -- against-kube` (or `node --import tsx apps/server/bench/against-kube.bench.ts`):
 * issue 36's "against the real API server", in one run. Three targets, each started fresh in a
 * process of its own (support/kube-targets.ts): kube-apiserver 1.37 + etcd (the oracle), the
 * embedded API server bare, and the whole console with an operator connected to it.
 *
 * 1. Real operators, unmodified (support/external-operators.ts: kube-rs' ConfigMap generator and
 *    k8s.io/sample-controller), each reconciling N objects created at once against each target,
 *    one target at a time: convergence time, and the ratios embedded ÷ kube-apiserver (target
 *    ≤ 1.0×) and console ÷ embedded (target ≤ 1.1×: observation nearly free).
 * 2. Dojo creates/s, LIST of 10,000 Dojos and watch delivery p99 measured as apiserver.bench.ts
 *    measures them, against kube-apiserver and the embedded server, as ratios to kube-apiserver
 *    and to the bare Node HTTPS echo measured in the same run.
 *
 * One JSON document on stdout, progress on stderr; the load average is recorded around each part.
 * Flags (smaller sizes for a smoke run): --objects N (1000), --objects-of OPERATOR=N (repeatable:
 * one operator's own count), --creates N (5000), --list-objects N (10000), --echo-requests N
 * (10000), --operators a,b, --targets a,b, --skip-api, --timeout-seconds N (300),
 * --node-arg ARG (repeatable: a Node flag for the embedded server's and the console's processes,
 * e.g. `--cpu-prof --cpu-prof-dir=DIR`, one profile per thread, written when each stops).
 *
 * sample-controller, unmodified, uses client-go's default client-side limit (rest.Config QPS 5,
 * burst 10: it sets neither), so its convergence is bounded by its own client near 5 requests a
 * second on any server; the target CPU each run cost (`targetCpuSeconds`) is the server-side
 * figure that still tells the servers apart there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { medianReferenceEcho } from '../../../packages/apiserver/bench/echo-reference.ts';
import { measureApiFigures, type ApiFigures } from './support/api-figures.ts';
import { externalOperators } from './support/external-operators.ts';
import { kubeTargets, type KubeTargetName } from './support/kube-targets.ts';
import { measureOperatorConvergence, type ConvergenceRun } from './support/operator-convergence.ts';
import { round } from './support/percentiles.ts';

const { values: flags } = parseArgs({
  options: {
    objects: { type: 'string', default: '1000' },
    'objects-of': { type: 'string', multiple: true, default: [] },
    creates: { type: 'string', default: '5000' },
    'list-objects': { type: 'string', default: '10000' },
    'echo-requests': { type: 'string', default: '10000' },
    operators: { type: 'string', default: Object.keys(externalOperators).join(',') },
    targets: { type: 'string', default: Object.keys(kubeTargets).join(',') },
    'skip-api': { type: 'boolean', default: false },
    'node-arg': { type: 'string', multiple: true, default: [] },
    'timeout-seconds': { type: 'string', default: '300' },
  },
});
const log = (message: string) => process.stderr.write(`[against-kube] ${message}\n`);
const load = () => loadavg().map((l) => round(l, 2));
const targetNames = flags.targets.split(',') as KubeTargetName[];
const operatorNames = flags.operators.split(',');
for (const name of targetNames) if (!kubeTargets[name]) throw new Error(`--targets: unknown "${name}" (known: ${Object.keys(kubeTargets).join(', ')})`);
for (const name of operatorNames)
  if (!externalOperators[name]) throw new Error(`--operators: unknown "${name}" (known: ${Object.keys(externalOperators).join(', ')})`);
const objectsOf = Object.fromEntries(
  operatorNames.map((name) => [name, Number(flags['objects-of'].find((o) => o.startsWith(`${name}=`))?.split('=')[1] ?? flags.objects)]),
);
const ratio = (a: number | null | undefined, b: number | null | undefined) => (a && b ? round(a / b, 2) : null);

// Built (or found in the toolchain cache) before anything is timed.
const binaries: Record<string, string> = {};
for (const name of operatorNames) {
  log(`building or finding ${name}`);
  binaries[name] = await externalOperators[name]!.build();
}

const loadAverage: Record<string, number[]> = { start: load() };
const notes: string[] = [];

// ---- 2. API server figures: the echo, kube-apiserver, the embedded server ----
let api: { reference: Awaited<ReturnType<typeof medianReferenceEcho>>; figures: Partial<Record<KubeTargetName, ApiFigures>> } | undefined;
if (!flags['skip-api']) {
  const dir = mkdtempSync(join(tmpdir(), 'against-kube-echo-'));
  log('reference: bare Node HTTPS echo (3 runs, median)');
  const reference = await medianReferenceEcho(dir, 16, Number(flags['echo-requests']));
  rmSync(dir, { recursive: true, force: true });
  const figures: Partial<Record<KubeTargetName, ApiFigures>> = {};
  for (const name of targetNames.filter((n) => n !== 'console')) {
    const target = await kubeTargets[name]({ nodeArgs: flags['node-arg'] });
    try {
      figures[name] = await measureApiFigures(target, Number(flags.creates), Number(flags['list-objects']), log);
    } finally {
      await target.stop();
    }
  }
  api = { reference, figures };
  loadAverage.afterApiFigures = load();
}

// ---- 1. Operators: each target fresh, every operator against it, one after the other ----
const runs: ConvergenceRun[] = [];
for (const name of targetNames) {
  log(`${name}: starting`);
  const target = await kubeTargets[name]({ nodeArgs: flags['node-arg'] });
  try {
    for (const operatorName of operatorNames) {
      log(`${name}: ${operatorName} reconciling ${objectsOf[operatorName]} objects`);
      const run = await measureOperatorConvergence(
        target,
        externalOperators[operatorName]!,
        binaries[operatorName]!,
        objectsOf[operatorName]!,
        Number(flags['timeout-seconds']) * 1000,
      );
      log(`${name}: ${JSON.stringify({ ...run, watches: undefined, operatorLogTail: undefined })}`);
      if (!run.converged)
        notes.push(
          `${operatorName} did not converge on ${name}: ${run.reconciledAtEnd}/${run.objects} after ${flags['timeout-seconds']} s; ${run.notConverged?.why ?? ''}`,
        );
      runs.push(run);
    }
  } finally {
    await target.stop();
  }
  loadAverage[`after-${name}`] = load();
}

const runOf = (target: KubeTargetName, operator: string) => runs.find((r) => r.target === target && r.operator === operator);
const convergence = Object.fromEntries(
  operatorNames.map((operator) => {
    const seconds = Object.fromEntries(targetNames.map((t) => [t, runOf(t, operator)?.seconds ?? null]));
    const cpu = Object.fromEntries(targetNames.map((t) => [t, runOf(t, operator)?.targetCpuSeconds ?? null]));
    return [
      operator,
      {
        objects: objectsOf[operator],
        seconds,
        targetCpuSeconds: cpu,
        cpuEmbeddedToKube: ratio(cpu.embedded, cpu['kube-apiserver']),
        cpuConsoleToEmbedded: ratio(cpu.console, cpu.embedded),
        embeddedToKube: ratio(seconds.embedded, seconds['kube-apiserver']),
        consoleToEmbedded: ratio(seconds.console, seconds.embedded),
        consoleToKube: ratio(seconds.console, seconds['kube-apiserver']),
      },
    ];
  }),
);

const apiRatios = api && {
  creates: {
    kubeToEcho: ratio(api.figures['kube-apiserver']?.creates.perSecond, api.reference.perSecond),
    embeddedToEcho: ratio(api.figures.embedded?.creates.perSecond, api.reference.perSecond),
    embeddedToKube: ratio(api.figures.embedded?.creates.perSecond, api.figures['kube-apiserver']?.creates.perSecond),
  },
  list10000: { embeddedToKube: ratio(api.figures.embedded?.list10000.medianMs, api.figures['kube-apiserver']?.list10000.medianMs) },
  watchAfterCommitP99: { embeddedToKube: ratio(api.figures.embedded?.watch.afterCommitP99Ms, api.figures['kube-apiserver']?.watch.afterCommitP99Ms) },
};

process.stdout.write(
  `${JSON.stringify(
    {
      benchmark: 'against-kube',
      objectsOf,
      operators: operatorNames,
      targets: targetNames,
      convergence,
      runs,
      ...(api ? { api: { reference: api.reference, ...api.figures, ratios: apiRatios } } : {}),
      loadAverage,
      notes,
    },
    null,
    2,
  )}\n`,
);
