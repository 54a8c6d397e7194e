/**
 * The OTLP trace receiver behind `POST /v1/traces`: decoded requests flattened into spans
 * (receive-spans.ts), reconciles and their API calls made of them (receive-reconciles.ts) and
 * appended to the console's telemetry journal — so the timeline, the object's Reconciles tab,
 * the history on disk and recordings all hold them like the console's own — and counts of
 * what arrived for `GET /api/traces`.
 */
import type { TraceReceiverSnapshot } from '@dojo/console-protocol';
import type { TelemetryInput } from '@dojo/activity';
import type { OtlpTraceRequest, PartialSuccess } from './receive-codec.ts';
import { TracedReconciles, type ClientMatcher } from './receive-reconciles.ts';
import { flattenTraces } from './receive-spans.ts';

/** What `POST /v1/traces` hands a decoded request to (apps/server routes/otlp-receiver-routes.ts). */
export interface TraceSink {
  /** Takes a decoded request; says which spans it could not use. */
  receive(request: OtlpTraceRequest): PartialSuccess | undefined;
}

export interface TraceReceiverOptions {
  clock: { now(): number };
  /** Where the reconcile records go: the console's telemetry journal (`journal.append`). */
  append: (record: TelemetryInput) => void;
  /** Which API server client made a traced call (traced-clients.ts), where a request journal is read. */
  clients?: ClientMatcher;
  /** Whether the console runs a controller of that name: a received one named so is filed apart (receive-reconciles.ts). */
  isEmbedded?: (controller: string) => boolean;
  /** How many controllers are kept (default: @dojo/activity's name-limits.ts). */
  controllers?: { limit?: number; idleMs?: number };
  /** Spans older than this are rejected (the history's retention: it would drop them at once); default 24 h. */
  maxAgeMs?: number;
  /** Told the snapshot after every request, e.g. to keep it for a recording (recording/session-facts.ts). */
  onReceived?: (snapshot: TraceReceiverSnapshot) => void;
}

/** `GET /api/traces` of a console whose receiver is off. */
export const traceReceiverOff: TraceReceiverSnapshot = { enabled: false, path: '/v1/traces', requests: 0, spans: 0, rejectedSpans: 0, controllers: [] };

export class TraceReceiver implements TraceSink {
  readonly #clock: { now(): number };
  readonly #reconciles: TracedReconciles;
  readonly #onReceived: ((snapshot: TraceReceiverSnapshot) => void) | undefined;
  readonly #maxAgeMs: number;
  #requests = 0;
  #spans = 0;
  #rejected = 0;
  #lastReceivedAt: number | undefined;

  constructor(options: TraceReceiverOptions) {
    this.#clock = options.clock;
    this.#onReceived = options.onReceived;
    this.#maxAgeMs = options.maxAgeMs ?? 24 * 3_600_000;
    this.#reconciles = new TracedReconciles({
      clock: options.clock,
      emit: options.append,
      ...(options.clients ? { clients: options.clients } : {}),
      ...(options.isEmbedded ? { isEmbedded: options.isEmbedded } : {}),
      ...(options.controllers ? { controllers: options.controllers } : {}),
    });
  }

  receive(request: OtlpTraceRequest): PartialSuccess | undefined {
    // Dated in the year 2262 or last year, a span would move every live timeline or be dropped by the history at once.
    const { spans, rejected, rejection } = flattenTraces(request, { now: this.#clock.now(), maxAgeMs: this.#maxAgeMs });
    this.#requests += 1;
    this.#spans += spans.length;
    this.#rejected += rejected;
    this.#lastReceivedAt = this.#clock.now();
    this.#reconciles.ingest(spans);
    this.#onReceived?.(this.snapshot());
    return rejected > 0
      ? { rejectedSpans: rejected, errorMessage: `${rejected} span${rejected === 1 ? '' : 's'} rejected: ${rejection ?? 'unusable'}` }
      : undefined;
  }

  snapshot(): TraceReceiverSnapshot {
    const overflow = this.#reconciles.overflow();
    return {
      enabled: true,
      path: '/v1/traces',
      requests: this.#requests,
      spans: this.#spans,
      rejectedSpans: this.#rejected,
      ...(this.#lastReceivedAt !== undefined ? { lastReceivedAt: this.#lastReceivedAt } : {}),
      controllers: this.#reconciles.summaries(),
      ...(overflow ? { overflow } : {}),
    };
  }
}
