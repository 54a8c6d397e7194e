/**
 * What the console's OTLP trace receiver (`POST /v1/traces`, docs/opentelemetry.md) has taken
 * in, per controller: `GET /api/traces`. The reconciles themselves travel as ordinary telemetry
 * records (`reconcile-start` with `traced`), so every view draws them beside the others.
 */
import type { NameOverflow } from './activity.ts';

/** One controller seen only through the spans its operator sent. */
export interface TracedControllerSummary {
  readonly controller: string;
  /** The sender's `service.name`. */
  readonly service: string;
  readonly reconciles: number;
  readonly errors: number;
  readonly conflicts: number;
  readonly apiCalls: number;
  /** Epoch ms of its first and latest reconcile's end. */
  readonly firstSeen: number;
  readonly lastSeen: number;
  /**
   * The API server client it is (as the request journal names clients: a connected operator's
   * credential), when its spans' API calls are requests that client made, or its service is
   * named as that client: one operator, one card with both sources. Absent when nothing matched.
   */
  readonly client?: string;
}

/** `GET /api/traces`. */
export interface TraceReceiverSnapshot {
  /**
   * Whether the receiver is on (`--otlp-receiver`); off, everything else is empty. In a
   * recording: whether the recorded console's receiver was on.
   */
  readonly enabled: boolean;
  /** The path operators send to, on the console's own address. */
  readonly path: '/v1/traces';
  readonly requests: number;
  readonly spans: number;
  /** Spans answered as rejected (partialSuccess): no valid ids or times. */
  readonly rejectedSpans: number;
  readonly lastReceivedAt?: number;
  readonly controllers: readonly TracedControllerSummary[];
  /** Controller names beyond the console's limit, folded into one "other" controller (README, Security). */
  readonly overflow?: NameOverflow;
  /**
   * In a recording (read-only): the controllers and their counts are those of the recorded
   * reconciles in its window; `requests`, `spans` and `rejectedSpans` the recorded console's
   * totals at its last request. `receiver`: whether the recorded console said its receiver was
   * on or off, or `unknown` for a recording made before consoles kept it (then `enabled` says
   * whether traced reconciles were found in it).
   */
  readonly recorded?: { readonly receiver: 'on' | 'off' | 'unknown' };
}
