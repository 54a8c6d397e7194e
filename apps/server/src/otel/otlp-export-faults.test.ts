/**
 * A receiver that is gone, refusing or stuck: the console keeps a bounded queue, drops whole
 * reconciles when it is full, counts every dropped span on /metrics, says so in the log once
 * per outage, picks up when the receiver is back, and flushes (within a limit) at shutdown.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from '@dojo/runtime';
import { OtlpExport, type OtlpExportDeps } from '@dojo/otlp-export/exporter';
import { appendReconcile, dojoWeb, OtlpCollector, t0 } from '@dojo/otlp-export/testing';
import { eventually } from '../testing/observed-server.ts';

let collector: OtlpCollector | undefined;
let otlp: OtlpExport | undefined;
afterEach(async () => {
  await otlp?.shutdown();
  await collector?.close();
  otlp = collector = undefined;
});

/** A reconcile of three spans (the pass and two API calls). */
function reconcileInto(journal: Journal): void {
  appendReconcile(journal, {
    controller: 'dojo',
    reconcileId: randomUUID(),
    object: dojoWeb,
    start: { time: t0, triggers: [] },
    calls: [
      { time: t0 + 2, durationMs: 1, verb: 'get', resource: 'deployments.apps', namespace: 'default', name: 'web', code: 200 },
      { time: t0 + 4, durationMs: 1, verb: 'update', resource: 'dojos.core.jutsu.com/status', namespace: 'default', name: 'web', code: 200 },
    ],
    end: { time: t0 + 5, result: 'success', durationMs: 5 },
  });
}

function exportTo(url: string, extra: Partial<OtlpExportDeps> = {}): { journal: Journal; log: string[]; registry: Registry; otlp: OtlpExport } {
  const journal = new Journal({ capacity: 1000 });
  const log: string[] = [];
  const registry = new Registry();
  otlp = new OtlpExport({
    journal,
    options: { url: `${url}/v1/traces`, protocol: 'http/protobuf', headers: {} },
    registry,
    version: '1.2.3',
    log: (line) => log.push(line),
    scheduledDelayMs: 20,
    exportTimeoutMs: 600,
    ...extra,
  });
  otlp.start();
  return { journal, log, registry, otlp };
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('exporting while the receiver is in trouble', () => {
  it('counts the spans it could not deliver to a receiver that is down, and says so once', async () => {
    const { journal, log, registry, otlp } = exportTo(`http://127.0.0.1:${await closedPort()}`);
    for (let i = 0; i < 3; i++) reconcileInto(journal);
    await eventually(async () => (otlp.stats.dropped === 9 && otlp.stats.pending === 0 ? true : undefined), 'three reconciles dropped');
    reconcileInto(journal);
    await eventually(async () => (otlp.stats.dropped === 12 ? true : undefined), 'a fourth dropped');
    expect(otlp.stats.exported).toBe(0);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(
      /^otlp: dropping reconcile spans for http:\/\/127\.0\.0\.1:\d+\/v1\/traces \(export_failed: .+\); counted in dojo_console_otlp_spans_dropped_total/,
    );
    const metrics = await registry.metrics();
    expect(metrics).toContain('dojo_console_otlp_spans_dropped_total{reason="export_failed"} 12');
    expect(metrics).toContain('dojo_console_otlp_spans_exported_total 0');
  });

  it('picks up when a refusing receiver takes spans again, and says that once too', async () => {
    collector = await OtlpCollector.start();
    collector.failWith = 503;
    const { journal, log, otlp } = exportTo(collector.url);
    reconcileInto(journal);
    await eventually(async () => (otlp.stats.dropped === 3 ? true : undefined), 'the refused reconcile dropped');
    expect(collector.refused).toBeGreaterThan(0);
    collector.failWith = undefined;
    reconcileInto(journal);
    reconcileInto(journal);
    await eventually(async () => (otlp.stats.exported === 6 ? true : undefined), 'the next reconciles exported');
    expect(collector.spans.filter((s) => s.name === 'reconcile Dojo')).toHaveLength(2);
    expect(log).toHaveLength(2);
    expect(log[1]).toMatch(/works again; 3 spans were dropped meanwhile$/);
  });

  it('holds at most its capacity for a receiver that never answers, dropping whole reconciles beyond it', async () => {
    collector = await OtlpCollector.start();
    collector.stall = true;
    const { journal, log, registry, otlp } = exportTo(collector.url, { maxQueuedSpans: 6, exportTimeoutMs: 60_000, shutdownTimeoutMs: 200 });
    for (let i = 0; i < 5; i++) reconcileInto(journal);
    expect(otlp.stats).toEqual({ exported: 0, dropped: 9, pending: 6 });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/\(queue_full: more than 6 spans are waiting for the receiver\)/);
    await eventually(async () => (collector!.stalled > 0 ? true : undefined), 'the stuck request');
    await otlp.shutdown();
    expect(otlp.stats).toEqual({ exported: 0, dropped: 15, pending: 0 });
    const metrics = await registry.metrics();
    expect(metrics).toContain('dojo_console_otlp_spans_dropped_total{reason="queue_full"} 9');
    expect(metrics).toContain('dojo_console_otlp_spans_dropped_total{reason="shutdown"} 6');
  });

  it('sends what is still queued when it shuts down, in as many batches as it takes', async () => {
    collector = await OtlpCollector.start();
    collector.stall = true;
    // Timeouts with room for a loaded machine: the stalled batch must time out, the two at shutdown must not.
    const { journal, otlp } = exportTo(collector.url, { scheduledDelayMs: 60_000, exportTimeoutMs: 3_000, shutdownTimeoutMs: 20_000 });
    // 1,050 spans: the first 512 leave at once as a full batch, which the receiver never answers;
    // the other 538 wait behind it, and leave at shutdown as two batches at once.
    for (let i = 0; i < 350; i++) reconcileInto(journal);
    await eventually(async () => (collector!.stalled === 1 ? true : undefined), 'the first, full batch');
    collector.stall = false;
    await otlp.shutdown();
    expect(collector.requests.map((r) => r.spans.length).sort((a, b) => a - b)).toEqual([26, 512]);
    expect(otlp.stats).toEqual({ exported: 538, dropped: 512, pending: 0 });
  }, 60_000);
});
