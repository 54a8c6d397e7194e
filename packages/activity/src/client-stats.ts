/**
 * One card's worth of numbers per client: what it asked, how fast, how much failed, how many
 * 409s it got, how many watches it holds. Totals count from when the console started reading
 * the journal; rates cover the last 10 seconds.
 */
import type { ClientSummary, RequestRecord } from '@dojo/console-protocol';
import type { ClientIdentity } from './client-identity.ts';
import { RateWindow } from './rate-window.ts';

const writeVerbs = new Set(['create', 'update', 'patch', 'delete', 'deletecollection']);
const maxNames = 6;

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
    if (userAgent && this.userAgents.size < maxNames) this.userAgents.add(userAgent);
    if (fieldManager && this.fieldManagers.size < maxNames) this.fieldManagers.add(fieldManager);
  }
}

export class ClientBook {
  readonly #clients = new Map<string, ClientStats>();

  #of(identity: ClientIdentity, user: string, time: number): ClientStats {
    let stats = this.#clients.get(identity.name);
    if (!stats) {
      stats = new ClientStats(identity, user, time);
      this.#clients.set(identity.name, stats);
    }
    return stats;
  }

  request(identity: ClientIdentity, record: RequestRecord): void {
    const stats = this.#of(identity, record.user, record.time);
    stats.seen(record.time, record.userAgent, record.fieldManager);
    stats.requests++;
    stats.requestRate.add(record.time);
    if (isWrite(record)) {
      stats.writes++;
      stats.writeRate.add(record.time);
    }
    if (record.code === 409) stats.conflicts++;
    else if (isError(record)) stats.errors++;
  }

  watchOpened(identity: ClientIdentity, user: string, userAgent: string | undefined, time: number): void {
    const stats = this.#of(identity, user, time);
    stats.seen(time, userAgent, undefined);
    stats.requests++;
    stats.requestRate.add(time);
  }

  watchEvent(name: string, time: number): void {
    const stats = this.#clients.get(name);
    if (!stats) return;
    stats.watchEvents++;
    stats.lastSeen = Math.max(stats.lastSeen, time);
  }

  /** Watch events delivered to a client so far: none ever, on a real cluster read through audit. */
  watchEventsOf(name: string): number {
    return this.#clients.get(name)?.watchEvents ?? 0;
  }

  inferredReconcile(name: string): void {
    const stats = this.#clients.get(name);
    if (stats) stats.inferredReconciles++;
  }

  summaries(now: number, watchesHeld: (client: string) => number): ClientSummary[] {
    return [...this.#clients.values()]
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
        watchesHeld: watchesHeld(s.identity.name),
        inferredReconciles: s.inferredReconciles,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }
}
