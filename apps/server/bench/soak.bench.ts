/**
 * Soak: the worst single requests of issue 22 all at once against one console for 30 s
 * (support/hostile-requests.ts: malformed cookies on upgrades, doubling JSON patches, YAML
 * bombs, watches through the HTTP proxy, type confusion, kind changes, oversized bodies, socket
 * floods, a write load for the watches to carry), and issue 35's recording bombs, refused
 * scrape targets (support/hostile-files-and-targets.ts), OTLP spans under ever new
 * controller names, and OTLP requests of the wrong shape, of endless digits or from the year
 * 2262 (support/hostile-feeds.ts).
 *
 *   node --import tsx apps/server/bench/soak.bench.ts [--seconds 30]
 *
 * The console runs in its own process (support/probed-process.ts); its RSS is read every
 * second from inside it. Reported: answers per attack by status, 5xx answers (there must be
 * none), RSS at start, peak and end with the per-second series, whether the process stayed
 * alive and answered /healthz throughout, and its event-loop delay. Prints one JSON document.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileAndTargetAttacks } from './support/hostile-files-and-targets.ts';
import { feedAttacks } from './support/hostile-feeds.ts';
import { attacks as requestAttacks, healthy, prepareTargets, type Console } from './support/hostile-requests.ts';
import { spawnProbed } from './support/probed-process.ts';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 30);
const attacks = { ...requestAttacks, ...fileAndTargetAttacks, ...feedAttacks };
const log = (message: string): void => void process.stderr.write(`[soak] ${message}\n`);
const tuned = fileURLToPath(new URL('./support/tuned-console.ts', import.meta.url));

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-soak-'));
const server = await spawnProbed(tuned, [dataDir], /tuned-console (\{.*\})\n/);
const started = JSON.parse(server.ready[1]!) as { base: string; token: string; otlp?: { endpoint: string; token: string } };
const target: Console = { base: started.base, port: Number(new URL(started.base).port), token: started.token, ...(started.otlp ? { otlp: started.otlp } : {}) };
await prepareTargets(target);
// Let the operators settle first, so the start reading is the console at rest.
await new Promise((r) => setTimeout(r, 3000));
await server.reset();
const startMb = (await server.read()).rssMb;
log(`console on ${target.base}, RSS ${startMb} MB at rest; ${Object.keys(attacks).length} attacks for ${seconds} s`);

const deadline = performance.now() + seconds * 1000;
const counts: Record<string, Record<string, number>> = {};
const loops = Object.entries(attacks).map(async ([name, attack]) => {
  const statuses: Record<string, number> = (counts[name] = {});
  while (performance.now() < deadline) {
    const status = await attack(target).catch(() => 0);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
});

const samples: { second: number; rssMb: number }[] = [];
let unhealthySeconds = 0;
const sampler = (async () => {
  for (let second = 1; performance.now() < deadline; second++) {
    await new Promise((r) => setTimeout(r, 1000));
    if (server.child.exitCode !== null || server.child.signalCode !== null) break;
    samples.push({ second, rssMb: (await server.read()).rssMb });
    if (!(await healthy(target))) unhealthySeconds++;
  }
})();
await Promise.all([...loops, sampler]);

const alive = server.child.exitCode === null && server.child.signalCode === null && (await healthy(target));
// Names an attacker chose: what the answers the Overview polls held at the end, and their size.
const polled = async (path: string) => {
  const res = await fetch(`${target.base}${path}`, { headers: { authorization: `Bearer ${target.token}` } }).catch(() => undefined);
  const text = res?.ok ? await res.text() : '';
  return { bytes: Buffer.byteLength(text), body: text ? (JSON.parse(text) as { controllers?: unknown[]; overflow?: { folded: number } }) : undefined };
};
const traces = alive ? await polled('/api/traces') : undefined;
const names = traces?.body
  ? { tracedControllers: traces.body.controllers?.length ?? 0, folded: traces.body.overflow?.folded ?? 0, tracesBytes: traces.bytes }
  : undefined;
const reading = alive ? await server.read() : undefined;
await server.kill();
rmSync(dataDir, { recursive: true, force: true });

const serverErrors = Object.values(counts).reduce(
  (n, byStatus) =>
    n +
    Object.entries(byStatus)
      .filter(([s]) => Number(s) >= 500)
      .reduce((m, [, c]) => m + c, 0),
  0,
);
const requests = Object.values(counts).reduce((n, byStatus) => n + Object.values(byStatus).reduce((m, c) => m + c, 0), 0);
const rss = samples.map((s) => s.rssMb);
const peakMb = reading?.peakRssMb ?? Math.max(startMb, ...rss);
const endMb = rss.at(-1) ?? startMb;
// Bounded: the second half of the soak does not grow past its first half's peak by more than 10 %.
const half = rss.slice(0, Math.ceil(rss.length / 2));
const firstHalfPeak = Math.max(startMb, ...half);
const bounded = rss.slice(half.length).every((mb) => mb <= firstHalfPeak * 1.1);
const notes = [
  ...(alive ? [] : ['the console process did not survive']),
  ...(serverErrors ? [`${serverErrors} answers were 5xx`] : []),
  ...(unhealthySeconds ? [`/healthz failed in ${unhealthySeconds} of ${samples.length} seconds`] : []),
  ...(bounded ? [] : ['RSS kept growing in the second half']),
];
process.stdout.write(
  `${JSON.stringify(
    {
      seconds,
      alive,
      requests,
      serverErrors,
      unhealthySeconds,
      rss: { startMb, peakMb, endMb, bounded, perSecond: samples },
      eventLoopDelayP99Ms: reading?.eventLoopDelay.p99Ms,
      names,
      attacks: counts,
      notes,
    },
    null,
    2,
  )}\n`,
);
if (notes.length) log(notes.join('; '));
process.exit(0);
