/**
 * @dojo/live-feeds — the console's stores fed live: a Dojo API server's request journal read
 * into @dojo/activity, and the runtime's telemetry and every watched object's versions kept in
 * @dojo/history. @dojo/activity and @dojo/history are pure and know no cluster; this package
 * is where the API server, the runtime and their informers meet them.
 *
 * Promises:
 * - The request journal is read in `seq` order, each record handed on once, whether the API
 *   server runs on a thread of this process (`HandleJournalFeed`) or anywhere over HTTPS
 *   (`JournalFeed`, reconnecting with backoff and resuming after the last seq); a gap the
 *   journal could no longer fill is counted, never papered over.
 * - `ActivityService` is the console's one view of what every client does (`ActivityView`):
 *   each record goes to the request log and the inference; inferred reconciles go back into the
 *   telemetry journal beside the exact ones.
 * - `TelemetryHistory` answers every telemetry reader with one sequence: the journal's ring in
 *   front of the history's stream; what comes back from disk is checked (readable-telemetry.ts).
 * - `VersionRecorder` records each version of a watched object once, with its writer and what
 *   changed; a Secret only through the redaction it is given (keys kept, never values).
 *
 * Misuse: one ActivityService per journal (two would append inferred reconciles twice).
 */
export { ActivityService, type ActivityServiceOptions } from './activity-service.ts';
export { connectCommands } from './connect-commands.ts';
export { HandleJournalFeed } from './handle-journal-feed.ts';
export { JournalFeed, type JournalFeedOptions } from './journal-feed.ts';
export { isReadableTelemetry, UnreadableTelemetry } from './readable-telemetry.ts';
export { ringOnly, TelemetryHistory, type TelemetrySource } from './telemetry-source.ts';
export { VersionRecorder } from './version-recorder.ts';
export { recordVersionsOfServedKinds, versionedKind, type VersionedKinds, type VersionedScope } from './versioned-kinds.ts';
