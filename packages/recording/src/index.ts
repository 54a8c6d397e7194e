/**
 * @dojo/recording — a console's history as a file people pass around, and that file opened
 * again as a read-only console at any instant it covers.
 *
 * Promises:
 * - Nothing secret leaves in a recording: Secret values the cluster or the data directory
 *   holds (secret-values.ts), and every form of them a trace may carry, are scrubbed from the
 *   file (trace-cleaner.ts, secret-value-ledger.ts: remembered as keyed hashes, never as text).
 * - A recording is read-only: every write to it is refused with Kubernetes' MethodNotAllowed
 *   (read-only.ts), through the API and the console's own routes alike.
 * - Replayed at an instant, it answers as the live console did then: the objects as informer
 *   caches held them (replay/recorded-objects.ts, replay/replay-transport.ts, tables, discovery
 *   and OpenAPI included), the controllers and their queues rebuilt from their telemetry
 *   (replay/queue-replay.ts), and "why is this not ready?" by the same explainer
 *   (replay/replay-explain.ts). An instant after the recording's end is its end.
 * - Facts only a live session knows (cluster source, resources, controllers, the trace
 *   receiver) are kept in the history's meta while it runs (session-facts.ts) so a recording
 *   carries them.
 * - Opened recordings are bounded (recording-consoles.ts): a few at once, each closed with its
 *   files when evicted.
 */
export { readOnlyRecording } from './read-only.ts';
export {
  RecordingConsoles,
  defaultRecordingConsoleLimit,
  type OpenedConsole,
  type RecordingConsoleRequest,
  type RecordingConsolesSettings,
} from './recording-consoles.ts';
export { SecretValueLedger } from './secret-value-ledger.ts';
export { clusterSecretValues, storedSecretValues } from './secret-values.ts';
export { credentialsIn, traceCleaner } from './trace-cleaner.ts';
export { keepControllers, keepingResources, keepingTraceReceiver, keepSource, keepTraceReceiver, tracesMeta } from './session-facts.ts';
export { RecordedObjects } from './replay/recorded-objects.ts';
export { ReplayActivity } from './replay/replay-activity.ts';
export { ReplayControllers, type ReplayControllersOptions } from './replay/replay-controllers.ts';
export { ReplayExplain, type ReplayExplainDeps } from './replay/replay-explain.ts';
export { ReplayKinds } from './replay/replay-kinds.ts';
export { recordingActivity } from './replay/replay-markers.ts';
export { ReplayTraces } from './replay/replay-traces.ts';
export { ReplayTransport } from './replay/replay-transport.ts';
