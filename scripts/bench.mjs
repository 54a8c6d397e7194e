// `npm run bench`: every package benchmark in turn, JSON results in bench-results/, and a short
// table on stdout. Each benchmark prints one JSON document on stdout (progress on stderr).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';

const benches = [
  { name: 'workqueue', file: 'packages/runtime/bench/workqueue.bench.ts' },
  { name: 'reconcile', file: 'packages/runtime/bench/reconcile.bench.ts', nodeArgs: ['--expose-gc'] },
  { name: 'apiserver', file: 'packages/apiserver/bench/apiserver.bench.ts' },
];

mkdirSync('bench-results', { recursive: true });
const rows = [];
let failed = 0;
for (const bench of benches) {
  if (!existsSync(bench.file)) continue;
  console.error(`\n=== ${bench.name}: ${bench.file}`);
  const run = spawnSync(process.execPath, [...(bench.nodeArgs ?? []), '--import', 'tsx', bench.file], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) {
    failed++;
    rows.push([bench.name, 'FAILED', `exit ${run.status}`]);
    continue;
  }
  const text = run.stdout.trim();
  writeFileSync(`bench-results/${bench.name}.json`, text + '\n');
  let result;
  try {
    result = JSON.parse(text);
  } catch {
    // Some benches print one JSON object per line.
    result = text.split('\n').map((l) => JSON.parse(l));
  }
  rows.push([bench.name, 'ok', summarize(result)]);
}

function summarize(result) {
  if (Array.isArray(result)) return result.map((r) => `${r.name}: ${r.median} ${r.unit}`).join('; ');
  if (result.benchmark === 'apiserver') {
    return `creates ${result.creates.perSecond}/s (${result.creates.ratioToReference}x of bare HTTPS ${result.reference.perSecond}/s), LIST 2000 ${result.list2000.medianMs} ms, watch p99 ${result.watch.p99Ms} ms, RSS@10k ${result.memory.serverRssMb} MB`;
  }
  if (result.median !== undefined) return `${result.name}: ${result.median} ${result.unit}`;
  return JSON.stringify(result).slice(0, 160);
}

console.log('\nbenchmark   status  result');
for (const [name, status, summary] of rows) console.log(`${name.padEnd(11)} ${status.padEnd(7)} ${summary}`);
process.exit(failed ? 1 : 0);
