/**
 * `--otlp-endpoint`: every reconcile in the console's telemetry journal — the ones its
 * controllers ran and the ones it inferred for operators it only watched — leaves as OTLP
 * spans through the OpenTelemetry JS SDK: tracers per service, one BatchSpanProcessor, and the
 * SDK's OTLP/HTTP exporter (protobuf or JSON). docs/opentelemetry.md says what a span holds.
 *
 * Promises: the journal listener only gathers records (a controller's reconcile waits for
 * nothing else); the spans are made on the next turn of the event loop, a batch at a time, and
 * serialized and sent by the batch processor, so a slow or absent receiver never slows a
 * controller; the spans waiting are bounded (export-ledger.ts) and drops are counted;
 * `shutdown` flushes what is queued, waiting at most `shutdownTimeoutMs`.
 */
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { Registry } from 'prom-client';
import type { Journal } from '@dojo/runtime';
import { CountedExporter, ExportLedger } from './export-ledger.ts';
import type { OtlpExportOptions } from './otlp-export-config.ts';
import { createOtlpExporter } from './otlp-exporter.ts';
import { ReconcileAssembler, type FinishedReconcile } from './reconcile-assembler.ts';
import { ReconcileIdGenerator } from './reconcile-ids.ts';
import { spanCount, writeReconcileSpans } from './reconcile-spans.ts';
import { ServiceTracers } from './service-tracers.ts';
import { receivedFromTrace } from '@dojo/telemetry-sources';

export interface OtlpExportDeps {
  journal: Journal;
  /** Where to and how; `exporter` replaces the OTLP exporter (tests hand an in-memory one). */
  options: OtlpExportOptions;
  exporter?: SpanExporter;
  registry: Registry;
  version: string;
  clusterName?: string | undefined;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** Spans waiting at most (default 4096); past it whole reconciles are dropped. */
  maxQueuedSpans?: number;
  /** How long the batch processor gathers spans before sending (default 1 s). */
  scheduledDelayMs?: number;
  /** How long the OTLP exporter tries one batch, retries included (default 10 s). */
  exportTimeoutMs?: number;
  /** How long `shutdown` waits for the last batches (default 5 s). */
  shutdownTimeoutMs?: number;
}

export class OtlpExport {
  readonly #deps: OtlpExportDeps;
  readonly #ledger: ExportLedger;
  readonly #processor: BatchSpanProcessor;
  readonly #ids = new ReconcileIdGenerator();
  readonly #tracers: ServiceTracers;
  readonly #assembler: ReconcileAssembler;
  /** Ended reconciles admitted to the queue, their spans not made yet. */
  #ended: FinishedReconcile[] = [];
  #drainScheduled = false;
  #unsubscribe: (() => void) | undefined;

  constructor(deps: OtlpExportDeps) {
    this.#deps = deps;
    const capacity = deps.maxQueuedSpans ?? 4096;
    this.#ledger = new ExportLedger({ capacity, registry: deps.registry, log: deps.log ?? ((line) => console.warn(line)), target: deps.options.url });
    const exporter = deps.exporter ?? createOtlpExporter(deps.options, deps.exportTimeoutMs ?? 10_000);
    // The ledger keeps the bound, so the processor's own queue (which drops silently) never fills.
    this.#processor = new BatchSpanProcessor(new CountedExporter(exporter, this.#ledger), {
      maxQueueSize: capacity,
      maxExportBatchSize: Math.min(512, capacity),
      scheduledDelayMillis: deps.scheduledDelayMs ?? 1_000,
      exportTimeoutMillis: (deps.exportTimeoutMs ?? 10_000) + 1_000,
    });
    this.#tracers = new ServiceTracers({
      processor: this.#processor,
      ids: this.#ids,
      version: deps.version,
      ...(deps.clusterName ? { clusterName: deps.clusterName } : {}),
      ...(deps.env ? { env: deps.env } : {}),
    });
    this.#assembler = new ReconcileAssembler((reconcile) => this.#admit(reconcile));
  }

  /** Follows the journal from now on. */
  start(): void {
    const { journal } = this.#deps;
    this.#unsubscribe = journal.subscribe(journal.lastSeq + 1, (delivery) => {
      if (delivery.resync) this.#assembler.clear();
      else this.#assembler.add(delivery.record);
    });
  }

  /** Exported, dropped and still waiting, in spans. */
  get stats(): ExportLedger['stats'] {
    return this.#ledger.stats;
  }

  /** Sends what is queued now (tests; a shutdown does it too). */
  flush(): Promise<void> {
    this.#drain();
    return this.#processor.forceFlush();
  }

  /** Stops following the journal and sends what is queued, waiting at most the shutdown timeout. */
  async shutdown(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#drain();
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.#deps.shutdownTimeoutMs ?? 5_000);
      timer.unref();
    });
    const outcome = await Promise.race([
      this.#processor.shutdown().then(
        () => 'done' as const,
        () => 'failed' as const,
      ),
      gaveUp,
    ]);
    clearTimeout(timer);
    if (outcome !== 'done') this.#ledger.abandon();
  }

  #admit(reconcile: FinishedReconcile): void {
    // Received over OTLP: it came from a trace already; sending it on would echo it, and loop
    // when the console's export reaches its own receiver.
    if (receivedFromTrace(reconcile.start)) return;
    if (!this.#ledger.admit(spanCount(reconcile))) return;
    this.#ended.push(reconcile);
    if (this.#drainScheduled) return;
    this.#drainScheduled = true;
    setImmediate(() => this.#drain());
  }

  #drain(): void {
    this.#drainScheduled = false;
    const ended = this.#ended;
    this.#ended = [];
    for (const reconcile of ended) {
      const inferred = reconcile.start?.inferred;
      const tracer = inferred ? this.#tracers.operator(inferred.client) : this.#tracers.console();
      writeReconcileSpans(reconcile, tracer, this.#ids);
    }
  }
}
