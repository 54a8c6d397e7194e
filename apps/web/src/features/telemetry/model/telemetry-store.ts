/**
 * The tab's telemetry, indexed for the views that read it: reconciles as spans in one lane per
 * worker per controller (sorted by time, for the timeline), conflicts, and condition
 * transitions per object — "object" meaning its identity (group/kind/namespace/name and uid),
 * never the bare namespace/name that kinds share. Records may arrive in any order and more than once (the live stream
 * plus backfills); each is applied once: reconciles are keyed by reconcileId, API calls,
 * conflicts and transitions by seq within what they belong to. Memory is bounded: past
 * `maxSpans` the oldest spans go, and conflicts and transitions are capped.
 *
 * Not React state: views subscribe and read `version` to know when to redraw.
 */
import type {
  ApiCallRecord,
  ConditionTransitionRecord,
  ConflictRecord,
  ReconcileEndRecord,
  ReconcileStartRecord,
  TelemetryRecord,
  Trigger,
} from '@dojo/console-protocol';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { firstStartingAfter, firstStartingFrom, insertByStart } from './span-search.ts';
import { laneId, type Lane, type Span } from './span.ts';

export interface TelemetryStoreOptions {
  maxSpans?: number;
  maxConflicts?: number;
  maxTransitionsPerKey?: number;
}

export class TelemetryStore {
  readonly #maxSpans: number;
  readonly #maxConflicts: number;
  readonly #maxTransitionsPerKey: number;
  readonly #lanes = new Map<string, Lane>();
  #laneList: Lane[] = [];
  readonly #spans = new Map<string, Span>();
  readonly #spansByKey = new Map<string, Span[]>();
  /** Reconciles by the object version that triggered them: `identityKey@resourceVersion`. */
  readonly #spansByTrigger = new Map<string, Span[]>();
  /** API calls and conflicts whose reconcile-start has not arrived yet. */
  readonly #orphans = new Map<string, { calls: ApiCallRecord[]; conflicts: ConflictRecord[] }>();
  #conflicts: ConflictRecord[] = [];
  readonly #transitions = new Map<string, ConditionTransitionRecord[]>();
  readonly #conflictSeqs = new Set<number>();
  readonly #listeners = new Set<() => void>();
  #version = 0;
  #spanCount = 0;
  #lastSeq = 0;
  #lastTime = 0;
  #firstTime = Infinity;
  #gaps = 0;

  constructor(options: TelemetryStoreOptions = {}) {
    this.#maxSpans = options.maxSpans ?? 200_000;
    this.#maxConflicts = options.maxConflicts ?? 5_000;
    this.#maxTransitionsPerKey = options.maxTransitionsPerKey ?? 500;
  }

  get version(): number {
    return this.#version;
  }
  get lanes(): readonly Lane[] {
    return this.#laneList;
  }
  get spanCount(): number {
    return this.#spanCount;
  }
  get lastSeq(): number {
    return this.#lastSeq;
  }
  /** Time of the newest record: "now" on the server's clock, as far as the tab knows. */
  get lastTime(): number {
    return this.#lastTime;
  }
  get firstTime(): number {
    return this.#firstTime;
  }
  get conflicts(): readonly ConflictRecord[] {
    return this.#conflicts;
  }
  /** How many times the stream skipped records (the server said resync). */
  get gaps(): number {
    return this.#gaps;
  }

