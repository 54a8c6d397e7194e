/**
 * Which client of the API server a traced operator is. An operator that is connected (its
 * requests journaled under its credential's name) and sends traces (named by its span
 * `service.name`) is one controller, not two: its reconcile spans' API calls are requests the
 * journal saw, made by that client at that moment. So each received API call is looked up
 * among the journal's recent requests (same verb, resource, object and status code, within a
 * moment of the span), and the client that made most of them is the traced service's client.
 * A service named exactly as a client of the journal is that client too (an explicit match).
 * The journal's record of a request may arrive after the span that recorded it (the two travel
 * apart), so a call that matched nothing yet is asked again, for a while, on the next question.
 *
 * Only the API server's journal knows this (the embedded cluster, or a real one's audit feed);
 * without one, nothing is matched and a traced controller stays a card of its own.
 *
 * The same lookup names the write that won a traced 409: a span knows only its status code, but
 * the journal's record of that refused request carries the resourceVersion sent, the current one
 * and who wrote it (`conflictOf`).
 */
import { BoundedNames, nameLimits, type ClientIdentifier, type RequestSink } from '@dojo/activity';
import type { RequestJournalRecord, RequestRecord } from '@dojo/console-protocol';
import type { ClientMatcher, ConflictWinner } from './receive-reconciles.ts';
import type { ApiCallSpan } from './receive-span-kinds.ts';

export interface TracedClientsOptions {
  /** Names the client of a journaled request, as the activity view does. */
  identifier: ClientIdentifier;
  /** How far apart a span and the journal's record of its request may be (clocks, batching). */
  slackMs?: number;
  /** How many recent requests are kept to match against. */
  maxRequests?: number;
  /** How long a traced call that matched no request yet is asked about again (default 2 minutes). */
  pendingMs?: number;
  clock?: { now(): number };
}

interface PendingCall {
  readonly call: ApiCallSpan;
  readonly startMs: number;
  readonly endMs: number;
}

/** What is known of one traced controller: calls matched to each client, and calls not matched yet. */
interface Votes {
  readonly byClient: Map<string, number>;
  pending: PendingCall[];
}

const maxPendingPerController = 64;
const rematchEveryMs = 1_000;

interface Seen {
  readonly client: string;
  readonly time: number;
  /** A 409's record: the version it sent and the write that had won. */
  readonly refused?: Pick<RequestRecord, 'rvSent' | 'conflict'>;
}

// A create's URL names no object (the name is in the body), so creates match without one.
const fingerprint = (verb: string, resource: string, namespace: string | undefined, name: string | undefined, code: number) =>
  `${verb} ${resource} ${namespace ?? ''}/${verb === 'create' ? '' : (name ?? '')} ${code}`;

export class TracedClients implements RequestSink, ClientMatcher {
  readonly #identifier: ClientIdentifier;
  readonly #slackMs: number;
  readonly #max: number;
  readonly #pendingMs: number;
  readonly #clock: { now(): number };
  readonly #votes = new Map<string, Votes>();
  readonly #byFingerprint = new Map<string, Seen[]>();
  /** Fingerprints in arrival order, to forget the oldest. */
  readonly #order: string[] = [];
  #head = 0;
  /** The clients of the journal, as many as the activity keeps (name-limits.ts): an explicit match is by name. */
  readonly #clients = new BoundedNames<true>({ limit: nameLimits.clients, idleMs: nameLimits.idleMs });
  /** The service of each traced controller that made calls, to match them again (`sendsTraces`). */
  readonly #services = new Map<string, string>();
  /** Clients found to be traced operators: their reconciles are journaled from their traces. */
  readonly #tracing = new Set<string>();
  #matchedAt = -Infinity;

  constructor(options: TracedClientsOptions) {
    this.#identifier = options.identifier;
    this.#slackMs = options.slackMs ?? 2_000;
    this.#max = options.maxRequests ?? 20_000;
    this.#pendingMs = options.pendingMs ?? 120_000;
    this.#clock = options.clock ?? { now: () => Date.now() };
  }

  /** A traced controller's API call, to be matched now or on a later question. */
  note(controller: string, service: string, call: ApiCallSpan, startMs: number, endMs: number): void {
    this.#services.set(controller, service);
    let votes = this.#votes.get(controller);
    if (!votes) this.#votes.set(controller, (votes = { byClient: new Map(), pending: [] }));
    votes.pending.push({ call, startMs, endMs });
    if (votes.pending.length > maxPendingPerController) votes.pending.shift();
  }

  /** The client a traced controller is: the one named as its service, else the one that made most of its calls. */
  clientFor(controller: string, service: string): string | undefined {
    const client = this.#match(controller, service);
    if (client !== undefined) this.#tracing.add(client);
    return client;
  }

