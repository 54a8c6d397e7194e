/**
 * @dojo/history — what happened, on disk, bounded: one SQLite file (WAL) in the console's data
 * directory holding streams of records — the runtime journal's telemetry, every version of
 * every watched object, and whatever stream a caller adds with a `StreamSpec` (the API server's
 * request journal, for one).
 *
 * Promises:
 * - Appending never waits for the disk, and writing never blocks the event loop: records are
 *   buffered and handed a few times a second to a write thread that inserts them in one
 *   transaction; queries see every record appended, written yet or not.
 * - Retention is bounded by age and by size (`HistoryRetention`), and never silent: each stream
 *   counts what it evicted (in total and by record type) and says since when its history is
 *   complete (`StreamCoverage`). A view showing history shows that too.
 * - A reopened store continues where it stopped: records, coverage and each stream's last seq
 *   survive a restart, so the journal can continue its sequence after it.
 * - Depends only on @dojo/kube-api and @dojo/console-protocol: no runtime, no API server.
 *
 * - Read back about one object (`RecordedHistory`): its versions, the telemetry about it and who
 *   wrote each version; every uid its name had (`objectIncarnations`); and per field, who set
 *   it to what and when (fields/: `fieldHistoryOf`, the YAML blame of the Fields tab).
 *
 * - A recording (`.dojotrace`, recording/) is the store written out: every stream, whatever
 *   its name, and the facts kept beside them (`writeMeta`); importing one gives a store that
 *   answers every query as the console's did.
 *
 * Misuse: a record appended with a seq not after the stream's last is dropped (seqs are the
 * resume points of every reader). Secret values must be stripped before a version is appended;
 * the store keeps what it is given.
 */
export { HistoryStore, type HistoryStoreOptions } from './history-store.ts';
export { HistoryStream, type RecordHeader, type WriteBatch } from './history-stream.ts';
export type { ColumnValue, StreamQuery, StreamSpec } from './stream-spec.ts';
export { defaultRetention, parseDuration, parseMegabytes } from './retention.ts';
export { telemetryStream } from './streams/telemetry-stream.ts';
export { versionsStream } from './streams/versions-stream.ts';
export { eventsStream } from './streams/events-stream.ts';
export { objectVersionStreams } from './streams/object-version-streams.ts';
export { writeTrace, type TraceExportOptions } from './recording/trace-export.ts';
export { defaultTraceLimits, importTrace, type TraceLimits } from './recording/trace-import.ts';
export { recordLine, traceExtension, traceFormat, TraceFormatError, TraceLimitError, traceSchemaVersion } from './recording/trace-format.ts';
export { requestsStream } from './streams/requests-stream.ts';
export { objectRequests, type ObjectRequestsPage, type ObjectRequestsQuery } from './object-requests.ts';
export { RecordedHistory } from './recorded-history.ts';
export { objectIncarnations, type IncarnationOptions } from './object-incarnations.ts';
export { fieldHistoryOf, type FieldHistoryDeps } from './fields/field-history-service.ts';
