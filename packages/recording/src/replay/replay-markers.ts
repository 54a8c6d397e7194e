/**
 * When things happened in a recording, for the markers along its time slider
 * (`RecordingActivity`): reconciles and conflicts from the telemetry stream, writes from the
 * recorded object versions — read from the streams' indexed headers, never their bodies, once
 * (a recording does not change).
 */
import type { ObjectVersionRecord, RecordingActivity, TelemetryRecord } from '@dojo/console-protocol';
import type { HistoryStream } from '@dojo/history';

/** Per kind, the newest kept: a slider is a few hundred pixels wide, and ticks are counted per pixel span. */
const maxPerKind = 100_000;

export function recordingActivity(telemetry: HistoryStream<TelemetryRecord>, versions: HistoryStream<ObjectVersionRecord>): () => RecordingActivity {
  let answer: RecordingActivity | undefined;
  return () => {
    if (answer) return answer;
    const times = (stream: HistoryStream<unknown>, types?: string[]) =>
      stream.headers({ ...(types ? { types } : {}), newest: true, limit: maxPerKind }).map((h) => h.time);
    const reconcile = times(telemetry as HistoryStream<unknown>, ['reconcile-start']);
    const conflict = times(telemetry as HistoryStream<unknown>, ['conflict']);
    const write = times(versions as HistoryStream<unknown>);
    answer = { times: { reconcile, conflict, write }, truncated: [reconcile, conflict, write].some((t) => t.length >= maxPerKind) };
    return answer;
  };
}
