/**
 * What the console infers from the request journal about every client of the API server —
 * operators it did not start (any language), kubectl, and its own controllers alike
 * (packages/activity computes these; `GET /api/activity` serves them; docs/request-journal.md
 * explains the rules). Inferred reconciles themselves travel as ordinary telemetry records
 * (`reconcile-start` with `inferred`), so every view draws them beside the exact ones.
 */
import type { ObjectIdentity } from '@dojo/kube-api';
import type { ClientStaleness, StaleWrite } from './staleness.ts';

/**
 * How a client was recognised:
 * - `connected`: it used a token from `dojo-console connect NAME` (its name is NAME);
 * - `embedded`: one of the console's own controllers (its User-Agent names it);
 * - `kubectl`: kubectl's User-Agent;
 * - `agent`: any other client, named by its User-Agent (client-go's "binary/version (os/arch)
 *   kubernetes/commit", the Python client's "OpenAPI-Generator/x/python"), else its field manager;
 * - `console`: the console itself (its informers and the browser's requests).
 */
export type ClientKind = 'connected' | 'embedded' | 'kubectl' | 'agent' | 'console';

/** One client's activity: totals since the console started, rates over the last 10 seconds. */
export interface ClientSummary {
  readonly name: string;
  readonly kind: ClientKind;
  readonly user: string;
  /** The User-Agents and field managers seen from it (at most a few of each). */
  readonly userAgents: readonly string[];
  readonly fieldManagers: readonly string[];
  readonly firstSeen: number;
  readonly lastSeen: number;
  readonly requestsPerSecond: number;
  readonly writesPerSecond: number;
  readonly totals: {
    readonly requests: number;
    readonly writes: number;
    /** Answers >= 400, except 409 (counted as conflicts) and a read's 404. */
    readonly errors: number;
    readonly conflicts: number;
    readonly watchEvents: number;
  };
  readonly watchesHeld: number;
  /** Reconciles inferred for it (none for embedded controllers: theirs are recorded exactly). */
  readonly inferredReconciles: number;
}

/** One watch as the server saw it: the reflector's view from the other side. */
export interface ClientWatch {
  readonly watchId: string;
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly kind?: string;
  readonly namespace?: string;
  readonly name?: string;
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  /** The resourceVersion it started from; absent: from now, with the current objects first. */
  readonly startResourceVersion?: string;
  /** A streaming list (client-go's WatchList): the state first, closed by the initial-events-end bookmark. */
  readonly streamingList?: boolean;
  readonly openedAt: number;
  readonly closedAt?: number;
  readonly closeReason?: string;
  readonly events: { readonly added: number; readonly modified: number; readonly deleted: number; readonly bookmarks: number; readonly errors: number };
  readonly initialEvents: number;
  readonly lastResourceVersion?: string;
  readonly lastEventAt?: number;
}

/** A client's watches (open ones, then recently closed ones) and how often it listed. */
export interface ClientWatches {
  readonly client: string;
  readonly watches: readonly ClientWatch[];
  /** LISTs per resource; every LIST after a resource's first is a relist. */
  readonly lists: readonly { readonly resource: string; readonly lists: number; readonly relists: number }[];
}

/**
 * An object written again and again for no outside reason: `self` — one writer whose every
 * write is triggered only by the echo of its own previous write; `ping-pong` — two writers each
 * reacting to the other's write of the same field.
 */
export interface HotLoop {
  readonly id: string;
  /**
   * `self`: one writer reacting to its own writes' echoes; `ping-pong`: two writers setting a field
   * back and forth; `churn`: one writer writing one object again and again, each write a change,
   * seen without watch deliveries (audit events), so what triggered the writes is not known.
   */
  readonly kind: 'self' | 'ping-pong' | 'churn';
  readonly object: ObjectIdentity;
  readonly resource: string;
  readonly writers: readonly string[];
  /** The fields that flap, e.g. `status.conditions[type=Ready].lastTransitionTime`; empty for a `churn` whose writes do not say. */
  readonly fieldPaths: readonly string[];
  /** Writes in the loop so far, and their rate over the last 10 seconds. */
  readonly writes: number;
  readonly ratePerSecond: number;
  readonly since: number;
  readonly detectedAt: number;
  readonly lastWriteAt: number;
  /** False once the loop has stopped (no looping write for 15 s). */
  readonly active: boolean;
  /** The usual cure, in a sentence. */
  readonly cure: string;
}

