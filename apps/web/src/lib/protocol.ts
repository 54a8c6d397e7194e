/**
 * The console server's JSON shapes (docs/protocol.md). apps/web may not import the runtime or
 * the server, so the wire shapes are declared here; the server is the source of truth.
 */
import type { GroupVersionKind, GroupVersionResource, KubeObject, Status, WatchEvent } from '@dojo/kube-api';
import type { QueueTrigger } from './queue-trigger.ts';
import type { TelemetryRecord } from './telemetry-records.ts';

export interface Session {
  cluster: { mode: 'embedded' | 'kubeconfig'; server: string; context?: string };
  leader: { identity: string; isLeader: boolean; holder?: string };
  operators: string[];
  secretsRedacted: boolean;
}

export interface ResourceType {
  group: string;
  /** The version the console reads and writes the kind at (discovery: the preferred one). */
  version: string;
  /** Every served version of the kind, the group's preferred one first (absent from older servers). */
  versions?: string[];
  resource: string;
  kind: string;
  namespaced: boolean;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
  subresources?: string[];
}

export interface ControllerFaults {
  conflictNextWrites: number;
  throwNext: number;
  latencyMs: number;
  injected?: { throws: number; conflicts: number };
}

export type WatchEventType = 'create' | 'update' | 'delete' | 'generic';

/** A watch feeding a controller: its events that passed the predicates and those filtered out. */
export interface WatchSummary {
  relation: 'for' | 'owns' | 'watches';
  kind: string;
  resource: string;
  passed: number;
  filtered: number;
  byType: Record<WatchEventType, { passed: number; dropped: number }>;
}

export interface ControllerSummary {
  name: string;
  role: 'operator' | 'system';
  forKind: GroupVersionKind;
  paused: boolean;
  workers: { busy: number; max: number; running?: number };
  depth: number;
  counts: { reconciles: number; errors: number; conflicts: number; requeues: number };
  ratePerSecond: number;
  errorRate: number;
  p50Ms: number;
  p99Ms: number;
  breakpoints: string[];
  faults: ControllerFaults;
  /** The controller's watches (For, Owns, Watches) with their predicate counts. */
  watches: WatchSummary[];
  /** Events the predicates kept out of the queue, over all watches. */
  filteredEvents: number;
}

export interface QueuedKey {
  key: string;
  since: number;
  triggers: QueueTrigger[];
  droppedTriggers?: number;
}

export interface ProcessingKey {
  key: string;
  worker?: number;
  startedAt: number;
  dirty: boolean;
}

export interface DelayedKey {
  key: string;
  readyAt: number;
  retries: number;
  triggers?: QueueTrigger[];
}

export interface QueueState {
  queued: QueuedKey[];
  processing: ProcessingKey[];
  dirty: (QueuedKey | string)[];
  delayed: DelayedKey[];
  counters: { adds: number; merged: number; gets: number; dones: number };
}

export interface ControllerState extends ControllerSummary {
  queue: QueueState;
  heldAtBreakpoint?: { worker: number; key: string }[];
}

export interface TelemetryPage {
  records: TelemetryRecord[];
  resync: boolean;
  oldestSeq: number;
  lastSeq: number;
}

export interface DiscordFaults {
  rate429: number;
  rate5xx: number;
  latencyMs: number;
}

/** Messages the client sends over `/ws`. */
export type ClientMessage =
  | {
      op: 'subscribe';
      id: string;
      kind: 'watch';
      resource: GroupVersionResource;
      namespace?: string;
      labelSelector?: string;
      resourceVersion?: string;
    }
  | { op: 'subscribe'; id: string; kind: 'telemetry'; fromSeq?: number; controller?: string; objectKey?: string }
  | { op: 'subscribe'; id: string; kind: 'metrics' }
  | { op: 'unsubscribe'; id: string }
  | { op: 'ping' };

/** Messages the server sends over `/ws`. */
export type ServerMessage =
  | { type: 'hello'; session: Session }
  | { id: string; type: 'watch-event'; event: WatchEvent<KubeObject> }
  | { id: string; type: 'synced'; resourceVersion: string }
  | { id: string; type: 'relist'; reason: string }
  | { id: string; type: 'telemetry'; records: TelemetryRecord[] }
  | { id: string; type: 'resync'; oldestSeq: number }
  | { id: string; type: 'metrics'; controllers: ControllerSummary[] }
  | { id: string; type: 'error'; status: Status }
  | { type: 'pong' };
