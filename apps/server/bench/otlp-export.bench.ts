/**
 * What `--otlp-endpoint` costs the console: reconciles (a start, two API calls, an end) written
 * into the telemetry journal with no exporter, with the OTLP exporter sending to a receiver that
 * answers at once, and with one sending to a port nobody listens on (the receiver is down).
 * Measured: the CPU time inside the journal's appends (what a controller waits for: the
 * exporter's listener runs there) and the process's CPU for the whole run (the export's own work
 * included), per reconcile, as ratios to the run without an exporter.
 *
 *   node --import tsx apps/server/bench/otlp-export.bench.ts [--reconciles 20000] [--runs 3]
 *
 * Prints one JSON document on stdout; progress goes to stderr.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Registry } from 'prom-client';
import { Journal } from '@dojo/runtime';
import { OtlpExport } from '@dojo/otlp-export/exporter';
import { appendReconcile, dojoWeb, t0 } from '@dojo/otlp-export/testing';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const reconciles = arg('reconciles', 20_000);
const runs = arg('runs', 3);
const chunk = 50;
const log = (message: string): void => void process.stderr.write(`[otlp-export] ${message}\n`);

type Mode = 'off' | 'receiver' | 'receiver-down';

interface Run {
  appendUsPerReconcile: number;
  cpuUsPerReconcile: number;
  exported: number;
  dropped: number;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

async function deadUrl(): Promise<string> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

function reconcileInto(journal: Journal): void {
  appendReconcile(journal, {
    controller: 'dojo',
    reconcileId: randomUUID(),
    object: dojoWeb,
    start: { time: t0, triggers: [{ reason: 'watch', event: 'MODIFIED', kind: 'Dojo', key: 'default/web', object: dojoWeb, resourceVersion: '41' }] },
    calls: [
      { time: t0 + 2, durationMs: 1, verb: 'get', resource: 'deployments.apps', namespace: 'default', name: 'web', code: 200, rvReturned: '43' },
      {
        time: t0 + 4,
        durationMs: 1,
        verb: 'update',
        resource: 'dojos.core.jutsu.com/status',
        namespace: 'default',
        name: 'web',
        code: 200,
        rvSent: '41',
        rvReturned: '44',
      },
    ],
    end: { time: t0 + 5, result: 'success', durationMs: 5 },
  });
}

async function run(mode: Mode, url: string | undefined, count: number): Promise<Run> {
  const journal = new Journal({ capacity: 10_000 });
  const otlp = url
    ? new OtlpExport({
        journal,
        options: { url: `${url}/v1/traces`, protocol: 'http/protobuf', headers: {} },
        registry: new Registry(),
        version: 'bench',
        log: () => {},
        exportTimeoutMs: 2_000,
        shutdownTimeoutMs: 3_000,
      })
    : undefined;
  otlp?.start();
  const cpu = process.cpuUsage();
  // CPU time, not wall time: on a loaded machine the process is descheduled mid-burst.
  let inAppend = 0;
  for (let done = 0; done < count; done += chunk) {
    const started = process.cpuUsage();
    for (let i = 0; i < chunk; i++) reconcileInto(journal);
    const burst = process.cpuUsage(started);
    inAppend += burst.user + burst.system;
    // Let the exporter's I/O run between bursts, as it would between reconciles in the console.
    await yieldToLoop();
  }
  await otlp?.shutdown();
  const used = process.cpuUsage(cpu);
  void mode;
  return {
    appendUsPerReconcile: Math.round((inAppend / count) * 100) / 100,
    cpuUsPerReconcile: Math.round(((used.user + used.system) / count) * 100) / 100,
    exported: otlp?.stats.exported ?? 0,
    dropped: otlp?.stats.dropped ?? 0,
  };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  const urls: Record<Mode, string | undefined> = { off: undefined, receiver: await listen(receiver), 'receiver-down': await deadUrl() };
  const modes: Mode[] = ['off', 'receiver', 'receiver-down'];
  for (const mode of modes) await run(mode, urls[mode], 2_000); // warm-up, discarded
  const results: Record<Mode, Run[]> = { off: [], receiver: [], 'receiver-down': [] };
  for (let r = 0; r < runs; r++) {
    // Interleaved, so a change in the machine's load hits every mode alike.
    for (const mode of modes) {
      results[mode].push(await run(mode, urls[mode], reconciles));
      log(`run ${r + 1} ${mode}: ${JSON.stringify(results[mode].at(-1))}`);
    }
  }
  receiver.close();
  const summary = Object.fromEntries(
    modes.map((mode) => [
      mode,
      {
        appendUsPerReconcile: median(results[mode].map((x) => x.appendUsPerReconcile)),
        cpuUsPerReconcile: median(results[mode].map((x) => x.cpuUsPerReconcile)),
        exportedSpans: median(results[mode].map((x) => x.exported)),
        droppedSpans: median(results[mode].map((x) => x.dropped)),
      },
    ]),
  ) as Record<Mode, { appendUsPerReconcile: number; cpuUsPerReconcile: number; exportedSpans: number; droppedSpans: number }>;
  const ratio = (a: number, b: number): number => Math.round((a / b) * 100) / 100;
  process.stdout.write(
    `${JSON.stringify(
      {
        reconciles,
        runs,
        spansPerReconcile: 3,
        ...summary,
        appendRatio: {
          receiver: ratio(summary.receiver.appendUsPerReconcile, summary.off.appendUsPerReconcile),
          receiverDown: ratio(summary['receiver-down'].appendUsPerReconcile, summary.off.appendUsPerReconcile),
        },
        cpuRatio: {
          receiver: ratio(summary.receiver.cpuUsPerReconcile, summary.off.cpuUsPerReconcile),
          receiverDown: ratio(summary['receiver-down'].cpuUsPerReconcile, summary.off.cpuUsPerReconcile),
        },
      },
      null,
      2,
    )}\n`,
  );
}

await main();
