/**
 * Inferred reconciles of one client: its requests about one object grouped into passes, each
 * linked to what triggered it (trigger-rules.ts). The grouping rule:
 *
 * - A request belongs to the client's open pass over the same object — or over the object that
 *   controls it (a controller writes its children inside the owner's pass) — if it came at most
 *   `passGapMs` after the pass's last answer, no event interrupted the pass, and it does not
 *   repeat a request the pass already made (the same verb on the same object: a new pass has
 *   begun), unless that earlier one got a 409 (a retry inside the pass).
 * - An event about the pass's object or its children that reached the client after the pass
 *   began interrupts it (the event queues a new pass), unless it is the echo of a write this
 *   very pass made — but even then, a read of the pass's own object after it starts a new pass
 *   (that is how a pass begins). Echoes reach the journal before the write's own record, so
 *   this is decided when the next request comes, not when the event does.
 * - Otherwise a new pass starts, about the object an unconsumed event points at (its owner,
 *   when the client watches the owner's kind; else the object itself, its owner, or the owner
 *   of a changed child); else, for a request about an object
 *   with no known owner (a read that found nothing, a referenced Secret), the object of the
 *   oldest event still waiting for its pass — assumed, so 0.2 less sure; else, for a write to a
 *   controlled object, its owner; else the object itself.
 * - An assumption is settled by the pass's next request: if the pass then writes that very
 *   object as a child of the pass's object (get-or-create: the read found nothing, so it makes
 *   it), the assumption is confirmed and the pass is as sure as its trigger; otherwise it stays
 *   0.2 less sure. Until settled, the pass and its first request are held back from the sink,
 *   so what is journaled says what the evidence says.

 * - Passes of one client may overlap (several workers); each gets the lowest free lane.
 */
import { identityKey, parseIdentityKey, type ObjectIdentity } from '@dojo/kube-api';
import type { RequestRecord } from '@dojo/console-protocol';
import type { DeliveredEvent, DeliveredEvents } from './delivered-events.ts';
import { inferTrigger, type InferenceSettings, type InferredTrigger } from './trigger-rules.ts';

export interface Pass {
  readonly id: string;
  readonly client: string;
  readonly object: ObjectIdentity;
  readonly key: string;
  readonly worker: number;
  readonly start: number;
  /** Set once: a pass begun on an assumption says how sure it is when the assumption is settled. */
  trigger: InferredTrigger;
  readonly requests: RequestRecord[];
  /**
   * What its requests did, kept as they are filed (a long pass would otherwise be re-read for
   * every request): the signatures of those answered other than 409 (a repeat begins a new
   * pass; a retry after a conflict does not), and the resourceVersions they returned (its echoes).
   */
  readonly made: Set<string>;
  readonly returned: Set<string | undefined>;
  /** While its first request's object is only assumed to belong to it: what settling needs. */
  unsettled?: Assumption | undefined;
  /** When its last request was answered. */
  end: number;
  lastAt: number;
}

/** A pass begun on an assumption, until its next request (or its end) settles it. */
interface Assumption {
  /** The object the first request was about. */
  readonly object: ObjectIdentity;
  readonly key: string;
  /** The trigger as sure as the rule makes it, for when the assumption is confirmed. */
  readonly confirmed: InferredTrigger;
  /** The first request, held back with the pass's start. */
  readonly held: { record: RequestRecord; object: ObjectIdentity }[];
}

export interface PassSink {
  started(pass: Pass): void;
  request(pass: Pass, record: RequestRecord, object: ObjectIdentity): void;
  ended(pass: Pass): void;
}

/** The object a request is about, and the object that controls it. */
export interface RequestObject {
  readonly object: ObjectIdentity;
  readonly key: string;
  readonly owner?: ObjectIdentity;
  readonly ownerKey?: string;
}

const label = (o: ObjectIdentity) => `${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name}`;
const signature = (r: RequestRecord) => `${r.verb} ${r.group}/${r.resource}/${r.subresource ?? ''} ${r.namespace ?? ''}/${r.name ?? ''}`;
const kindKey = (o: ObjectIdentity) => `${o.group}/${o.kind}`;

function file(pass: Pass, record: RequestRecord): void {
  pass.requests.push(record);
  if (record.code !== 409) pass.made.add(signature(record));
  pass.returned.add(record.rvReturned);
}

export class ClientPasses {
  readonly #client: string;
  readonly #settings: InferenceSettings;
  readonly #sink: PassSink;
  readonly #events: DeliveredEvents;
  readonly #open = new Map<string, Pass>();
  readonly #lanes: (Pass | undefined)[] = [];
  readonly #listedAt = new Map<string, number>();
  readonly #starts = new Map<string, number[]>();

