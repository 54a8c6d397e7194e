/**
 * Recordings: a session's history exported to one `.dojotrace` file (gzip'd JSON lines,
 * docs/recordings.md) that any console opens read-only. The file's first line is a
 * `TraceHeader`, every other line a `TraceRecordLine`. A console serving a recording says so
 * in its session (`Session.recording`), and its views ask for the state at one instant by
 * sending that time (`X-Dojo-At` on HTTP, `?at=` on the WebSocket URL).
 */
import type { ClusterMode } from './cluster-mode.ts';
import type { ControllerSummary } from './controllers.ts';

/** Where a recording was made: the console's cluster and the console's version. */
export interface TraceSource {
  readonly clusterMode: ClusterMode | 'unknown';
  readonly server: string;
  readonly consoleVersion: string;
}

/** One stream in a recording: its indexed columns and how complete it is. */
export interface TraceStream {
  readonly stream: string;
  /** The indexed fields each of its lines carries in `index`. */
  readonly columns: readonly string[];
  /** Lines of this stream in the file. */
  readonly records: number;
  /**
   * Of those, versions from before the window: for each object alive when the window began,
   * its latest version (object-version streams only; 0 for the others).
   */
  readonly baseline: number;
  /** The smallest and largest seq in the file (0 and 0 when it has none). */
  readonly firstSeq: number;
  readonly lastSeq: number;
  /** Epoch ms since which the stream is complete in this file (the window's start, or later if retention had evicted more). */
  readonly completeSince: number;
  /** What retention had evicted from the console's history before the export, in total and by record type. */
  readonly evicted: number;
  readonly evictedByType: Readonly<Record<string, number>>;
}

/** The first line of a `.dojotrace` file. */
export interface TraceHeader {
  readonly format: 'dojotrace';
  /** Bumped when a reader of the previous version could misread the file; readers refuse a newer one. */
  readonly schemaVersion: number;
  /** RFC 3339. */
  readonly createdAt: string;
  /** The program that wrote the file ("dojo-console 0.1.0"). */
  readonly createdBy: string;
  readonly source: TraceSource;
  /** Epoch ms: records with `from <= time <= to`; `from` is null when everything was exported. */
  readonly window: { readonly from: number | null; readonly to: number };
  readonly streams: readonly TraceStream[];
  /**
   * What the console kept beside its streams, by key: `resources` (the served kinds,
   * `ServedResource[]`), `controllers` (`RecordedController[]`), and whatever else a console adds.
   */
  readonly meta: Readonly<Record<string, unknown>>;
}

/** Every line after the header: one record of one stream, with the fields it is indexed by. */
export interface TraceRecordLine {
  readonly stream: string;
  readonly seq: number;
  readonly time: number;
  readonly type: string | null;
  readonly index: Readonly<Record<string, string | number>>;
  /** The record as the stream holds it; always the line's last member. */
  readonly record: unknown;
}

/** What telemetry cannot say about a controller: kept with the recording so its workqueue can be rebuilt. */
export interface RecordedController {
  readonly name: string;
  readonly role: ControllerSummary['role'];
  readonly forKind: ControllerSummary['forKind'];
  readonly maxConcurrentReconciles: number;
  readonly watches: readonly Pick<ControllerSummary['watches'][number], 'relation' | 'kind' | 'resource'>[];
}

/** `Session.recording`: the console serves this recording, read-only, at any instant between `from` and `to`. */
export interface RecordingSession {
  /** The file's name, without directories. */
  readonly name: string;
  readonly createdAt: string;
  readonly source: TraceSource;
  /** Epoch ms: the earliest record (or the window's start) and the moment of the export. */
  readonly from: number;
  readonly to: number;
  readonly streams: readonly TraceStream[];
}

/** `POST /api/recordings` (a `.dojotrace` file as the body): the console that now serves it. */
export interface OpenedRecording {
  /** Its login URL (the same token as this console's). */
  readonly url: string;
  readonly recording: RecordingSession;
}

/** What the activity markers along a recording's time slider mark. */
export type RecordingActivityKind = 'reconcile' | 'conflict' | 'write';

/**
 * `GET /api/recording/activity` (a console serving a recording): when things happened in the
 * whole recording, whatever the instant shown, for the markers along its time slider: each
 * reconcile's start, each conflict, each write (an object version recorded; Events left out).
 * Times are epoch ms, oldest first; `truncated` says that only the newest were kept of a kind.
 */
export interface RecordingActivity {
  readonly times: Readonly<Record<RecordingActivityKind, readonly number[]>>;
  readonly truncated: boolean;
}