  span(id: string): Span | undefined {
    return this.#spans.get(id);
  }
  /** Reconciles of one object, oldest first; with a uid, not those of an earlier incarnation. */
  spansOf(object: ObjectIdentity): readonly Span[] {
    const spans = this.#spansByKey.get(identityKey(object)) ?? [];
    return object.uid ? spans.filter((s) => s.object?.uid === undefined || s.object.uid === object.uid) : spans;
  }
  /** The reconciles that a version of an object (its resourceVersion) triggered, oldest first. */
  spansTriggeredBy(object: ObjectIdentity, resourceVersion: string): readonly Span[] {
    return this.#spansByTrigger.get(`${identityKey(object)}@${resourceVersion}`) ?? [];
  }
  /** Condition transitions of one object (of this incarnation, given a uid), oldest first. */
  transitionsOf(object: ObjectIdentity): readonly ConditionTransitionRecord[] {
    const list = this.#transitions.get(identityKey(object)) ?? [];
    return object.uid ? list.filter((t) => t.object.uid === undefined || t.object.uid === object.uid) : list;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  noteGap(): void {
    this.#gaps++;
    this.#changed();
  }

  ingest(records: readonly TelemetryRecord[]): void {
    let changed = false;
    for (const record of records) {
      if (record.seq > this.#lastSeq) this.#lastSeq = record.seq;
      if (record.time > this.#lastTime) this.#lastTime = record.time;
      if (record.time < this.#firstTime) this.#firstTime = record.time;
      changed = this.#apply(record) || changed;
    }
    if (this.#spanCount > this.#maxSpans) this.#trim();
    if (changed) this.#changed();
  }

  #changed(): void {
    this.#version++;
    for (const listener of this.#listeners) listener();
  }

  #apply(record: TelemetryRecord): boolean {
    switch (record.type) {
      case 'reconcile-start':
        this.#start(record);
        if (record.inferred) this.#spans.get(record.reconcileId)!.inferred = record.inferred;
        if (record.traced) this.#spans.get(record.reconcileId)!.traced = record.traced;
        return true;
      case 'reconcile-end':
        this.#end(record);
        return true;
      case 'api-call':
        if (!record.reconcileId) return false;
        this.#attach(
          record.reconcileId,
          (span) => addOnce(span.apiCalls, record),
          (o) => addOnce(o.calls, record),
        );
        return true;
      case 'conflict':
        if (this.#conflictSeqs.has(record.seq)) return false;
        this.#conflictSeqs.add(record.seq);
        this.#conflicts.push(record);
        if (this.#conflicts.length > 1 && this.#conflicts[this.#conflicts.length - 2]!.seq > record.seq) this.#conflicts.sort((a, b) => a.seq - b.seq);
        if (this.#conflicts.length > this.#maxConflicts * 1.2) {
          for (const dropped of this.#conflicts.splice(0, this.#conflicts.length - this.#maxConflicts)) this.#conflictSeqs.delete(dropped.seq);
        }
        if (record.reconcileId)
          this.#attach(
            record.reconcileId,
            (span) => addOnce(span.conflicts, record),
            (o) => addOnce(o.conflicts, record),
          );
        return true;
      case 'condition-transition':
        this.#transition(record);
        return true;
      default:
        return false;
    }
  }

  #lane(controller: string, worker: number): Lane {
    const id = laneId(controller, worker);
    let lane = this.#lanes.get(id);
    if (!lane) {
      lane = { id, controller, worker, spans: [], revision: 0 };
      this.#lanes.set(id, lane);
      this.#laneList = [...this.#lanes.values()].sort((a, b) => a.controller.localeCompare(b.controller) || a.worker - b.worker);
    }
    return lane;
  }

  #newSpan(
    r: { reconcileId: string; controller: string; worker: number; key: string; seq: number; object?: ObjectIdentity },
    start: number,
    triggers: Trigger[],
    dropped: number,
  ): Span {
    const orphans = this.#orphans.get(r.reconcileId);
    this.#orphans.delete(r.reconcileId);
    const span: Span = {
      id: r.reconcileId,
      controller: r.controller,
      worker: r.worker,
      key: r.key,
      ...(r.object ? { object: r.object, objectKey: identityKey(r.object) } : {}),
      start,
      end: undefined,
      result: undefined,
      startSeq: r.seq,
      triggers,
      droppedTriggers: dropped,
      apiCalls: orphans?.calls ?? [],
      conflicts: orphans?.conflicts ?? [],
      conditionChanges: [],
    };
    this.#spans.set(span.id, span);
    const lane = this.#lane(span.controller, span.worker);
    if (!insertByStart(lane.spans, span)) lane.revision++;
    if (span.objectKey) {
      const byKey = this.#spansByKey.get(span.objectKey) ?? [];
      insertByStart(byKey, span);
      this.#spansByKey.set(span.objectKey, byKey);
    }
    this.#spanCount++;
    this.#indexTriggers(span);
    return span;
  }

  #indexTriggers(span: Span): void {
    for (const trigger of span.triggers) {
      if (!trigger.object || !trigger.resourceVersion) continue;
      const key = `${identityKey(trigger.object)}@${trigger.resourceVersion}`;
      const list = this.#spansByTrigger.get(key) ?? [];
      if (!list.includes(span)) list.push(span);
      this.#spansByTrigger.set(key, list);
    }
  }

  #start(r: ReconcileStartRecord): void {
    const existing = this.#spans.get(r.reconcileId);
    if (existing) {
      existing.triggers = r.triggers ?? [];
      existing.droppedTriggers = r.droppedTriggers ?? 0;
      if (r.object && !existing.object) Object.assign(existing, { object: r.object, objectKey: identityKey(r.object) });
      this.#indexTriggers(existing);
      return;
    }
    this.#newSpan(r, r.time, r.triggers ?? [], r.droppedTriggers ?? 0);
  }

  #end(r: ReconcileEndRecord): void {
    const span = this.#spans.get(r.reconcileId) ?? this.#newSpan(r, r.time - (r.durationMs ?? 0), [], 0);
    span.end = Math.max(span.start, r.time);
    span.result = r.result;
    if (r.error !== undefined) span.error = r.error;
    if (r.requeueAfter !== undefined) span.requeueAfter = r.requeueAfter;
    if (r.terminal) span.terminal = true;
  }

