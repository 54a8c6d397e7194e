/**
 * The bound on spans waiting to leave, and the account of what left and what was dropped. The
 * console must never slow down or grow because a collector is slow or gone: a reconcile whose
 * spans would take the queue past `capacity` is dropped whole (a trace is all or nothing), and
 * a batch the exporter gave up on is dropped too. Drops are counted on the console's /metrics
 * and said in the log once — when exporting starts to fail — and once more when it works again.
 *
 * `CountedExporter` wraps the real exporter to learn when spans settle; everything that is
 * admitted is settled exactly once (exported, failed, or abandoned at shutdown).
 */
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { Counter, Gauge, type Registry } from 'prom-client';

export type DropReason = 'queue_full' | 'export_failed' | 'shutdown';

export interface ExportLedgerOptions {
  /** Spans held at most: queued in the batch processor plus in the exporter's hands. */
  capacity: number;
  /** Where the counters are registered (the console's /metrics). */
  registry: Registry;
  /** Where the once-per-outage lines go. */
  log: (line: string) => void;
  /** Names the receiver in the log lines. */
  target: string;
}

export class ExportLedger {
  readonly #options: ExportLedgerOptions;
  readonly #exported: Counter;
  readonly #dropped: Counter<'reason'>;
  #pending = 0;
  #exportedCount = 0;
  #droppedCount = 0;
  #droppedSinceTrouble = 0;
  #failing = false;
  /** After `abandon`: what was pending is counted already, so late answers change nothing. */
  #closed = false;

  constructor(options: ExportLedgerOptions) {
    this.#options = options;
    this.#exported = new Counter({
      name: 'dojo_console_otlp_spans_exported_total',
      help: 'Reconcile spans the OTLP receiver accepted (--otlp-endpoint).',
      registers: [options.registry],
    });
    this.#dropped = new Counter({
      name: 'dojo_console_otlp_spans_dropped_total',
      help: 'Reconcile spans never delivered to the OTLP receiver, by reason: queue_full (the receiver fell behind), export_failed (it refused or could not be reached), shutdown (still queued when the console stopped).',
      labelNames: ['reason'],
      registers: [options.registry],
    });
    for (const reason of ['queue_full', 'export_failed', 'shutdown'] satisfies DropReason[]) this.#dropped.inc({ reason }, 0);
    const pending = (): number => this.#pending;
    new Gauge({
      name: 'dojo_console_otlp_spans_queued',
      help: 'Reconcile spans waiting to be exported or being exported now.',
      registers: [options.registry],
      collect() {
        this.set(pending());
      },
    });
  }

  /** Room for `count` more spans? If not, they are counted as dropped and the caller makes none. */
  admit(count: number): boolean {
    if (this.#pending + count > this.#options.capacity) {
      this.#drop('queue_full', count, `more than ${this.#options.capacity} spans are waiting for the receiver`);
      return false;
    }
    this.#pending += count;
    return true;
  }

  settled(count: number, result: ExportResult): void {
    if (this.#closed) return;
    this.#pending = Math.max(0, this.#pending - count);
    if (result.code === ExportResultCode.SUCCESS) {
      this.#exportedCount += count;
      this.#exported.inc(count);
      if (this.#failing) {
        this.#failing = false;
        this.#options.log(`otlp: exporting reconcile spans to ${this.#options.target} works again; ${this.#droppedSinceTrouble} spans were dropped meanwhile`);
      }
      return;
    }
    this.#drop('export_failed', count, result.error?.message ?? 'the exporter gave up');
  }

  /** Whatever is still pending when shutdown gave up waiting. */
  abandon(): void {
    this.#closed = true;
    if (this.#pending > 0) this.#drop('shutdown', this.#pending, 'the console stopped before the receiver took them');
    this.#pending = 0;
  }

  get stats(): { readonly exported: number; readonly dropped: number; readonly pending: number } {
    return { exported: this.#exportedCount, dropped: this.#droppedCount, pending: this.#pending };
  }

  #drop(reason: DropReason, count: number, detail: string): void {
    this.#droppedCount += count;
    this.#dropped.inc({ reason }, count);
    if (!this.#failing) {
      this.#failing = true;
      this.#droppedSinceTrouble = 0;
      this.#options.log(
        `otlp: dropping reconcile spans for ${this.#options.target} (${reason}: ${detail}); counted in dojo_console_otlp_spans_dropped_total, said once until an export succeeds`,
      );
    }
    this.#droppedSinceTrouble += count;
  }
}

/** The exporter, with every batch's outcome reported to the ledger. */
export class CountedExporter implements SpanExporter {
  readonly #inner: SpanExporter;
  readonly #ledger: ExportLedger;

  constructor(inner: SpanExporter, ledger: ExportLedger) {
    this.#inner = inner;
    this.#ledger = ledger;
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    let settled = false;
    const settle = (result: ExportResult): void => {
      if (settled) return;
      settled = true;
      this.#ledger.settled(spans.length, result);
      resultCallback(result);
    };
    try {
      this.#inner.export(spans, settle);
    } catch (error) {
      settle({ code: ExportResultCode.FAILED, error: error instanceof Error ? error : new Error(String(error)) });
    }
  }

  shutdown(): Promise<void> {
    return this.#inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.#inner.forceFlush?.() ?? Promise.resolve();
  }
}
