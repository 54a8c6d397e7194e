/**
 * Received spans become the console's reconcile telemetry: each reconcile span
 * (receive-span-kinds.ts) a `reconcile-start` marked as received (received-from-trace.ts) and a `reconcile-end`, each HTTP
 * client span below it an `api-call` of that reconcile (and a 409 a `conflict`), on lanes of
 * their controller like the console's own workers.
 *
 * Exporters batch spans as they end, so a reconcile's client calls usually arrive before (or
 * with) the reconcile span itself, and a span's parent may sit in a later batch. Spans are held
 * until their ancestry is known: a client call waits for the reconcile above it; once that has
 * been emitted, later calls still join it. Nothing is held forever: after `holdMs`, or beyond
 * `maxHeld` spans, the oldest are dropped (they belonged to no reconcile the console saw).
 *
 * A received controller lives under the sender's identity, never the console's: one named as a
 * controller the console runs (`controller=application`) is filed as `application (traced:
 * <service.name>)`, so its reconciles, errors and API calls never join the exact records and
 * verdicts of the console's own `application` (issue 35). And the names a sender chooses buy no
 * memory: at most `nameLimits.tracedControllers` controllers are kept (bounded-names.ts), the
 * idle forgotten first; a new controller beyond them is counted as folded, its reconciles not
 * journaled.
 */
import type { ConflictRecord, ReconcileEndRecord, ReconcileResultKind, TracedControllerSummary } from '@dojo/console-protocol';
import { apiCallRecord, BoundedNames, clipName, nameLimits, type TelemetryInput } from '@dojo/activity';
import { formatObjectKey, type ObjectIdentity } from '@dojo/kube-api';
import { apiCallOf, reconcileOf, type ApiCallSpan, type ReconcileSpan } from './receive-span-kinds.ts';
import type { ReceivedStart } from './received-from-trace.ts';
import { spanStatusError, type ReceivedSpan } from './receive-spans.ts';

/** Which API server client a traced controller is (traced-clients.ts); absent without a request journal. */
/** What a traced 409 gains from the journal's record of it (the fields the activity's own conflict records carry). */
export type ConflictWinner = Pick<ConflictRecord, 'staleRV' | 'currentRV' | 'currentManager' | 'currentClient' | 'currentWriterFrom'>;

export interface ClientMatcher {
  /** One of the controller's traced API calls (`service`: its spans' `service.name`). */
  note(controller: string, service: string, call: ApiCallSpan, startMs: number, endMs: number): void;
  clientFor(controller: string, service: string): string | undefined;
  /** The write that won a traced 409, when the request journal recorded the refused request (traced-clients.ts). */
  conflictOf?(call: ApiCallSpan, startMs: number, endMs: number): ConflictWinner | undefined;
  /** A traced controller forgotten (idle, beyond the limit): what was noted of it can go. */
  forget?(controller: string): void;
}

type Summary = { -readonly [K in keyof TracedControllerSummary]: TracedControllerSummary[K] };

export interface TracedReconcilesOptions {
  clock: { now(): number };
  emit: (record: TelemetryInput) => void;
  clients?: ClientMatcher;
  /** Whether the console runs a controller of that name: a received one named so is filed apart. */
  isEmbedded?: (controller: string) => boolean;
  /** How many controllers are kept, and after how long idle one is forgotten (default: name-limits.ts). */
  controllers?: { limit?: number; idleMs?: number };
  /** How long a span waits for its ancestry (default 2 minutes). */
  holdMs?: number;
  maxHeld?: number;
}

interface Held {
  readonly span: ReceivedSpan;
  readonly at: number;
}

interface EmittedReconcile {
  readonly reconcileId: string;
  readonly controller: string;
  /** The span's `service.name`. */
  readonly service: string;
  readonly object: ObjectIdentity;
  readonly key: string;
  readonly worker: number;
}

const rememberedReconciles = 20_000;
/** More reconciles of one controller at once than any operator runs workers (controller-runtime's MaxConcurrentReconciles is rarely above 64). */
const maxLanes = 64;
const spanKey = (traceId: string, spanId: string) => `${traceId}:${spanId}`;
const round = (ms: number) => Math.max(0, Math.round(ms * 1000) / 1000);
const conflictMessage = /the object has been modified|Operation cannot be fulfilled/i;

export class TracedReconciles {
  readonly #options: TracedReconcilesOptions;
  readonly #held = new Map<string, Held>();
  /** The keys of the held spans of each trace: a batch only ever completes the traces it touches. */
  readonly #byTrace = new Map<string, Set<string>>();
  readonly #emitted = new Map<string, EmittedReconcile>();
  /** Per controller: its counts, and when each lane's last reconcile ended. */
  readonly #controllers: BoundedNames<{ summary: Summary; lanes: number[] }>;

