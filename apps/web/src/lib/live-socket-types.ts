/** The shapes LiveSocket works with: the socket and timers it is given, subscriptions and their handlers. */
import type { GroupVersionResource, KubeObject, Status, WatchEvent } from '@dojo/kube-api';
import type { ControllerSummary, TelemetryRecord } from '@dojo/console-protocol';

/** The part of the browser's WebSocket the client uses. */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'closed';

export interface LiveSocketOptions {
  url: string;
  createSocket: (url: string) => SocketLike;
  timers?: Timers;
  /** 0..1; jitter draws. */
  random?: () => number;
  backoff?: { initialMs: number; maxMs: number };
  heartbeatMs?: number;
}

export interface WatchSpec {
  resource: GroupVersionResource;
  namespace?: string;
  labelSelector?: string;
  /** Start after this version (from a LIST); without it the server first sends every object. */
  resourceVersion?: string;
}

export interface WatchHandlers {
  onEvent(event: WatchEvent<KubeObject>): void;
  onSynced?(resourceVersion: string): void;
  /** The server closed the watch: list again and subscribe anew. */
  onRelist(reason: string): void;
  onError?(status: Status): void;
}

export interface TelemetrySpec {
  fromSeq?: number;
  controller?: string;
  objectKey?: string;
}

export interface TelemetryHandlers {
  onRecords(records: readonly TelemetryRecord[]): void;
  /** The server closed the stream: reload with GET /api/telemetry and subscribe anew. */
  onResync(oldestSeq: number): void;
  onError?(status: Status): void;
}

export interface MetricsHandlers {
  onMetrics(controllers: readonly ControllerSummary[]): void;
  onError?(status: Status): void;
}

export type Subscription =
  | { kind: 'watch'; spec: WatchSpec; handlers: WatchHandlers; lastResourceVersion?: string }
  | { kind: 'telemetry'; spec: TelemetrySpec; handlers: TelemetryHandlers; lastSeq?: number }
  | { kind: 'metrics'; handlers: MetricsHandlers };

export type Unsubscribe = () => void;
