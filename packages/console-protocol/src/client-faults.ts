/**
 * Faults injected into a connected client's requests (`dojo-console client NAME fault ...`,
 * `/api/clients/:name/faults`): the rules in force and what the journal records when one fires.
 * The embedded API server decides (packages/apiserver/src/client-controls/request-faults.ts);
 * the console, the CLI and the UI read these shapes.
 */

/** The error answers a rule can give, each with kube-apiserver's own Status for it. */
export type FaultStatusCode = 403 | 409 | 429 | 500 | 503;

/** Kubernetes' request verbs, as RBAC names them (a watch is its own verb). */
export type FaultVerb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

/**
 * Which requests a rule chooses and what it does to them. Absent selectors match everything;
 * exactly one of `status`, `latencyMs` (alone), `watchCut` or `gone` says what happens
 * (`latencyMs` may also delay a `status` answer).
 */
export interface FaultRuleSpec {
  /** Empty or absent: every verb (a `watchCut` or `gone` rule: watches only). */
  readonly verbs?: readonly FaultVerb[];
  /** `resource[.group][/subresource]`: "configmaps", "deployments.apps", "foos.samplecontroller.k8s.io/status". */
  readonly resource?: string;
  readonly namespace?: string;
  /** The object's name (a list or watch has one when its fieldSelector pins `metadata.name`). */
  readonly name?: string;
  /** Matches requests that address one existing object whose stored labels match. */
  readonly labelSelector?: string;
  /** Answer with kube's Status for this code instead of serving the request; a write does not happen. */
  readonly status?: FaultStatusCode;
  /** 429 only: the `Retry-After` header and `details.retryAfterSeconds` (default 1, as kube's max-in-flight filter). */
  readonly retryAfterSeconds?: number;
  /** Hold the request this long before it is served (or answered with `status`). */
  readonly latencyMs?: number;
  /** Watches: the connection closes as soon as the watch opens, with nothing delivered. */
  readonly watchCut?: boolean;
  /** Watches that resume from a resourceVersion: an ERROR event with kube's 410 Expired Status. */
  readonly gone?: boolean;
  /** The chance (0 < rate <= 1) that a matching request is faulted, drawn from a generator seeded with `seed`. */
  readonly rate?: number;
  /** Fault the next `count` matching requests, then stop (exhausted). */
  readonly count?: number;
  /** The rate's seed: the same requests in the same order get the same faults. Default 1. */
  readonly seed?: number;
}

/** A rule in force, with what it has done so far. */
export interface FaultRuleState {
  /** "f1", "f2", ...: unique for the server's lifetime; journal records name it. */
  readonly id: string;
  readonly rule: FaultRuleSpec;
  /** Epoch ms when it was added. */
  readonly addedAt: number;
  /** Requests its selectors matched (whether or not it fired). */
  readonly matched: number;
  /** Faults it injected. */
  readonly injected: number;
  /** A `count` rule that has fired `count` times: kept for its counts, it fires no more. */
  readonly exhausted: boolean;
}

/** `GET /api/clients/:name/faults` and the answer of every change to them: what is now in force. */
export interface ClientFaults {
  readonly client: string;
  readonly rules: readonly FaultRuleState[];
}

/** On a journal record (request, watch-open, watch-close): this answer was a fault, not the server's. */
export interface InjectedFault {
  /** The rule that fired (`FaultRuleState.id`). */
  readonly rule: string;
  /** The verb the rule matched ("watch" for watches, which a `RequestRecord`'s verb cannot say). */
  readonly verb: FaultVerb;
  readonly status?: FaultStatusCode;
  readonly latencyMs?: number;
  readonly watch?: 'cut' | 'gone';
  /** A 429: the `Retry-After` it was answered with, so a report can tell whether the client waited that long. */
  readonly retryAfterSeconds?: number;
}