/** The state of the console's request-journal stream from the API server. */
export interface JournalFeedState {
  readonly state: 'connecting' | 'live' | 'unavailable';
  readonly lastSeq: number;
  /** Times the journal dropped records the console had not read (it says so, then resumes). */
  readonly gaps: number;
  readonly detail?: string;
  /** Audit events refused as unreadable (a field of the wrong type, a time far ahead, too deep): counted, never shown. */
  readonly refused?: number;
}

/** A client credential written by `dojo-console connect` (or the Connect dialog). */
export interface ConnectedClient {
  readonly name: string;
  readonly kubeconfigPath: string;
  /** Connected with `--service-account`: its requests are authorized as this ServiceAccount by RBAC (docs/client-controls.md). */
  readonly serviceAccount?: { readonly namespace: string; readonly name: string };
}

/** `GET /api/activity`. */
export interface ActivitySnapshot {
  readonly time: number;
  readonly feed: JournalFeedState;
  readonly clients: readonly ClientSummary[];
  readonly watches: readonly ClientWatches[];
  readonly hotLoops: readonly HotLoop[];
  /** How far each client's watches lag the server, per resource (staleness.ts); absent where nothing measures it. */
  readonly staleness?: readonly ClientStaleness[];
  /** Writes made on a stale view, newest first (staleness.ts). */
  readonly staleWrites?: readonly StaleWrite[];
  readonly connected: readonly ConnectedClient[];
  /** Clients and watches beyond the console's limits (README, Security); absent while all fit. */
  readonly overflow?: ActivityOverflow;
}

/**
 * Names beyond a limit: each new name that found no room (and no idle name to take the place
 * of) is folded into one "other" bucket, counted but not kept. Names idle for a while are
 * forgotten first, to make room.
 */
export interface NameOverflow {
  readonly limit: number;
  /** Distinct names folded into "other" (at least this many when `foldedAtLeast`). */
  readonly folded: number;
  readonly foldedAtLeast?: boolean;
  /** What the folded names did (requests, reconciles), counted together. */
  readonly foldedEvents: number;
  /** Idle names forgotten to make room for new ones. */
  readonly evicted: number;
  /** When the first name was folded. */
  readonly since?: number;
}

export interface ActivityOverflow {
  readonly clients?: NameOverflow;
  /** Watches not listed: the oldest closed ones beyond the limit, open ones beyond theirs. */
  readonly watches?: { readonly limit: number; readonly dropped: number };
}

/** `POST /api/clients`: a credential of its own for an operator the console did not start. */
export interface ConnectRequest {
  readonly name: string;
}

export interface ConnectAnswer {
  readonly name: string;
  readonly kubeconfigPath: string;
  readonly server: string;
  /** How to run an operator with it, per framework. */
  readonly commands: readonly { readonly framework: string; readonly command: string }[];
}

/**
 * The rule that linked an inferred reconcile to what triggered it:
 * - `same-object-event`: a watch event about the reconciled object reached the client just before;
 * - `owned-object-event`: an event about an object it controls (ownerReference) did;
 * - `initial-list`: no event, but the client listed the kind just before (a start or relist);
 * - `periodic`: no event, and the passes over this object recur at a steady interval (resync or requeueAfter);
 * - `no-trigger`: nothing the server saw explains it (a requeue after an error, a timer, outside input).
 */
export type InferenceRule = 'same-object-event' | 'owned-object-event' | 'initial-list' | 'periodic' | 'no-trigger';

/** What marks a reconcile as inferred from the requests a client made, and how sure that is. */
export interface InferredPass {
  readonly client: string;
  readonly rule: InferenceRule;
  /** 0..1: how likely the grouping and the trigger are right. */
  readonly confidence: number;
  /** The rule in words, for this pass ("MODIFIED Dojo default/web @ RV 41, 12 ms before"). */
  readonly explanation: string;
  readonly object: ObjectIdentity;
}
