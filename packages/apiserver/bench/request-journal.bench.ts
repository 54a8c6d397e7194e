/**
 * `npm run bench -- request-journal`: what journaling every request costs the API server.
 * The same server (`dojo-console apiserver`) with `--request-journal on` — and a follower
 * reading `/debug/requests`, as the console always does — against `--request-journal off`:
 * Dojo creates/s and status patches/s at 16 clients (patches are where the changed field paths
 * are worked out), with one informer-like watch of every Dojo open on both (its events are
 * journaled too). Both servers run side by side and take turns, batch by batch
 * (paired-servers.ts); the median of the pairs' ratios, in throughput and in server CPU per
 * request, is reported.
 * Prints one JSON document on stdout; progress goes to stderr.
 *
 * Target: creates with the journal on ≥ 0.9× creates with it off.
 */
import { runLoad, send, type LoadResult } from './load.ts';
import { createBatch, follow, log, pairs, startBenchServer, summarizePairs, dojo, dojosPath, type BenchServer } from './paired-servers.ts';

const clients = 16;
const batches = 10;
const batch = 1000;

interface Server extends BenchServer {
  follower?: { lines: () => number; stop: () => void };
}

async function startMode(journal: 'on' | 'off'): Promise<Server> {
  const server: Server = await startBenchServer(`journal-${journal}`, ['--request-journal', journal]);
  const { target } = server;
  const follower = journal === 'on' ? follow(target, '/debug/requests') : undefined;
  // An informer's watch, as on every real cluster: with the journal on, each event it receives is journaled too.
  const informer = follow(target, '/apis/core.jutsu.com/v1/dojos?watch=true&allowWatchBookmarks=true');
  await runLoad(clients, 2000, async (i) => (await send(target, 'POST', dojosPath, dojo(`warm-${i}`))).status === 201);
  const stop = server.stop;
  server.stop = () => {
    follower?.stop();
    informer.stop();
    stop();
  };
  if (follower) server.follower = follower;
  return server;
}

function patchBatch(server: Server): Promise<LoadResult> {
  return runLoad(clients, batch, async (i) => {
    const body = { status: { readyStatus: `${i % 3}/3`, observedGeneration: i } };
    return (await send(server.target, 'PATCH', `${dojosPath}/d-${i % server.created}/status`, body, 'application/merge-patch+json')).status === 200;
  });
}

async function main(): Promise<void> {
  // Both servers live side by side (one idles while the other works), and the two modes take
  // turns batch by batch: on a shared machine whose load drifts, each pair sees the same load.
  const on = await startMode('on');
  const off = await startMode('off');
  try {
    log(`creates: ${batches} pairs of ${batch}`);
    const createPairs = await pairs(on, off, batches, (server) => createBatch(server, clients, batch));
    log(JSON.stringify(createPairs));
    log(`status patches: ${batches} pairs of ${batch}`);
    const patchPairs = await pairs(on, off, batches, patchBatch);
    log(JSON.stringify(patchPairs));
    await new Promise((r) => setTimeout(r, 300));
    const linesRead = on.follower?.lines() ?? 0;
    const createSummary = summarizePairs(createPairs);
    const patchSummary = summarizePairs(patchPairs);
    process.stdout.write(
      `${JSON.stringify(
        {
          benchmark: 'request-journal',
          machine: {
            cpus: (await import('node:os')).cpus().length,
            node: process.version,
            loadAverage: (await import('node:os')).loadavg().map((l) => Math.round(l * 100) / 100),
          },
          clients,
          batch,
          batches,
          journalLinesRead: linesRead,
          creates: createSummary,
          statusPatches: patchSummary,
          targets: { createsWithJournalAtLeast90Percent: createSummary.ratio >= 0.9, createsCpuRatioAtLeast90Percent: createSummary.cpuRatio >= 0.9 },
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    on.stop();
    off.stop();
  }
}

await main();