  constructor(client: string, events: DeliveredEvents, settings: InferenceSettings, sink: PassSink) {
    this.#client = client;
    this.#events = events;
    this.#settings = settings;
    this.#sink = sink;
  }

  /** An event reached the client; the initial events of a watch are a list. */
  delivered(event: DeliveredEvent): void {
    if (event.initial) this.#listedAt.set(kindKey(event.object), event.time);
  }

  listed(object: Pick<ObjectIdentity, 'group' | 'kind'>, time: number): void {
    this.#listedAt.set(`${object.group}/${object.kind}`, time);
  }

  request(record: RequestRecord, target: RequestObject): Pass {
    const joined =
      this.#joinable(target.key, record, target.key) ??
      (target.ownerKey ? this.#joinable(target.ownerKey, record, target.key) : undefined) ??
      this.#misfiled(record, target) ??
      this.#continuedPast(record, target);
    const pass = joined ?? this.#begin(record, target);
    if (joined?.unsettled) this.#settle(joined, target, record);
    file(pass, record);
    pass.lastAt = Math.max(pass.lastAt, record.time);
    pass.end = Math.max(pass.end, record.time + record.latencyMs);
    if (pass.unsettled) pass.unsettled.held.push({ record, object: target.object });
    else this.#sink.request(pass, record, target.object);
    return pass;
  }

  /**
   * The pass's next request (or its end, with no request) settles what its first request
   * assumed: a successful write of that very object as a child of the pass's object confirms it.
   */
  #settle(pass: Pass, next?: RequestObject, record?: RequestRecord): void {
    const assumption = pass.unsettled!;
    const wroteIt =
      next !== undefined && record !== undefined && record.verb !== 'get' && record.code < 300 && next.key === assumption.key && next.ownerKey === pass.key;
    if (wroteIt)
      pass.trigger = {
        ...assumption.confirmed,
        explanation: `${assumption.confirmed.explanation}; its first request was about ${label(assumption.object)}, which it then wrote as a child of ${label(pass.object)}`,
      };
    pass.unsettled = undefined;
    this.#sink.started(pass);
    for (const held of assumption.held) this.#sink.request(pass, held.record, held.object);
  }