  constructor(options: TracedReconcilesOptions) {
    this.#options = options;
    this.#controllers = new BoundedNames({
      limit: options.controllers?.limit ?? nameLimits.tracedControllers,
      idleMs: options.controllers?.idleMs ?? nameLimits.idleMs,
      onEvict: (controller) => options.clients?.forget?.(controller),
    });
  }

  /** Controller names beyond the limit; undefined while all fit. */
  overflow() {
    return this.#controllers.overflow();
  }

  ingest(spans: readonly ReceivedSpan[]): void {
    const now = this.#options.clock.now();
    for (const span of spans) this.#hold(span, now);
    for (const span of spans) {
      const reconcile = reconcileOf(span);
      if (reconcile && !this.#emitted.has(spanKey(span.traceId, span.spanId))) this.#reconcile(span, reconcile);
    }
    // Client calls that arrived after (or without yet) their reconcile.
    for (const traceId of new Set(spans.map((s) => s.traceId))) {
      for (const { key, span } of this.#heldOf(traceId)) {
        const call = apiCallOf(span);
        if (!call) continue;
        const owner = this.#ownerOf(span);
        if (owner === 'none') this.#release(key);
        else if (owner) {
          this.#apiCall(owner, span, call);
          this.#release(key);
        }
      }
    }
    this.#expire(now);
  }

  summaries(): TracedControllerSummary[] {
    return [...this.#controllers.values()]
      .map(({ summary }) => {
        const client = this.#options.clients?.clientFor(summary.controller, summary.service);
        return client === undefined ? { ...summary } : { ...summary, client };
      })
      .sort((a, b) => a.controller.localeCompare(b.controller));
  }

  /** The emitted reconcile above `span`; 'none' when its trace root is no reconcile; undefined while a parent is missing. */
  #ownerOf(span: ReceivedSpan): EmittedReconcile | 'none' | undefined {
    let current = span;
    for (let depth = 0; depth < 64; depth++) {
      if (!current.parentSpanId) return 'none';
      const parentKey = spanKey(current.traceId, current.parentSpanId);
      const emitted = this.#emitted.get(parentKey);
      if (emitted) return emitted;
      const parent = this.#held.get(parentKey)?.span;
      if (!parent) return undefined;
      current = parent;
    }
    return 'none';
  }

  #hold(span: ReceivedSpan, at: number): void {
    const key = spanKey(span.traceId, span.spanId);
    this.#held.set(key, { span, at });
    const keys = this.#byTrace.get(span.traceId) ?? new Set<string>();
    keys.add(key);
    this.#byTrace.set(span.traceId, keys);
  }

  #release(key: string): void {
    const held = this.#held.get(key);
    if (!held) return;
    this.#held.delete(key);
    const keys = this.#byTrace.get(held.span.traceId);
    keys?.delete(key);
    if (keys?.size === 0) this.#byTrace.delete(held.span.traceId);
  }

  #heldOf(traceId: string): { key: string; span: ReceivedSpan }[] {
    return [...(this.#byTrace.get(traceId) ?? [])].flatMap((key) => {
      const held = this.#held.get(key);
      return held ? [{ key, span: held.span }] : [];
    });
  }

  #descendantCalls(root: ReceivedSpan): { key: string; span: ReceivedSpan; call: ApiCallSpan }[] {
    const rootKey = spanKey(root.traceId, root.spanId);
    const calls: { key: string; span: ReceivedSpan; call: ApiCallSpan }[] = [];
    for (const { key, span } of this.#heldOf(root.traceId)) {
      if (key === rootKey) continue;
      const call = apiCallOf(span);
      if (call && this.#isBelow(span, rootKey)) calls.push({ key, span, call });
    }
    return calls.sort((a, b) => a.span.startMs - b.span.startMs);
  }

  #isBelow(span: ReceivedSpan, rootKey: string): boolean {
    let current: ReceivedSpan | undefined = span;
    for (let depth = 0; current?.parentSpanId && depth < 64; depth++) {
      const parentKey = spanKey(current.traceId, current.parentSpanId);
      if (parentKey === rootKey) return true;
      current = this.#held.get(parentKey)?.span;
    }
    return false;
  }

  /** A lane per reconcile running at once; beyond `maxLanes` the least recently free one is shared. */
  #worker(lanes: number[], start: number, end: number): number {
    let worker = lanes.findIndex((laneEnd) => laneEnd <= start);
    if (worker < 0) worker = lanes.length < maxLanes ? lanes.length : lanes.indexOf(Math.min(...lanes));
    lanes[worker] = end;
    return worker;
  }

  /** The name a received controller is filed under: never one of the console's own. */
  #nameOf(controller: string, service: string): string {
    const name = clipName(controller);
    return this.#options.isEmbedded?.(name) ? clipName(`${name} (traced: ${service})`) : name;
  }

  #reconcile(span: ReceivedSpan, reconcile: ReconcileSpan): void {
    const { object } = reconcile;
    const key = formatObjectKey(object);
    const service = clipName(typeof span.resource['service.name'] === 'string' ? span.resource['service.name'] : 'unknown_service');
    const controller = this.#nameOf(reconcile.controller, service);
    const now = this.#options.clock.now();
    const known = this.#controllers.admit(controller, now, () => ({
      summary: { controller, service, reconciles: 0, errors: 0, conflicts: 0, apiCalls: 0, firstSeen: span.endMs, lastSeen: span.endMs },
      lanes: [],
    }));
    if (!known) {
      // Folded: counted (BoundedNames), its calls and the span itself no longer held.
      this.#release(spanKey(span.traceId, span.spanId));
      for (const { key: callKey } of this.#descendantCalls(span)) this.#release(callKey);
      return;
    }
    const summary = known.summary;
    summary.firstSeen = Math.min(summary.firstSeen, span.endMs);
    summary.lastSeen = Math.max(summary.lastSeen, span.endMs);
    const emitted: EmittedReconcile = {
      reconcileId: `traced-${span.spanId}`,
      controller,
      service,
      object,
      key,
      worker: this.#worker(known.lanes, span.startMs, span.endMs),
    };
    const start: Omit<ReceivedStart, 'seq'> = {
      type: 'reconcile-start',
      time: span.startMs,
      controller,
      key,
      object,
      worker: emitted.worker,
      reconcileId: emitted.reconcileId,
      triggers: [reconcile.trigger],
      droppedTriggers: 0,
      traced: { service, traceId: span.traceId, spanId: span.spanId, spanName: span.name },
    };
    this.#options.emit(start);
    this.#remember(spanKey(span.traceId, span.spanId), emitted);
    this.#release(spanKey(span.traceId, span.spanId));
    summary.reconciles += 1;
    const calls = this.#descendantCalls(span);
    for (const { key: callKey, span: callSpan, call } of calls) {
      this.#apiCall(emitted, callSpan, call);
      this.#release(callKey);
    }
    const result = resultOf(
      span,
      calls.map((c) => c.call),
    );
    const end: Omit<ReconcileEndRecord, 'seq'> = {
      type: 'reconcile-end',
      time: span.endMs,
      controller,
      key,
      object,
      worker: emitted.worker,
      reconcileId: emitted.reconcileId,
      result,
      durationMs: round(span.endMs - span.startMs),
    };
    if (span.status.code === spanStatusError) end.error = span.status.message ?? `span ${span.name} ended with an error status`;
    if (result === 'error') summary.errors += 1;
    this.#options.emit(end);
  }

  #apiCall(owner: EmittedReconcile, span: ReceivedSpan, call: ApiCallSpan): void {
    const record = apiCallRecord(owner, { ...call, time: span.startMs, durationMs: round(span.endMs - span.startMs) });
    this.#options.emit(record);
    const summary = this.#controllers.get(owner.controller)?.summary;
    if (summary) summary.apiCalls += 1;
    this.#options.clients?.note(owner.controller, owner.service, call, span.startMs, span.endMs);
    if (call.code !== 409) return;
    if (summary) summary.conflicts += 1;
    // A span knows its 409, not who won: the journal's record of the same request does.
    const winner = this.#options.clients?.conflictOf?.(call, span.startMs, span.endMs);
    const conflict: Omit<ConflictRecord, 'seq'> = {
      type: 'conflict',
      time: span.endMs,
      controller: owner.controller,
      key: owner.key,
      object: owner.object,
      resource: call.resource,
      reconcileId: owner.reconcileId,
      ...winner,
    };
    this.#options.emit(conflict);
  }

  #remember(key: string, emitted: EmittedReconcile): void {
    this.#emitted.set(key, emitted);
    if (this.#emitted.size > rememberedReconciles) this.#emitted.delete(this.#emitted.keys().next().value!);
  }

  #expire(now: number): void {
    const holdMs = this.#options.holdMs ?? 120_000;
    const maxHeld = this.#options.maxHeld ?? 50_000;
    for (const [key, held] of this.#held) {
      if (now - held.at <= holdMs && this.#held.size <= maxHeld) break;
      this.#release(key);
    }
  }
}

/** A 409 is a conflict, not a failure (controller-runtime returns the Conflict error; kube-rs' error policy retries). */
function resultOf(span: ReceivedSpan, calls: readonly ApiCallSpan[]): ReconcileResultKind {
  const conflicted = calls.some((c) => c.code === 409);
  if (span.status.code === spanStatusError) return conflicted && conflictMessage.test(span.status.message ?? '') ? 'conflict' : 'error';
  return conflicted ? 'conflict' : 'success';
}
