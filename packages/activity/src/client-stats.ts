/**
 * One card's worth of numbers per client: what it asked, how fast, how much failed, how many
 * 409s it got, how many watches it holds. Totals count from when the console started reading
 * the journal; rates cover the last 10 seconds. At most `nameLimits.clients` clients are kept
 * (bounded-names.ts): the idle are forgotten first, the overflow is counted as "other".
 */
import type { ClientKind, ClientSummary, RequestRecord } from '@dojo/console-protocol';
import type { ClientIdentity } from './client-identity.ts';
import { BoundedNames } from './bounded-names.ts';
import { clipName, nameLimits } from './name-limits.ts';
import { RateWindow } from './rate-window.ts';

const writeVerbs = new Set(['create', 'update', 'patch', 'delete', 'deletecollection']);
const maxNames = 6;
const ownKinds: ReadonlySet<ClientKind> = new Set<ClientKind>(['embedded', 'console', 'kubectl']);

/** 409s are conflicts, not errors; a read's 404 is an answer ("not there yet"), not a failure. */
export function isError(record: Pick<RequestRecord, 'code' | 'verb'>): boolean {
  if (record.code < 400 || record.code === 409) return false;
  return !(record.code === 404 && (record.verb === 'get' || record.verb === 'list'));
}

export const isWrite = (record: Pick<RequestRecord, 'verb'>): boolean => writeVerbs.has(record.verb);

class ClientStats {
  readonly identity: ClientIdentity;
  readonly user: string;
  readonly userAgents = new Set<string>();
  readonly fieldManagers = new Set<string>();
  readonly requestRate = new RateWindow();
  readonly writeRate = new RateWindow();
  firstSeen: number;
  lastSeen: number;
  requests = 0;
  writes = 0;
  errors = 0;
  conflicts = 0;
  watchEvents = 0;
  inferredReconciles = 0;

  constructor(identity: ClientIdentity, user: string, time: number) {
    this.identity = identity;
    this.user = user;
    this.firstSeen = time;
    this.lastSeen = time;
  }

  seen(time: number, userAgent: string | undefined, fieldManager: string | undefined): void {
    this.lastSeen = Math.max(this.lastSeen, time);
    this.firstSeen = Math.min(this.firstSeen, time);
    if (userAgent && this.userAgents.size < maxNames) this.userAgents.add(clipName(userAgent));
    if (fieldManager && this.fieldManagers.size < maxNames) this.fieldManagers.add(clipName(fieldManager));
  }
}

export interface ClientBookOptions {
  limit?: number;
  idleMs?: number;
  /** A client forgotten to make room for a new one: what else is kept for it can go. */
  onForget?: (client: string) => void;
}

export class ClientBook {
  readonly #clients: BoundedNames<ClientStats>;
  /**
   * The console itself, its own controllers and kubectl: names the console knows before any
   * request (a fixed few), never folded however many outside clients come first.
   */
  readonly #own = new Map<string, ClientStats>();

  constructor(options: ClientBookOptions = {}) {
    this.#clients = new BoundedNames({
      limit: options.limit ?? nameLimits.clients,
      idleMs: options.idleMs ?? nameLimits.idleMs,
      ...(options.onForget ? { onEvict: (name: string) => options.onForget!(name) } : {}),
    });
  }

  /** Whether the client has a place of its own (else it was folded into "other"). */
  has(name: string): boolean {
    return this.#own.has(name) || this.#clients.get(name) !== undefined;
  }

  overflow() {
    return this.#clients.overflow();
  }

  /** `now`: the console's clock, which orders clients by activity (a record's own time is the sender's to choose). */
  #of(identity: ClientIdentity, user: string, time: number, now: number): ClientStats | undefined {
    if (!ownKinds.has(identity.kind)) return this.#clients.admit(identity.name, now, () => new ClientStats(identity, clipName(user), time));
    let stats = this.#own.get(identity.name);
    if (!stats) this.#own.set(identity.name, (stats = new ClientStats(identity, clipName(user), time)));
    return stats;
  }

  /** Counts a request; false when its client is folded into "other". */
  request(identity: ClientIdentity, record: RequestRecord, now: number): boolean {
    const stats = this.#of(identity, record.user, record.time, now);
    if (!stats) return false;
    stats.seen(record.time, record.userAgent, record.fieldManager);
    stats.requests++;
    stats.requestRate.add(record.time);
    if (isWrite(record)) {
      stats.writes++;
      stats.writeRate.add(record.time);
    }
    if (record.code === 409) stats.conflicts++;
    else if (isError(record)) stats.errors++;
    return true;
  }

  /** Counts a watch's opening; false when its client is folded into "other". */
  watchOpened(identity: ClientIdentity, user: string, userAgent: string | undefined, time: number, now: number): boolean {
    const stats = this.#of(identity, user, time, now);
    if (!stats) return false;
    stats.seen(time, userAgent, undefined);
    stats.requests++;
    stats.requestRate.add(time);
    return true;
  }

  watchEvent(name: string, time: number, now: number): void {
    const stats = this.#own.get(name) ?? this.#clients.get(name);
    if (!stats) return;
    this.#clients.touch(name, now);
    stats.watchEvents++;
    stats.lastSeen = Math.max(stats.lastSeen, time);
  }

  /** Watch events delivered to a client so far: none ever, on a real cluster read through audit. */
  watchEventsOf(name: string): number {
    return (this.#own.get(name) ?? this.#clients.get(name))?.watchEvents ?? 0;
  }

  inferredReconcile(name: string): void {
    const stats = this.#own.get(name) ?? this.#clients.get(name);
    if (stats) stats.inferredReconciles++;
  }

  summaries(now: number, watchesHeld: ReadonlyMap<string, number>): ClientSummary[] {
    return [...this.#own.values(), ...this.#clients.values()]
      .map((s) => ({
        name: s.identity.name,
        kind: s.identity.kind,
        user: s.user,
        userAgents: [...s.userAgents],
        fieldManagers: [...s.fieldManagers],
        firstSeen: s.firstSeen,
        lastSeen: s.lastSeen,
        requestsPerSecond: s.requestRate.perSecond(now, s.firstSeen),
        writesPerSecond: s.writeRate.perSecond(now, s.firstSeen),
        totals: { requests: s.requests, writes: s.writes, errors: s.errors, conflicts: s.conflicts, watchEvents: s.watchEvents },
        watchesHeld: watchesHeld.get(s.identity.name) ?? 0,
        inferredReconciles: s.inferredReconciles,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }
}