  /**
   * A pass whose assumed first read was filed under the wrong waiting event: it now writes that
   * very object as a child of another object that had an event waiting when the pass began (a
   * new namespace's root CA ConfigMap reached an owns-watch just before the owner's ADDED did).
   * The pass is moved to that owner, its trigger inferred again, and the event it took from
   * the other object given back; the caller's settling then confirms it.
   */
  #misfiled(record: RequestRecord, target: RequestObject): Pass | undefined {
    if (record.verb === 'get' || record.code >= 300 || !target.owner || !target.ownerKey) return undefined;
    const pass = [...this.#open.values()].find((p) => p.unsettled?.key === target.key && p.key !== target.ownerKey);
    if (!pass || record.time - pass.end > this.#settings.passGapMs) return undefined;
    const { same, owned } = this.#events.candidates(target.ownerKey, pass.start, this.#settings.triggerWindowMs);
    if (same.length === 0 && owned.length === 0) return undefined;
    this.#events.release(pass.trigger.events);
    const starts = (this.#starts.get(pass.key) ?? []).filter((t) => t !== pass.start);
    if (starts.length > 0) this.#starts.set(pass.key, starts);
    else this.#starts.delete(pass.key);
    const other = this.#open.get(target.ownerKey);
    if (other) this.#close(other);
    this.#open.delete(pass.key);
    const moved = this.#startPass(pass.start, pass.worker, pass.id, target.owner, pass.unsettled!.object);
    for (const request of pass.requests) file(moved, request);
    moved.end = pass.end;
    moved.lastAt = pass.lastAt;
    moved.unsettled!.held.push(...pass.unsettled!.held);
    return moved;
  }

  /**
   * A request about an object that names no owner (an Event it publishes, a Secret it reads)
   * while the pass it would be filed under is still open: it continues that pass, unless the
   * pass was interrupted. The echo of the pass's own write (its new child's ADDED, which often
   * reaches the client before the pass's next request) waits for the next pass rather than
   * splitting this one in two — kube-rs creates its child, then publishes an Event and writes
   * status, all in one reconcile.
   */
  #continuedPast(record: RequestRecord, target: RequestObject): Pass | undefined {
    if (target.owner) return undefined;
    const { object, assumed } = this.#passObject(record, target);
    return assumed ? this.#joinable(identityKey(object), record, target.key) : undefined;
  }

  /** Ends passes that have been quiet for `passGapMs`. */
  closeQuiet(now: number): void {
    for (const pass of [...this.#open.values()]) if (now - pass.end > this.#settings.passGapMs) this.#close(pass);
  }

  closeAll(): void {
    for (const pass of [...this.#open.values()]) this.#close(pass);
  }

  #joinable(key: string, record: RequestRecord, requestKey: string): Pass | undefined {
    const pass = this.#open.get(key);
    if (!pass) return undefined;
    const fresh = record.time - pass.end <= this.#settings.passGapMs;
    const repeat = pass.made.has(signature(record));
    const events = this.#events.about(key, pass.start, record.time);
    // Even the echo of its own write: re-reading the object itself after it is how a pass begins.
    const rereads = record.verb === 'get' && requestKey === key && events.length > 0;
    const interrupted = rereads || events.some((e) => !pass.returned.has(e.resourceVersion));
    if (fresh && !repeat && !interrupted) return pass;
    this.#close(pass);
    return undefined;
  }

  #begin(record: RequestRecord, target: RequestObject): Pass {
    const { object, assumed } = this.#passObject(record, target);
    const existing = this.#open.get(identityKey(object));
    if (existing) this.#close(existing);
    let worker = this.#lanes.findIndex((p) => p === undefined);
    if (worker < 0) worker = this.#lanes.length;
    // Named by the journal seq of its first request: unique across restarts, and the same when the journal is read again.
    return this.#startPass(record.time, worker, `inferred-${this.#client}-${record.seq}`, object, assumed ? target.object : undefined);
  }

  /** Opens a pass over `object`, its trigger inferred; `assumedRead` is what its first request was about, when only assumed. */
  #startPass(start: number, worker: number, id: string, object: ObjectIdentity, assumedRead?: ObjectIdentity): Pass {
    const key = identityKey(object);
    const previousStarts = this.#starts.get(key) ?? [];
    const inferred = inferTrigger(
      { client: this.#client, key, label: label(object), start, events: this.#events, listedAt: this.#listedAt.get(kindKey(object)), previousStarts },
      this.#settings,
    );
    const trigger = assumedRead
      ? {
          ...inferred,
          confidence: Math.round((inferred.confidence - 0.2) * 100) / 100,
          explanation: `${inferred.explanation}; its first request was about ${label(assumedRead)}, assumed to be part of this pass`,
        }
      : inferred;
    const pass: Pass = { id, client: this.#client, object, key, worker, start, trigger, requests: [], made: new Set(), returned: new Set(), end: start, lastAt: start };
    if (assumedRead) pass.unsettled = { object: assumedRead, key: identityKey(assumedRead), confirmed: inferred, held: [] };
    this.#lanes[worker] = pass;
    this.#open.set(key, pass);
    this.#starts.delete(key);
    this.#starts.set(key, [...previousStarts.slice(-7), start]);
    if (this.#starts.size > 20_000) this.#starts.delete(this.#starts.keys().next().value!);
    if (!pass.unsettled) this.#sink.started(pass);
    return pass;
  }

  /** Which object a new pass is about, and whether that was only assumed (see the rules above). */
  #passObject(record: RequestRecord, target: RequestObject): { object: ObjectIdentity; assumed: boolean } {
    const waits = (key: string) => this.#events.waiting(key, record.time, this.#settings.triggerWindowMs);
    const ownerWaits = target.owner !== undefined && target.ownerKey !== undefined && waits(target.ownerKey);
    // A controller that watches the owner's kind queues the owner for its children's events
    // (controller-runtime's Owns, kube-rs's owns): its read of a child whose ADDED is waiting
    // begins the owner's pass, not one over the child.
    if (ownerWaits && this.#listedAt.has(kindKey(target.owner!))) return { object: target.owner!, assumed: false };
    if (waits(target.key)) return { object: target.object, assumed: false };
    if (ownerWaits) return { object: target.owner!, assumed: false };
    const oldest = target.owner ? undefined : this.#events.oldestWaiting(record.time, this.#settings.triggerWindowMs);
    if (oldest) {
      // A read of something that is not there yet (get-or-create of a child) or of something
      // unrelated the pass needs (a referenced Secret): filed under the oldest event still
      // waiting for its pass, the way a controller's queue hands out keys.
      const object = (oldest.ownerKey && parseIdentityKey(oldest.ownerKey)) || oldest.object;
      return { object, assumed: true };
    }
    const writes = record.verb !== 'get';
    return { object: writes && target.owner ? target.owner : target.object, assumed: false };
  }

  #close(pass: Pass): void {
    if (this.#open.get(pass.key) !== pass) return;
    this.#open.delete(pass.key);
    if (this.#lanes[pass.worker] === pass) this.#lanes[pass.worker] = undefined;
    if (pass.unsettled) this.#settle(pass);
    this.#sink.ended(pass);
  }
}
