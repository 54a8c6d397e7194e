/**
 * Everything the console infers from the request journal, in one place: feed it the journal's
 * records (and the runtime's telemetry, for the console's own controllers), call `tick` now and
 * then, read `snapshot`. Inferred reconciles, their API calls and conflicts leave through
 * `emit` as telemetry records, to be journaled beside the exact ones.
 */
import type {
  ActivityOverflow,
  ClientStaleness,
  ClientStalenessAnswer,
  ClientSummary,
  ClientWatches,
  ConflictRecord,
  HotLoop,
  ReconcileEndRecord,
  ReconcileResultKind,
  ReconcileStartRecord,
  RequestJournalHello,
  RequestJournalRecord,
  RequestRecord,
  StaleWrite,
  TelemetryRecord,
  WatchDeliveryRecord,
  WatchOpenRecord,
} from '@dojo/console-protocol';
import { formatObjectKey, identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { apiCallRecord } from './api-call-record.ts';
import type { ClientIdentifier, ClientIdentity } from './client-identity.ts';
import { ClientBook, isError, isWrite } from './client-stats.ts';
import { conflictCauseOf, isConflictOnObject } from './conflict-cause.ts';
import { DeliveredEvents } from './delivered-events.ts';
import { EmbeddedWrites } from './embedded-writes.ts';
import { HotLoopDetector, type HotLoopSettings, type WriteCause } from './hot-loop-detector.ts';
import { ClientPasses, type Pass, type PassSink, type RequestObject } from './pass-inference.ts';
import { Staleness } from './staleness.ts';
import { defaultInferenceSettings, type InferenceSettings } from './trigger-rules.ts';
import { WatchBook } from './watch-book.ts';
import { WrittenVersions } from './written-versions.ts';

type Unstamped<R> = R extends TelemetryRecord ? Omit<R, 'seq'> : never;
/** A telemetry record as activity emits it: the console's journal stamps its `seq`. */
export type TelemetryInput = Unstamped<TelemetryRecord>;

export interface ActivityClock {
  now(): number;
}

export interface ActivityOptions {
  clock: ActivityClock;
  /** Who made a request (client-identity.ts), knowing the console's controllers (their reconciles are recorded exactly) and its own user. */
  identifier: ClientIdentifier;
  emit: (record: TelemetryInput) => void;
  /**
   * Whether a client's reconciles reach the console exactly, as OTLP traces matched to its
   * requests (apps/server's otel/traced-clients.ts). Its passes are still inferred, for the hot
   * loops they reveal, but not journaled: the same reconciles would show twice.
   */
  sendsTraces?: (client: string) => boolean;
  inference?: Partial<InferenceSettings>;
  hotLoops?: Partial<HotLoopSettings>;
  /** How many clients are kept, and after how long idle one is forgotten (default: name-limits.ts). */
  clients?: { limit?: number; idleMs?: number };
  /**
   * The last journal seq a previous run of this console already applied (its records are on
   * disk, and so is what was emitted from them). After a restart the journal is read from its
   * start again: records up to here rebuild the state, but emit nothing a second time.
   */
  appliedThrough?: number;
}

export interface ActivityState {
  readonly clients: readonly ClientSummary[];
  readonly watches: readonly ClientWatches[];
  readonly hotLoops: readonly HotLoop[];
  /** How far each client's watches lag the server, per resource (staleness.ts). */
  readonly staleness: readonly ClientStaleness[];
  /** Writes made on a stale view, newest first (the newest `staleWritesInSnapshot`). */
  readonly staleWrites: readonly StaleWrite[];
  readonly overflow?: ActivityOverflow;
}

/** Stale writes in a snapshot of every client; `staleness(client)` lists more of one client's. */
const staleWritesInSnapshot = 50;

interface Inferred {
  events: DeliveredEvents;
  passes: ClientPasses;
}

interface EmbeddedWrite {
  record: RequestRecord;
  writer: string;
  object: ObjectIdentity;
}

const resourceOf = (r: { resource?: string | undefined; subresource?: string | undefined }) =>
  r.subresource ? `${r.resource}/${r.subresource}` : (r.resource ?? '');

function targetOf(record: RequestRecord): RequestObject | undefined {
  if (!record.name || !record.resource) return undefined;
  const object: ObjectIdentity = {
    group: record.group ?? '',
    kind: record.kind ?? record.resource,
    ...(record.namespace ? { namespace: record.namespace } : {}),
    name: record.name,
  };
  if (!record.owner) return { object, key: identityKey(object) };
  const owner: ObjectIdentity = {
    group: record.owner.group,
    kind: record.owner.kind,
    ...(record.namespace ? { namespace: record.namespace } : {}),
    name: record.owner.name,
  };
  return { object, key: identityKey(object), owner, ownerKey: identityKey(owner) };
}

export class Activity {
  readonly #options: ActivityOptions;
  readonly #settings: InferenceSettings;
  readonly #clients: ClientBook;
  readonly #watches = new WatchBook();
  readonly #written = new WrittenVersions();
  readonly #loops: HotLoopDetector;
  readonly #staleness = new Staleness();
  readonly #embedded = new EmbeddedWrites<EmbeddedWrite>();
  readonly #inferred = new Map<string, Inferred>();
  /**
   * Passes not journaled: a traced client's, or one a previous run already journaled. Decided
   * when the pass starts, so no pass is journaled half.
   */
  readonly #unjournaled = new WeakSet<Pass>();
  /** Whether the record being ingested was applied by a previous run (`appliedThrough`). */
  #replaying = false;

  constructor(options: ActivityOptions) {
    this.#options = options;
    this.#settings = { ...defaultInferenceSettings, ...options.inference };
    this.#loops = new HotLoopDetector(options.hotLoops);
    this.#clients = new ClientBook({ ...options.clients, onForget: (client) => this.#forget(client) });
  }

  /** The journal stream (re)started: learn the open watches; after a resync, drop half-seen passes. */
  hello(hello: RequestJournalHello): void {
    for (const open of hello.openWatches) this.#watchOpened(open);
    const open = new Set(hello.openWatches.map((w) => w.watchId));
    this.#watches.reconcileOpen(open, this.#options.clock.now());
    this.#staleness.hello(open, hello.resync);
    if (hello.resync) {
      for (const state of this.#inferred.values()) {
        state.passes.closeAll();
        state.events.clear();
      }
    }
  }

  ingest(record: RequestJournalRecord): void {
    const replayed = record.seq <= (this.#options.appliedThrough ?? 0);
    // The previous run ended every pass when it stopped (`close`): none of them spans the restart.
    if (this.#replaying && !replayed) for (const state of this.#inferred.values()) state.passes.closeAll();
    this.#replaying = replayed;
    switch (record.type) {
      case 'request':
        return this.#request(record);
      case 'watch-open':
        return this.#watchOpened(record);
      case 'watch-event':
        return this.#watchEvent(record);
      case 'watch-close':
        this.#staleness.watchClosed(record.watchId);
        return this.#watches.close(record);
    }
  }

  /** The runtime's records of the console's own reconciles: their triggers, and the writes they made. */
  ingestTelemetry(record: TelemetryRecord): void {
    if (record.type === 'reconcile-start' && !record.inferred) this.#embedded.reconcileStarted(record);
    else if (record.type === 'api-call') {
      const joined = this.#embedded.apiCall(record);
      if (joined)
        this.#observeEmbedded(
          joined.write,
          joined.triggers?.map((t) => t.resourceVersion),
        );
    }
  }

  /** The console stops: its open passes end now, so every journaled reconcile has its end. */
  close(): void {
    for (const state of this.#inferred.values()) state.passes.closeAll();
  }

  tick(): void {
    const now = this.#options.clock.now();
    for (const state of this.#inferred.values()) state.passes.closeQuiet(now);
    this.#loops.tick(now);
    this.#embedded.expire(now);
  }

  snapshot(): ActivityState {
    const now = this.#options.clock.now();
    const clients = this.#clients.overflow();
    const watches = this.#watches.dropped > 0 ? { limit: this.#watches.limit, dropped: this.#watches.dropped } : undefined;
    return {
      clients: this.#clients.summaries(now, this.#watches.heldByClient()),
      watches: this.#watches.summaries(),
      hotLoops: this.#loops.loops(now),
      staleness: this.#staleness.snapshot(now),
      staleWrites: this.#staleness.staleWrites().slice(0, staleWritesInSnapshot),
      ...(clients || watches ? { overflow: { ...(clients ? { clients } : {}), ...(watches ? { watches } : {}) } } : {}),
    };
  }

  /** One client's staleness: its resources, and every stale write of its that is kept. */
  staleness(client: string): Omit<ClientStalenessAnswer, 'time'> {
    return {
      client,
      resources: this.#staleness.snapshot(this.#options.clock.now(), client)[0]?.resources ?? [],
      staleWrites: this.#staleness.staleWrites(client),
      staleWriteCount: this.#staleness.staleWriteCount(client),
    };
  }

  /** A client idle long enough to give its place to a new one (client-stats.ts): what was inferred for it goes too. */
  #forget(client: string): void {
    this.#staleness.forget(client);
    this.#inferred.get(client)?.passes.closeAll();
    this.#inferred.delete(client);
    this.#watches.forget(client);
  }

  #identify(origin: { user: string; userAgent?: string | undefined; fieldManager?: string | undefined }): ClientIdentity {
    return this.#options.identifier.identify(origin);
  }

  #request(record: RequestRecord): void {
    const identity = this.#identify(record);
    // A client folded into "other" (beyond the limit of clients) is counted there, and no more.
    if (!this.#clients.request(identity, record, this.#options.clock.now())) return;
    const target = targetOf(record);
    this.#staleness.request(identity.name, this.#viewersOf(identity, record), record, target?.object);
    const wrote = isWrite(record) && record.code < 300 && !record.dryRun && record.rvReturned !== undefined;
    if (wrote && target)
      this.#written.wrote(record.rvReturned!, { writer: identity.name, objectKey: target.key, changedPaths: record.changedPaths ?? [], time: record.time });
    if (record.verb === 'list' && record.code < 300 && record.resource) {
      this.#watches.listed(identity.name, record.resource);
      this.#inferredOf(identity)?.passes.listed({ group: record.group ?? '', kind: record.kind ?? record.resource }, record.time);
      return;
    }
    if (target) {
      this.#observeUntriggered(identity, record, target.object);
      if (isWrite(record) && record.code < 300 && !record.dryRun) this.#loops.touched(target.object, target.owner, identity.name, record.time);
    }
    if (identity.kind === 'embedded') {
      if (wrote && target) {
        const joined = this.#embedded.journaled(record.rvReturned!, { record, writer: identity.name, object: target.object }, record.time);
        if (joined)
          this.#observeEmbedded(
            joined.write,
            joined.triggers?.map((t) => t.resourceVersion),
          );
      }
      return;
    }
    const inferred = this.#inferredOf(identity);
    if (inferred && target) inferred.passes.request(record, target);
    else if (isConflictOnObject(record) && target && !this.#replaying) this.#emitConflict(identity.name, record, target.object, undefined);
  }

  /**
   * Whose views a client reads through: its own; the console's controllers read the console's
   * shared informers (their watches are the console's), so theirs too.
   */
  #viewersOf(identity: ClientIdentity, record: RequestRecord): readonly string[] {
    if (identity.kind !== 'embedded') return [identity.name];
    return [identity.name, this.#identify({ user: record.user, userAgent: 'dojo-console' }).name];
  }

  /** Inference runs for clients that act like controllers; kubectl and the console do not reconcile. */
  #inferredOf(identity: ClientIdentity): Inferred | undefined {
    if (identity.kind !== 'connected' && identity.kind !== 'agent') return undefined;
    let state = this.#inferred.get(identity.name);
    if (!state) {
      const events = new DeliveredEvents();
      state = { events, passes: new ClientPasses(identity.name, events, this.#settings, this.#sink) };
      this.#inferred.set(identity.name, state);
    }
    return state;
  }

  #watchOpened(record: WatchOpenRecord): void {
    const identity = this.#identify(record);
    if (this.#watches.clientOf(record.watchId) !== undefined) return;
    if (!this.#clients.watchOpened(identity, record.user, record.userAgent, record.time, this.#options.clock.now())) return;
    this.#watches.open(identity.name, record);
    this.#staleness.watchOpened(identity.name, record);
    // Events count as triggers from the first one: the client's inference starts with its first watch.
    this.#inferredOf(identity);
  }

  #watchEvent(record: WatchDeliveryRecord): void {
    this.#staleness.watchEvent(record);
    const client = this.#watches.clientOf(record.watchId);
    const watch = this.#watches.opened(record.watchId);
    this.#watches.event(record);
    if (!client || !watch) return;
    this.#clients.watchEvent(client, record.time, this.#options.clock.now());
    const state = this.#inferred.get(client);
    if (!state || !record.name || (record.event !== 'ADDED' && record.event !== 'MODIFIED' && record.event !== 'DELETED')) return;
    const object: ObjectIdentity = {
      group: watch.group,
      kind: watch.kind ?? watch.resource,
      ...(record.namespace ? { namespace: record.namespace } : {}),
      name: record.name,
    };
    const owner =
      record.owner &&
      identityKey({
        group: record.owner.group,
        kind: record.owner.kind,
        ...(record.namespace ? { namespace: record.namespace } : {}),
        name: record.owner.name,
      });
    const delivered = state.events.add({
      seq: record.seq,
      time: record.time,
      event: record.event,
      object,
      initial: record.initial === true,
      ...(record.resourceVersion ? { resourceVersion: record.resourceVersion } : {}),
      ...(owner ? { ownerKey: owner } : {}),
    });
    state.passes.delivered(delivered);
  }

  /** What made `writer` write, from the resourceVersions of what triggered its pass. */
  #causeOf(writer: string, triggerVersions: readonly (string | undefined)[] | undefined): WriteCause {
    if (!triggerVersions || triggerVersions.length === 0) return { kind: 'outside' };
    const echoes = triggerVersions.map((rv) => this.#written.echoOf(rv));
    if (echoes.some((e) => e === undefined)) return { kind: 'outside' };
    const others = new Set(echoes.map((e) => e!.writer).filter((w) => w !== writer));
    if (others.size === 0) return { kind: 'self' };
    return others.size === 1 ? { kind: 'other', writer: [...others][0]! } : { kind: 'outside' };
  }

  #observe(writer: string, record: RequestRecord, object: ObjectIdentity, cause: WriteCause): void {
    if ((record.verb !== 'update' && record.verb !== 'patch') || !record.changedPaths?.length) return;
    this.#loops.observe({ time: record.time, writer, object, resource: resourceOf(record), changedPaths: record.changedPaths, cause });
  }

  /** Writes whose triggers cannot be seen (no watch event ever reached the client: audit) go to the `churn` rule. */
  #observeUntriggered(identity: ClientIdentity, record: RequestRecord, object: ObjectIdentity): void {
    if ((record.verb !== 'update' && record.verb !== 'patch') || record.code >= 300 || record.dryRun) return;
    if (identity.kind === 'embedded' || identity.kind === 'console' || this.#clients.watchEventsOf(identity.name) > 0) return;
    this.#loops.observeUntriggered({
      time: record.time,
      writer: identity.name,
      object,
      resource: resourceOf(record),
      ...(record.changedPaths ? { changedPaths: record.changedPaths } : {}),
      ...(record.rvReturned ? { rvReturned: record.rvReturned } : {}),
      ...(record.generation !== undefined ? { generation: record.generation } : {}),
    });
  }

  #observeEmbedded(write: EmbeddedWrite, triggerVersions: readonly (string | undefined)[] | undefined): void {
    this.#observe(write.writer, write.record, write.object, this.#causeOf(write.writer, triggerVersions));
  }

  #emitConflict(client: string, record: RequestRecord, object: ObjectIdentity, pass: Pass | undefined): void {
    const cause = conflictCauseOf(record);
    const conflict: Omit<ConflictRecord, 'seq'> = {
      type: 'conflict',
      time: record.time,
      controller: client,
      key: formatObjectKey(object),
      object,
      resource: resourceOf(record),
      cause,
    };
    if (pass) conflict.reconcileId = pass.id;
    // A fault rule's 409 (`dojo-console client NAME fault`): no write won it.
    if (record.fault) conflict.injected = true;
    // A field-manager conflict has no winner: nothing was written, the fields' owners are in `cause`.
    if (cause.kind === 'fieldManager') return this.#options.emit(conflict);
    if (record.rvSent) conflict.staleRV = record.rvSent;
    const winner = record.conflict;
    if (winner?.currentRV) conflict.currentRV = winner.currentRV;
    if (winner?.writer?.fieldManager) conflict.currentManager = winner.writer.fieldManager;
    if (winner?.writer?.source === 'managedFields') conflict.currentWriterFrom = 'managedFields';
    if (winner?.writer?.user)
      conflict.currentClient = this.#identify({ user: winner.writer.user, userAgent: winner.writer.userAgent, fieldManager: winner.writer.fieldManager }).name;
    this.#options.emit(conflict);
  }

  /** An inferred pass's request, journaled as its API call (and its conflict, for a 409). */
  #journalCall(pass: Pass, record: RequestRecord, object: ObjectIdentity): void {
    const reconcile = { controller: pass.client, key: formatObjectKey(pass.object), object: pass.object, reconcileId: pass.id, worker: pass.worker };
    const call = apiCallRecord(reconcile, { ...record, resource: resourceOf(record), durationMs: record.latencyMs });
    if (record.rvSent) call.rvSent = record.rvSent;
    if (record.rvReturned) call.rvReturned = record.rvReturned;
    if (record.fieldManager) call.fieldManager = record.fieldManager;
    // Answered by a fault rule, not the server: the timeline marks it beside the client's reaction.
    if (record.fault) call.injected = true;
    this.#options.emit(call);
    if (isConflictOnObject(record)) this.#emitConflict(pass.client, record, object, pass);
  }

  readonly #sink: PassSink = {
    started: (pass) => {
      if (this.#options.sendsTraces?.(pass.client)) {
        this.#unjournaled.add(pass);
        return;
      }
      this.#clients.inferredReconcile(pass.client);
      // Journaled by the run that first read its requests.
      if (this.#replaying) {
        this.#unjournaled.add(pass);
        return;
      }
      const start: Omit<ReconcileStartRecord, 'seq'> = {
        type: 'reconcile-start',
        time: pass.start,
        controller: pass.client,
        key: formatObjectKey(pass.object),
        object: pass.object,
        worker: pass.worker,
        reconcileId: pass.id,
        triggers: pass.trigger.triggers,
        droppedTriggers: 0,
        inferred: {
          client: pass.client,
          rule: pass.trigger.rule,
          confidence: pass.trigger.confidence,
          explanation: pass.trigger.explanation,
          object: pass.object,
        },
      };
      this.#options.emit(start);
    },
    request: (pass, record, object) => {
      if (!this.#unjournaled.has(pass)) this.#journalCall(pass, record, object);
      if (record.code < 300 && !record.dryRun)
        this.#observe(
          pass.client,
          record,
          object,
          this.#causeOf(
            pass.client,
            pass.trigger.events.map((e) => e.resourceVersion),
          ),
        );
    },
    ended: (pass) => {
      if (this.#unjournaled.has(pass)) return;
      const end: Omit<ReconcileEndRecord, 'seq'> = {
        type: 'reconcile-end',
        time: pass.end,
        controller: pass.client,
        key: formatObjectKey(pass.object),
        object: pass.object,
        worker: pass.worker,
        reconcileId: pass.id,
        result: resultOf(pass.requests),
        durationMs: Math.max(0, Math.round((pass.end - pass.start) * 100) / 100),
      };
      const failed = pass.requests.find((r) => isError(r));
      if (failed)
        end.error = `${failed.code}${failed.reason ? ` ${failed.reason}` : ''} on ${failed.verb} ${resourceOf(failed)}${failed.name ? ` ${failed.name}` : ''}`;
      this.#options.emit(end);
    },
  };
}

function resultOf(requests: readonly RequestRecord[]): ReconcileResultKind {
  if (requests.some((r) => isError(r))) return 'error';
  if (requests.some((r) => r.code === 409)) return 'conflict';
  return 'success';
}
