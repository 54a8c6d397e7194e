/**
 * What the explainer and the field history read from the history on disk, about one object:
 * its recorded versions, the newest telemetry records about it, and who wrote each version.
 *
 * A version's writer: when a reconcile of a controller the console runs made the write that
 * returned the version's resourceVersion (its `api-call` record says so), that controller and
 * reconcile — exact; else the field manager whose managedFields entry the version changed, as
 * the version recorder guessed it. API calls are looked up in a short window around each
 * version's receive time (the watch may deliver the version before the writer's response).
 * A recording's history read at an instant (`until`) holds nothing after it.
 */
import type { ApiCallRecord, FieldWriter, ObjectVersionRecord, StreamCoverage, TelemetryRecord, TelemetryRecordType } from '@dojo/console-protocol';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import type { HistoryStore } from './history-store.ts';
import type { HistoryStream } from './history-stream.ts';
import { telemetryStream } from './streams/telemetry-stream.ts';
import { versionsStream } from './streams/versions-stream.ts';

const windowBeforeMs = 15_000;
const windowAfterMs = 5_000;
const callsPerWindow = 20_000;

export class RecordedHistory {
  readonly #versions: HistoryStream<ObjectVersionRecord>;
  readonly #telemetry: HistoryStream<TelemetryRecord>;
  readonly #isController: (name: string) => boolean;
  /** Records before this time only (exclusive); everything when undefined. */
  readonly #to: number | undefined;

  constructor(store: HistoryStore, isController: (name: string) => boolean, until?: number) {
    this.#versions = store.stream<ObjectVersionRecord>(versionsStream);
    this.#telemetry = store.stream<TelemetryRecord>(telemetryStream);
    this.#isController = isController;
    this.#to = until === undefined ? undefined : until + 1;
  }

  get #until(): { to?: number } {
    return this.#to === undefined ? {} : { to: this.#to };
  }

  versionsCoverage(): StreamCoverage {
    return this.#versions.coverage();
  }

  /** The newest `limit` versions of the object (of its incarnation when `uid` is known), oldest first. */
  versions(object: ObjectIdentity, limit = 500): ObjectVersionRecord[] {
    return this.#versions.query({ where: { object: identityKey(object), ...(object.uid ? { uid: object.uid } : {}) }, ...this.#until, newest: true, limit });
  }

  /** The newest `limit` records of these types about the object (`controller`'s only, when given), oldest first; records that name another uid are left out. */
  telemetry(object: ObjectIdentity, types: readonly TelemetryRecordType[], limit: number, controller?: string): TelemetryRecord[] {
    const rows = this.#telemetry.query({
      where: { object: identityKey(object), ...(controller !== undefined ? { controller } : {}) },
      types,
      ...this.#until,
      newest: true,
      limit: limit * 2,
    });
    return rows.filter((r) => object.uid === undefined || r.object?.uid === undefined || r.object.uid === object.uid).slice(-limit);
  }

  /** Each version's writer, by resourceVersion. */
  writers(object: ObjectIdentity, versions: readonly ObjectVersionRecord[]): Map<string, FieldWriter> {
    const calls = this.#callsReturning(object, versions);
    return new Map(versions.map((v) => [v.resourceVersion, this.#writerOf(v, calls.get(v.resourceVersion))]));
  }

  #writerOf(version: ObjectVersionRecord, call: ApiCallRecord | undefined): FieldWriter {
    if (call?.controller) {
      return {
        source: 'telemetry',
        controller: call.controller,
        manager: call.fieldManager ?? version.writer ?? call.controller,
        ...(call.reconcileId ? { reconcileId: call.reconcileId } : {}),
      };
    }
    if (version.writer)
      return { source: 'managedFields', manager: version.writer, ...(this.#isController(version.writer) ? { controller: version.writer } : {}) };
    return { source: 'unknown' };
  }

  /** The successful write that returned each version, found among api-call records near the version's time. */
  #callsReturning(object: ObjectIdentity, versions: readonly ObjectVersionRecord[]): Map<string, ApiCallRecord> {
    const wanted = new Set(versions.filter((v) => v.event !== 'DELETED').map((v) => v.resourceVersion));
    const found = new Map<string, ApiCallRecord>();
    for (const [from, to] of windows(versions.map((v) => v.time))) {
      for (const record of this.#telemetry.query({ types: ['api-call'], from, to: Math.min(to, this.#to ?? to), limit: callsPerWindow })) {
        const call = record as ApiCallRecord;
        if (call.rvReturned === undefined || !wanted.has(call.rvReturned) || call.code < 200 || call.code >= 300) continue;
        if (call.name !== object.name || (call.namespace ?? undefined) !== object.namespace) continue;
        found.set(call.rvReturned, call);
      }
    }
    return found;
  }
}

/** Merged `[from, to)` windows around each time. */
function windows(times: readonly number[]): [number, number][] {
  const sorted = [...times].sort((a, b) => a - b);
  const merged: [number, number][] = [];
  for (const t of sorted) {
    const from = t - windowBeforeMs;
    const to = t + windowAfterMs;
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}
