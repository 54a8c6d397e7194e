/**
 * The frames of `/ws`, one JSON object per text frame. The server decodes every client frame
 * before it acts on it (a frame that is not one of these closes the socket with 4400); the
 * client trusts the server's frames, which come from the same build.
 */
import type { GroupVersionResource, KubeObject, Status, WatchEvent } from '@dojo/kube-api';
import type { ControllerSummary } from './controllers.ts';
import type { Hello } from './session.ts';
import type { TelemetryRecord } from './telemetry.ts';

/** A watch of one resource: the current objects first (without `resourceVersion`), then every change. */
export interface WatchSubscribe {
  readonly op: 'subscribe';
  readonly id: string;
  readonly kind: 'watch';
  readonly resource: GroupVersionResource;
  readonly namespace?: string;
  readonly labelSelector?: string;
  /** Start after this version (from a LIST). */
  readonly resourceVersion?: string;
}

/** The telemetry journal from `fromSeq` (default: from now on), optionally one controller's or one object's. */
export interface TelemetrySubscribe {
  readonly op: 'subscribe';
  readonly id: string;
  readonly kind: 'telemetry';
  readonly fromSeq?: number;
  readonly controller?: string;
  readonly objectKey?: string;
  /** Only records about this object: its `identityKey` ("group/kind/namespace/name"). */
  readonly object?: string;
}

/** Controller summaries, once a second. */
export interface MetricsSubscribe {
  readonly op: 'subscribe';
  readonly id: string;
  readonly kind: 'metrics';
}

export type SubscribeMessage = WatchSubscribe | TelemetrySubscribe | MetricsSubscribe;

/** Messages the client sends over `/ws`. */
export type ClientMessage = SubscribeMessage | { readonly op: 'unsubscribe'; readonly id: string } | { readonly op: 'ping' };

/** Messages the server sends over `/ws`; all but `hello` and `pong` answer one subscription `id`. */
export type ServerMessage =
  | ({ readonly type: 'hello' } & Hello)
  | { readonly id: string; readonly type: 'watch-event'; readonly event: WatchEvent<KubeObject> }
  | { readonly id: string; readonly type: 'synced'; readonly resourceVersion: string }
  /** The watch is closed: its resourceVersion is too old (410) or the client fell behind. List again and subscribe anew. */
  | { readonly id: string; readonly type: 'relist'; readonly reason: string }
  | { readonly id: string; readonly type: 'telemetry'; readonly records: readonly TelemetryRecord[] }
  /** The stream is closed: records the client needs are gone. Reload with `GET /api/telemetry`, subscribe from `lastSeq + 1`. */
  | { readonly id: string; readonly type: 'resync'; readonly oldestSeq: number; readonly reason?: string }
  | { readonly id: string; readonly type: 'metrics'; readonly controllers: readonly ControllerSummary[] }
  /** The server refused the subscription. */
  | { readonly id: string; readonly type: 'error'; readonly status: Status }
  | { readonly type: 'pong' };

/**
 * Why the server closed `/ws` (the WebSocket close code): 4400 a frame that is not a
 * `ClientMessage`, 4408 missed heartbeats, 4429 too many live connections (from this client,
 * or in total: try again later), 1011 the server failed to handle a frame. 1009 (standard) is a
 * frame over 64 KiB.
 */
export type LiveCloseCode = 4400 | 4408 | 4429 | 1009 | 1011;