  /**
   * Whether `client` is a traced operator (the activity inference then leaves its reconciles to
   * its traces). Asked for every request, so calls still waiting for their journal record are
   * matched again here at most once a second.
   */
  sendsTraces(client: string): boolean {
    const now = this.#clock.now();
    if (now - this.#matchedAt >= rematchEveryMs) {
      this.#matchedAt = now;
      for (const [controller, service] of this.#services) this.clientFor(controller, service);
    }
    return this.#tracing.has(client);
  }

  forget(controller: string): void {
    this.#votes.delete(controller);
    this.#services.delete(controller);
  }

  #match(controller: string, service: string): string | undefined {
    if (this.#clients.get(service)) return service;
    const votes = this.#votes.get(controller);
    if (!votes) return undefined;
    const now = this.#clock.now();
    votes.pending = votes.pending.filter((p) => {
      const client = this.clientOf(p.call, p.startMs, p.endMs);
      if (client !== undefined) votes.byClient.set(client, (votes.byClient.get(client) ?? 0) + 1);
      return client === undefined && now - p.endMs <= this.#pendingMs;
    });
    let best: [string, number] | undefined;
    for (const [client, count] of votes.byClient) if (!best || count > best[1]) best = [client, count];
    return best?.[0];
  }

  append(record: RequestJournalRecord): void {
    if (record.type !== 'request' || !record.resource) return;
    const client = this.#identifier.identify({ user: record.user, userAgent: record.userAgent, fieldManager: record.fieldManager });
    // The console's own controllers and informers send no spans here.
    if (client.kind === 'embedded' || client.kind === 'console') return;
    this.#clients.admit(client.name, this.#clock.now(), () => true);
    const resource = record.subresource ? `${record.resource}/${record.subresource}` : record.resource;
    const key = fingerprint(record.verb, resource, record.namespace, record.name, record.code);
    const entry: Seen =
      record.code === 409
        ? { client: client.name, time: record.time, refused: { rvSent: record.rvSent, conflict: record.conflict } }
        : { client: client.name, time: record.time };
    const seen = this.#byFingerprint.get(key);
    if (seen) seen.push(entry);
    else this.#byFingerprint.set(key, [entry]);
    this.#order.push(key);
    if (this.#order.length - this.#head > this.#max) this.#forgetOldest();
  }

  /** The client whose journaled request is this traced call, if exactly one client made such a request then. */
  clientOf(call: ApiCallSpan, startMs: number, endMs: number): string | undefined {
    const seen = this.#byFingerprint.get(fingerprint(call.verb, call.resource, call.namespace, call.name, call.code));
    if (!seen) return undefined;
    const clients = new Set(seen.filter((s) => s.time >= startMs - this.#slackMs && s.time <= endMs + this.#slackMs).map((s) => s.client));
    return clients.size === 1 ? [...clients][0] : undefined;
  }

  /**
   * The winner of a traced 409, from the journal's record of the refused request (the nearest in
   * time, if several clients' or passes' match): undefined while that record has not arrived, or
   * for a call that was no 409.
   */
  conflictOf(call: ApiCallSpan, startMs: number, endMs: number): ConflictWinner | undefined {
    if (call.code !== 409) return undefined;
    const seen = this.#byFingerprint.get(fingerprint(call.verb, call.resource, call.namespace, call.name, call.code)) ?? [];
    const distance = (s: Seen) => (s.time < startMs ? startMs - s.time : s.time > endMs ? s.time - endMs : 0);
    const nearest = seen.filter((s) => s.refused && distance(s) <= this.#slackMs).sort((a, b) => distance(a) - distance(b))[0]?.refused;
    if (!nearest) return undefined;
    const winner: ConflictWinner = {};
    if (nearest.rvSent) winner.staleRV = nearest.rvSent;
    if (nearest.conflict?.currentRV) winner.currentRV = nearest.conflict.currentRV;
    const writer = nearest.conflict?.writer;
    if (writer?.fieldManager) winner.currentManager = writer.fieldManager;
    if (writer?.source === 'managedFields') winner.currentWriterFrom = 'managedFields';
    if (writer?.user)
      winner.currentClient = this.#identifier.identify({ user: writer.user, userAgent: writer.userAgent, fieldManager: writer.fieldManager }).name;
    return winner;
  }

  #forgetOldest(): void {
    const key = this.#order[this.#head++]!;
    const seen = this.#byFingerprint.get(key);
    seen?.shift();
    if (seen?.length === 0) this.#byFingerprint.delete(key);
    // Compact now and then rather than shifting the array on every request.
    if (this.#head > this.#max) {
      this.#order.splice(0, this.#head);
      this.#head = 0;
    }
  }
}
