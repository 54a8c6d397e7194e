/**
 * `npm run bench -- client-controls`: what the per-client controls (pause, breakpoints, stale
 * views, request faults: docs/client-controls.md) cost a client that has none — issue 31's
 * "nothing measurable when unused". The same server (`dojo-console apiserver`) with
 * `--client-controls on` (as it always runs: every request asks whether its client has
 * controls) against `--client-controls off` (requests never ask: the path before the controls
 * existed). On both, a connected client of its own (`dojo-console connect`'s credential, so the
 * lookups are a real client's) creates Dojos and reads them back at 16 clients, with an
 * informer-like watch of every Dojo open (each event passes the watch's gate check). The two
 * servers take turns batch by batch (paired-servers.ts); the median of the pairs' ratios, in
 * throughput and in server CPU per request, is reported.
 * Prints one JSON document on stdout; progress goes to stderr.
 *
 * Target: creates and reads with the controls ≥ 0.95× without them (server CPU per request).
 */
import { cpus, loadavg } from 'node:os';
import { connectClient, tokenOf } from '../src/clients/client-kubeconfigs.ts';
import { newTarget, runLoad, send, type LoadResult } from './load.ts';
import { dojo, dojosPath, follow, log, pairs, startBenchServer, summarizePairs, type BenchServer } from './paired-servers.ts';

const clients = 16;
const batches = 10;
const batch = 2000;

async function startMode(controls: 'on' | 'off'): Promise<BenchServer> {
  const server = await startBenchServer(`controls-${controls}`, ['--client-controls', controls]);
  const credential = connectClient(server.dir, 'bench-operator');
  const token = tokenOf(credential.kubeconfigPath)!;
  server.target.agent.destroy();
  server.target = newTarget(server.target.port, server.target.ca, token);
  // The API server picks a new credential up when it next reads the clients directory.
  for (let i = 0; i < 100 && (await send(server.target, 'GET', dojosPath)).status !== 200; i++) await new Promise((r) => setTimeout(r, 50));
  const informer = follow(server.target, '/apis/core.jutsu.com/v1/dojos?watch=true&allowWatchBookmarks=true');
  await runLoad(clients, 2000, async (i) => (await send(server.target, 'POST', dojosPath, dojo(`warm-${i}`))).status === 201);
  const stop = server.stop;
  server.stop = () => {
    informer.stop();
    stop();
  };
  return server;
}

/** A create and a read of what an earlier create made, as a reconcile would. */
function createAndReadBatch(server: BenchServer): Promise<LoadResult> {
  const first = server.created;
  server.created += batch / 2;
  return runLoad(clients, batch, async (i) => {
    if (i % 2 === 0) return (await send(server.target, 'POST', dojosPath, dojo(`d-${first + i / 2}`))).status === 201;
    return (await send(server.target, 'GET', `${dojosPath}/warm-${i % 2000}`)).status === 200;
  });
}

async function main(): Promise<void> {
  const on = await startMode('on');
  const off = await startMode('off');
  try {
    log(`creates and reads by a connected client: ${batches} pairs of ${batch}`);
    const summary = summarizePairs(await pairs(on, off, batches, createAndReadBatch));
    log(JSON.stringify(summary.pairs));
    process.stdout.write(
      `${JSON.stringify(
        {
          benchmark: 'client-controls',
          machine: { cpus: cpus().length, node: process.version, loadAverage: loadavg().map((l) => Math.round(l * 100) / 100) },
          clients,
          batch,
          batches,
          requests: summary,
          targets: { unusedControlsCpuRatioAtLeast95Percent: summary.cpuRatio >= 0.95 },
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
