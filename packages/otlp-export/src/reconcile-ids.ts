/**
 * Trace and span ids that follow from a reconcile's identity, so the same reconcile exported
 * twice (a retried batch, a re-sent recording) is the same trace to the backend, and a person
 * can go from the console to the trace: a reconcile the console ran has a UUID for its id, and
 * its trace id is that UUID's 32 hex digits. An inferred one's id is only unique within a run
 * ("inferred-<client>-<n>"), so its trace id is a SHA-256 of the id, the controller and the start.
 *
 * The SDK's tracer asks its IdGenerator for ids synchronously inside `startSpan`; `within` sets
 * the reconcile those calls are about. Outside `within` the ids are random, as the SDK's own.
 */
import { createHash } from 'node:crypto';
import { RandomIdGenerator, type IdGenerator } from '@opentelemetry/sdk-trace-base';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const zeroTrace = '0'.repeat(32);

/** The trace id of a reconcile: its UUID, or a hash of what identifies it. */
export function reconcileTraceId(reconcile: { readonly reconcileId: string; readonly controller: string; readonly startMs: number }): string {
  if (uuid.test(reconcile.reconcileId)) {
    const hex = reconcile.reconcileId.replaceAll('-', '').toLowerCase();
    if (hex !== zeroTrace) return hex;
  }
  return sha256Hex(`${reconcile.controller}\n${reconcile.reconcileId}\n${Math.round(reconcile.startMs)}`).slice(0, 32);
}

export class ReconcileIdGenerator implements IdGenerator {
  readonly #random = new RandomIdGenerator();
  #traceId: string | undefined;
  #spans = 0;

  /** Runs `fn` with ids derived from `traceId`: the trace id itself, then span 0, 1, 2 ... */
  within<T>(traceId: string, fn: () => T): T {
    this.#traceId = traceId;
    this.#spans = 0;
    try {
      return fn();
    } finally {
      this.#traceId = undefined;
    }
  }

  generateTraceId(): string {
    return this.#traceId ?? this.#random.generateTraceId();
  }

  generateSpanId(): string {
    if (this.#traceId === undefined) return this.#random.generateSpanId();
    const id = sha256Hex(`${this.#traceId}/${this.#spans++}`).slice(0, 16);
    // An all-zero span id is invalid in OTLP; a hash gives one once in 2^64 tries.
    return id === '0'.repeat(16) ? this.#random.generateSpanId() : id;
  }
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
