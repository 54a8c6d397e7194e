/**
 * Faults injected into a connected client's requests, per client: the rules in force, in the
 * order they were added, with their counts. `decide(client, request)` is the one question the
 * request path asks: which rule, if any, faults this request. The first rule whose selectors
 * match and whose rate or count lets it fire wins; every rule whose selectors match counts the
 * request as matched.
 *
 * Promises:
 * - Free when unused: a client without rules costs one map lookup (`rulesOf`), nothing more.
 * - Reproducible: a rate draws from a generator seeded per rule, so the same requests in the
 *   same order are faulted the same way; a count fires on exactly the next N selected requests.
 * - Rules live in memory: they end with the server, as every client control does, and with the
 *   client's credential (checked every `liftCheckMs` while any rule is in force), so a client
 *   connected again under the same name starts without them.
 */
import type { ClientFaults, FaultRuleSpec, FaultRuleState, FaultVerb, InjectedFault } from '@dojo/console-protocol';
import { newNotFound } from '@dojo/kube-api';
import { realClock, type ApiServerClock } from '../logs/log-clock.ts';
import { FaultRule, type FaultRequest } from './request-faults-rule.ts';

/** One rule in force and what it has done. */
class ActiveRule {
  matched = 0;
  injected = 0;

  constructor(
    readonly id: string,
    readonly rule: FaultRule,
    readonly addedAt: number,
  ) {}

  get exhausted(): boolean {
    return this.rule.spec.count !== undefined && this.injected >= this.rule.spec.count;
  }

  state(): FaultRuleState {
    return { id: this.id, rule: this.rule.spec, addedAt: this.addedAt, matched: this.matched, injected: this.injected, exhausted: this.exhausted };
  }
}

/** What to do to one request: the fault as the journal records it, and the rule's 429 delay. */
export interface FaultDecision {
  readonly fault: InjectedFault;
  readonly retryAfterSeconds?: number;
}

/** kube's max-in-flight filter answers `Retry-After: 1`; a 429 rule says the same unless told otherwise. */
const defaultRetryAfterSeconds = 1;

function decisionOf(active: ActiveRule, verb: string): FaultDecision {
  const { spec } = active.rule;
  const fault: InjectedFault = {
    rule: active.id,
    verb: verb as FaultVerb,
    ...(spec.status !== undefined ? { status: spec.status } : {}),
    ...(spec.latencyMs !== undefined ? { latencyMs: spec.latencyMs } : {}),
    ...(spec.watchCut ? { watch: 'cut' as const } : spec.gone ? { watch: 'gone' as const } : {}),
  };
  if (spec.status !== 429) return { fault };
  const retryAfterSeconds = spec.retryAfterSeconds ?? defaultRetryAfterSeconds;
  return { fault: { ...fault, retryAfterSeconds }, retryAfterSeconds };
}

export interface RequestFaultsOptions {
  clock?: ApiServerClock;
  /** Whether `client` still has its credential; absent: rules are never lifted (tests). */
  isConnected?: (client: string) => boolean;
  liftCheckMs?: number;
}

export class RequestFaults {
  readonly #byClient = new Map<string, ActiveRule[]>();
  readonly #clock: ApiServerClock;
  readonly #isConnected: ((client: string) => boolean) | undefined;
  readonly #liftCheckMs: number;
  #liftTimer: { cancel(): void } | undefined;
  #nextId = 1;

  constructor(options: RequestFaultsOptions = {}) {
    this.#clock = options.clock ?? realClock;
    this.#isConnected = options.isConnected;
    this.#liftCheckMs = options.liftCheckMs ?? 2000;
  }

  /** The rules of `client`, or undefined when it has none: the request path's one lookup. */
  rulesOf(client: string): readonly unknown[] | undefined {
    return this.#byClient.get(client);
  }

  /** Adds a rule after the others (throws kube's Invalid for a bad spec); answers what is now in force. */
  add(client: string, spec: FaultRuleSpec): ClientFaults {
    const rule = new FaultRule(spec);
    const rules = this.#byClient.get(client) ?? [];
    rules.push(new ActiveRule(`f${this.#nextId++}`, rule, this.#clock.now()));
    this.#byClient.set(client, rules);
    this.#syncLiftTimer();
    return this.list(client);
  }

  /** Removes one rule (404 when the client has no such rule) or, without an id, all of them. */
  clear(client: string, id?: string): ClientFaults {
    if (id === undefined) {
      this.#byClient.delete(client);
      this.#syncLiftTimer();
      return this.list(client);
    }
    const rules = this.#byClient.get(client) ?? [];
    const kept = rules.filter((r) => r.id !== id);
    if (kept.length === rules.length) throw newNotFound({ group: 'console', resource: 'faultrules' }, id);
    if (kept.length) this.#byClient.set(client, kept);
    else this.#byClient.delete(client);
    this.#syncLiftTimer();
    return this.list(client);
  }

  list(client: string): ClientFaults {
    return { client, rules: (this.#byClient.get(client) ?? []).map((r) => r.state()) };
  }

  /** Which fault, if any, `client`'s request gets; counts what matched and what fired. */
  decide(client: string, request: FaultRequest): FaultDecision | undefined {
    const rules = this.#byClient.get(client);
    if (!rules) return undefined;
    for (const active of rules) {
      if (active.exhausted || !active.rule.selects(request)) continue;
      active.matched++;
      if (!active.rule.draws()) continue;
      active.injected++;
      return decisionOf(active, request.verb);
    }
    return undefined;
  }

  /** While any rule is in force, the rules of a client whose credential went are lifted. */
  #syncLiftTimer(): void {
    const isConnected = this.#isConnected;
    if (!isConnected || this.#byClient.size === 0) {
      this.#liftTimer?.cancel();
      this.#liftTimer = undefined;
      return;
    }
    this.#liftTimer ??= this.#clock.setTimer(this.#liftCheckMs, () => {
      this.#liftTimer = undefined;
      for (const client of [...this.#byClient.keys()]) if (!isConnected(client)) this.#byClient.delete(client);
      this.#syncLiftTimer();
    });
  }
}
