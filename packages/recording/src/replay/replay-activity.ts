/**
 * A recording's request journal, read as a live console reads its own (`GET /api/activity`,
 * `GET /api/requests`, `GET /api/admission`): the pure activity inference (@dojo/activity) replayed over the recorded
 * journal records up to the instant asked about, with the recorded reconciles of the console's
 * own controllers, on a clock that follows the records' times. What it emits (inferred
 * reconciles, their calls and conflicts) is dropped: the recorded telemetry already holds them.
 * An instant stays on screen while a person looks at it (the UI asks once a second), so the
 * answers of the last few instants are kept.
 */
import type { ActivitySnapshot, AdmissionSummary, RequestJournalRecord, RequestLogPage, TelemetryRecord } from '@dojo/console-protocol';
import { Activity, AdmissionTally, type ClientIdentifier, type ActivityView, RequestLog, type RequestLogQuery } from '@dojo/activity';
import type { HistoryStream } from '@dojo/history';

/** Instants whose answers are kept. */
const kept = 16;
/** As often as the live console ticks its inference (activity-service.ts). */
const tickMs = 250;

export interface ReplayActivityOptions {
  /** The recording's journal records replayed per instant, the newest before it (default 50,000, what a live console keeps). */
  readonly maxRecords?: number;
  /** Clients the recorded console knew as traced operators (its trace receiver's snapshot): their passes are not counted as inferred, as live. */
  readonly sendsTraces?: (client: string) => boolean;
}

interface Replayed {
  readonly snapshot: ActivitySnapshot;
  readonly requests: RequestLog;
  readonly admission: AdmissionSummary;
}

export class ReplayActivity implements ActivityView {
  readonly #requests: HistoryStream<RequestJournalRecord> | undefined;
  readonly #telemetry: HistoryStream<TelemetryRecord>;
  readonly #identifier: ClientIdentifier;
  readonly #end: number;
  readonly #maxRecords: number;
  readonly #sendsTraces: ((client: string) => boolean) | undefined;
  readonly #answers = new Map<number, Replayed>();

  /** `requests` is absent when the recording holds no request journal. */
  constructor(
    requests: HistoryStream<RequestJournalRecord> | undefined,
    telemetry: HistoryStream<TelemetryRecord>,
    identifier: ClientIdentifier,
    end: number,
    options: ReplayActivityOptions = {},
  ) {
    this.#requests = requests;
    this.#telemetry = telemetry;
    this.#identifier = identifier;
    this.#end = end;
    this.#maxRecords = options.maxRecords ?? 50_000;
    this.#sendsTraces = options.sendsTraces;
  }

  snapshot(at: number = this.#end): ActivitySnapshot {
    return this.#replay(Math.min(at, this.#end)).snapshot;
  }

  queryRequests(query: RequestLogQuery, at: number = this.#end): RequestLogPage {
    return this.#replay(Math.min(at, this.#end)).requests.query(query);
  }

  admission(at: number = this.#end): AdmissionSummary {
    return this.#replay(Math.min(at, this.#end)).admission;
  }

  #replay(at: number): Replayed {
    const known = this.#answers.get(at);
    if (known) return known;
    const journal = this.#requests?.query({ to: at + 1, newest: true, limit: this.#maxRecords }) ?? [];
    const from = journal[0]?.time ?? at;
    // Only what the inference reads of the console's own controllers; inferred passes it made itself are skipped by it.
    const own = this.#telemetry.query({ types: ['reconcile-start', 'api-call'], from, to: at + 1, limit: 4 * this.#maxRecords });
    let now = from;
    const activity = new Activity({
      clock: { now: () => now },
      identifier: this.#identifier,
      ...(this.#sendsTraces ? { sendsTraces: this.#sendsTraces } : {}),
      emit: () => {},
    });
    const requests = new RequestLog(this.#identifier, this.#maxRecords);
    const admission = new AdmissionTally();
    let nextTick = from + tickMs;
    let t = 0;
    const until = (time: number): void => {
      while (t < own.length && own[t]!.time <= time) activity.ingestTelemetry(own[t++]!);
      while (nextTick <= time) {
        now = nextTick;
        activity.tick();
        nextTick += tickMs;
      }
      now = time;
    };
    for (const record of journal) {
      until(record.time);
      requests.append(record);
      admission.append(record);
      activity.ingest(record);
    }
    until(at);
    activity.tick();
    const replayed: Replayed = {
      snapshot: { time: at, feed: this.#feed(journal), ...activity.snapshot(), connected: [] },
      requests,
      admission: admission.summary(at),
    };
    if (this.#answers.size >= kept) this.#answers.delete(this.#answers.keys().next().value!);
    this.#answers.set(at, replayed);
    return replayed;
  }

  #feed(journal: readonly RequestJournalRecord[]): ActivitySnapshot['feed'] {
    const lastSeq = journal.at(-1)?.seq ?? 0;
    if (!this.#requests) {
      return {
        state: 'unavailable',
        lastSeq,
        gaps: 0,
        detail: 'this recording holds no request journal (made with another cluster than the embedded one, or before the console kept one)',
      };
    }
    const detail =
      journal.length >= this.#maxRecords
        ? `replayed from the recording's last ${journal.length.toLocaleString('en-US')} journal records before this instant`
        : 'replayed from the recording';
    return { state: 'live', lastSeq, gaps: 0, detail };
  }
}
