/**
 * Bounds the requests being served at once, as kube-apiserver's `--max-requests-inflight` (400
 * non-mutating) and `--max-mutating-requests-inflight` (200) do, plus a share per client in the
 * spirit of API Priority and Fairness: APF queues each flow (a user) fairly within its priority
 * level, so one client cannot take every seat; here a client past its share is refused at once
 * instead of queued. Beyond either bound the answer is kube's 429 (`Retry-After: 1`, the
 * max-in-flight filter's value).
 *
 * - Long-running requests (watches) hold no seat, as kube's `LongRunningRequestCheck` exempts
 *   them: a watch lasts for hours and would otherwise fill the budget.
 * - `system:masters` (the console's own admin credential) is exempt, as APF's `exempt` priority
 *   level exempts that group: the console and its operators are never throttled by a client.
 * - A client is its user name; a request without one (health, version) is its remote address.
 */
import type { IncomingMessage } from 'node:http';
import { newTooManyRequests, isParamTrue, type RequestTarget } from '@dojo/kube-api';
import { systemMasters, type UserInfo } from '../auth/user-info.ts';

export interface InflightLimits {
  /** Non-mutating requests (GET, HEAD, OPTIONS) served at once, all clients together. */
  maxReadOnly: number;
  /** Mutating requests (POST, PUT, PATCH, DELETE) served at once, all clients together. */
  maxMutating: number;
  /** Non-mutating requests one client may have in flight. */
  maxReadOnlyPerClient: number;
  /** Mutating requests one client may have in flight. */
  maxMutatingPerClient: number;
}

/**
 * kube-apiserver's defaults for the totals; a client gets a quarter of each (unless told
 * otherwise), so at least four clients are needed to exhaust the server and one client's LISTs
 * cannot starve the rest. 0 means no limit, as for kube's flags.
 */
export function inflightLimitsOf(given: Partial<InflightLimits> = {}): InflightLimits {
  const unlimited = (n: number): number => (n === 0 ? Infinity : n);
  const maxReadOnly = unlimited(given.maxReadOnly ?? 400);
  const maxMutating = unlimited(given.maxMutating ?? 200);
  const quarter = (n: number): number => (n === Infinity ? Infinity : Math.max(1, Math.floor(n / 4)));
  return {
    maxReadOnly,
    maxMutating,
    maxReadOnlyPerClient: unlimited(given.maxReadOnlyPerClient ?? quarter(maxReadOnly)),
    maxMutatingPerClient: unlimited(given.maxMutatingPerClient ?? quarter(maxMutating)),
  };
}

/** kube's WithMaxInFlightLimit answers `Retry-After: 1`. */
const retryAfterSeconds = 1;

/** The text of kube's 429 (server/filters' tooManyRequests). */
export const tooManyRequestsMessage = 'Too many requests, please try again later.';

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isMutatingMethod = (method: string | undefined): boolean => !readOnlyMethods.has(method ?? 'GET');

interface Seats {
  total: number;
  byClient: Map<string, number>;
}

export class InflightLimiter {
  readonly #limits: InflightLimits;
  readonly #readOnly: Seats = { total: 0, byClient: new Map() };
  readonly #mutating: Seats = { total: 0, byClient: new Map() };

  constructor(limits: Partial<InflightLimits> = {}) {
    this.#limits = inflightLimitsOf(limits);
  }

  /**
   * Takes a seat for one request of `client`, or throws kube's 429. The returned function gives
   * the seat back (call it once the answer has left or the connection is gone); calling it
   * again does nothing.
   */
  acquire(client: string, mutating: boolean): () => void {
    const seats = mutating ? this.#mutating : this.#readOnly;
    const total = mutating ? this.#limits.maxMutating : this.#limits.maxReadOnly;
    const perClient = mutating ? this.#limits.maxMutatingPerClient : this.#limits.maxReadOnlyPerClient;
    const held = seats.byClient.get(client) ?? 0;
    if (seats.total >= total || held >= perClient) throw newTooManyRequests(tooManyRequestsMessage, retryAfterSeconds);
    seats.total++;
    seats.byClient.set(client, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      seats.total--;
      const left = (seats.byClient.get(client) ?? 1) - 1;
      if (left === 0) seats.byClient.delete(client);
      else seats.byClient.set(client, left);
    };
  }

  /** Requests in flight now (for tests and metrics). */
  inFlight(): { readOnly: number; mutating: number } {
    return { readOnly: this.#readOnly.total, mutating: this.#mutating.total };
  }
}

/**
 * The client a request counts against, or undefined when it holds no seat: probes, watches and
 * the journal's stream (long-running), and the admin (exempt).
 */
export function seatHolderOf(req: IncomingMessage, target: RequestTarget, query: URLSearchParams, user: UserInfo | undefined): string | undefined {
  if (target.type === 'health' || target.type === 'request-journal') return undefined;
  if (target.type === 'resource' && (target.legacyWatch || isParamTrue(query, 'watch'))) return undefined;
  if (user?.groups.includes(systemMasters)) return undefined;
  return user ? `user:${user.name}` : `address:${req.socket.remoteAddress ?? ''}`;
}