  #attach(reconcileId: string, toSpan: (span: Span) => void, toOrphan: (o: { calls: ApiCallRecord[]; conflicts: ConflictRecord[] }) => void): void {
    const span = this.#spans.get(reconcileId);
    if (span) {
      toSpan(span);
      return;
    }
    let orphan = this.#orphans.get(reconcileId);
    if (!orphan) {
      if (this.#orphans.size > 10_000) this.#orphans.clear();
      orphan = { calls: [], conflicts: [] };
      this.#orphans.set(reconcileId, orphan);
    }
    toOrphan(orphan);
  }

  /** A transition belongs to the latest reconcile of that same object that started before it. */
  #transition(r: ConditionTransitionRecord): void {
    // Records from before objects had identities cannot be told apart by kind: they are left out.
    if (!r.object) return;
    const key = identityKey(r.object);
    const list = this.#transitions.get(key) ?? [];
    if (!addOnce(list, r)) return;
    if (list.length > 1 && list[list.length - 2]!.seq > r.seq) list.sort((a, b) => a.seq - b.seq);
    if (list.length > this.#maxTransitionsPerKey) list.splice(0, list.length - this.#maxTransitionsPerKey);
    this.#transitions.set(key, list);
    const spans = this.#spansByKey.get(key);
    if (!spans) return;
    const i = firstStartingAfter(spans, r.time) - 1;
    const span = spans[i];
    if (span && !span.conditionChanges.some((c) => c.seq === r.seq)) span.conditionChanges.push(r);
  }

  /** Drops the oldest spans across all lanes, down to nine tenths of the limit. */
  #trim(): void {
    const starts: number[] = [];
    for (const lane of this.#laneList) for (const span of lane.spans) starts.push(span.start);
    starts.sort((a, b) => a - b);
    const cutoff = starts[starts.length - Math.floor(this.#maxSpans * 0.9)] ?? -Infinity;
    for (const lane of this.#laneList) {
      const keep = firstStartingFrom(lane.spans, cutoff);
      for (const span of lane.spans.slice(0, keep)) this.#spans.delete(span.id);
      if (keep > 0) {
        lane.spans = lane.spans.slice(keep);
        lane.revision++;
      }
    }
    for (const index of [this.#spansByKey, this.#spansByTrigger]) {
      for (const [key, spans] of index) {
        const kept = spans.filter((s) => s.start >= cutoff);
        if (kept.length) index.set(key, kept);
        else index.delete(key);
      }
    }
    this.#spanCount = this.#spans.size;
    this.#firstTime = cutoff;
  }
}

/** Appends `record` unless a record with its seq is there already (they are few per owner). */
function addOnce<R extends { seq: number }>(list: R[], record: R): boolean {
  if (list.some((r) => r.seq === record.seq)) return false;
  list.push(record);
  return true;
}
