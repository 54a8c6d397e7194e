/**
 * What the console keeps on disk (packages/history) and how complete it is: per stream, since
 * when nothing was lost and how much retention evicted, so that no view ever shows an empty
 * state where history was in fact evicted. `GET /api/history` answers `HistoryStatus`;
 * `GET /api/history/versions` answers `ObjectVersionsPage`; telemetry pages carry their
 * stream's coverage.
 */
import type { KubeObject, ObjectIdentity, WatchEventType } from '@dojo/kube-api';

/** The streams the store holds; more are added by name ("requests" for the API server's journal). */
export type HistoryStreamName = 'telemetry' | 'versions' | (string & {});

export interface StreamCoverage {
  readonly stream: HistoryStreamName;
  /**
   * Epoch ms since which this stream's history is complete: when recording began, or the time
   * of the newest record retention evicted, whichever is later.
   */
  readonly completeSince: number;
  /** Records evicted by retention since the store was created. */
  readonly evicted: number;
  /** The same, by record type ("reconcile-start" counts reconciles), for streams that have types. */
  readonly evictedByType: Readonly<Record<string, number>>;
  /** Records held now, and their size in bytes (JSON). */
  readonly records: number;
  readonly bytes: number;
  /** Sequence numbers held: `oldestSeq` > `lastSeq` when the stream is empty. */
  readonly oldestSeq: number;
  readonly lastSeq: number;
}

export interface HistoryRetention {
  /** Records older than this are evicted (`--history-retention`). */
  readonly maxAgeMs: number;
  /** The oldest records are evicted while all streams together hold more (`--history-max-mb`). */
  readonly maxBytes: number;
}

/** `GET /api/history`. */
export interface HistoryStatus {
  readonly retention: HistoryRetention;
  readonly streams: readonly StreamCoverage[];
}

/**
 * What one version changed: its spec (metadata.generation moved, or for kinds without a
 * generation anything outside metadata and status), only its status, or only metadata.
 */
export type VersionChange = 'created' | 'spec' | 'status' | 'metadata' | 'deleted';

/** One version of one object, as the console's watch received it. */
export interface ObjectVersionRecord {
  readonly seq: number;
  /** When the console received it (epoch ms, the console's clock). */
  readonly time: number;
  readonly object: ObjectIdentity;
  readonly event: WatchEventType;
  readonly resourceVersion: string;
  readonly generation?: number;
  readonly change: VersionChange;
  /** The field manager whose managedFields entry this version changed (best guess: the newest entry). */
  readonly writer?: string;
  /** The object at this version, without managedFields; a Secret's values are never stored. */
  readonly body: KubeObject;
}

/** The query of `GET /api/history/versions`. */
export interface ObjectVersionsQuery {
  /** `identityKey` of the object. */
  readonly object: string;
  /** Only this incarnation. */
  readonly uid?: string;
  /** At most this many, newest kept (default 200). */
  readonly limit?: number;
}

/** `GET /api/history/versions`: oldest first. */
export interface ObjectVersionsPage {
  readonly versions: readonly ObjectVersionRecord[];
  readonly coverage: StreamCoverage;
  /** False when the console does not record versions of this kind (on a real cluster it records
   * only the kinds its controllers watch); absent from older servers. */
  readonly recorded?: boolean;
}

/**
 * One incarnation of an object name: a uid the name had (a re-created object of the same
 * name is another uid), when it was first and last seen, and its deletion when it was deleted.
 */
export interface ObjectIncarnation {
  readonly uid: string;
  readonly firstSeen: number;
  readonly lastSeen: number;
  /** How many versions of it are recorded. */
  readonly versions: number;
  /** Its deletion, when it was deleted: when the console saw it go, and who deleted it when the request journal says. */
  readonly deleted?: { readonly time: number; readonly by?: string };
}

/** `GET /api/history/incarnations?object=<identityKey>`: every uid the name had, newest first (as of a recording's instant). */
export interface ObjectIncarnationsPage {
  readonly incarnations: readonly ObjectIncarnation[];
}
