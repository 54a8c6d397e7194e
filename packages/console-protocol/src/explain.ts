/**
 * "Why is this not ready?" for any object, with no per-kind configuration: `GET
 * /api/explain?object=<identityKey>[&uid=]` answers an `Explanation` — a ranked list of
 * blockers, each with its evidence and links to where to look — and `GET
 * /api/explain/hints?group=&kind=[&namespace=]` answers each object's readiness and top blocker
 * for a list's column (`ReadinessHints`), from the cheap rules only (the object, its children
 * and the controllers' queues; no history).
 */
import type { ObjectIdentity } from '@dojo/kube-api';

/**
 * kstatus' verdicts, in this product's words: `ready` (Current), `in-progress` (InProgress),
 * `failed` (Failed), `terminating` (Terminating: deletion requested, not yet done).
 */
export type Readiness = 'ready' | 'in-progress' | 'failed' | 'terminating';

/**
 * How bad a blocker is: `failed` needs a person (Degraded, CrashLoopBackOff, repeated errors),
 * `blocked` waits on something that may never come by itself (a finalizer, a spec the controller
 * has not seen, a False Ready), `progressing` is on its way, `info` is context (the last 409s,
 * the last writer).
 */
export type BlockerSeverity = 'failed' | 'blocked' | 'progressing' | 'info';

/** The tabs of an object's page a link may open. */
export type ObjectPageTab = 'overview' | 'yaml' | 'versions' | 'events' | 'reconciles' | 'fields' | 'admission' | 'logs';

/** A page of the console. */
export type LinkTarget =
  | { readonly page: 'object'; readonly object: ObjectIdentity; readonly tab?: ObjectPageTab; readonly rv?: string; readonly reconcile?: string }
  | { readonly page: 'workqueue' | 'debug'; readonly controller: string }
  | { readonly page: 'timeline'; readonly controller?: string; readonly reconcile?: string }
  | { readonly page: 'conflicts' };

export interface BlockerLink {
  readonly label: string;
  readonly target: LinkTarget;
}

/** One fact behind a blocker, as a label and a value ("retries": "4"), maybe with its time. */
export interface Evidence {
  readonly label: string;
  readonly value: string;
  /** Epoch ms, when the fact has a time of its own. */
  readonly time?: number;
}

export interface Blocker {
  /** Unique within one explanation: its source and what it is about ("condition/Degraded"). */
  readonly id: string;
  /** The rule that found it (one module on the server per source). */
  readonly source: string;
  readonly severity: BlockerSeverity;
  /** Lower ranks first; blockers come sorted by it. */
  readonly rank: number;
  /** One line: "Degraded: UnsupportedDatabase". */
  readonly title: string;
  /** The message behind it, as its writer put it. */
  readonly detail?: string;
  /** Since when it has been so (epoch ms), when known. */
  readonly since?: number;
  /** The object it is about when that is not the one explained (a child, a grandchild's Pod). */
  readonly object?: ObjectIdentity;
  /** The owner chain from the explained object down to `object`, both excluded. */
  readonly via?: readonly ObjectIdentity[];
  readonly evidence: readonly Evidence[];
  readonly links: readonly BlockerLink[];
}

/** `GET /api/explain`. */
export interface Explanation {
  readonly object: ObjectIdentity;
  readonly resourceVersion?: string;
  readonly generation?: number;
  readonly readiness: Readiness;
  /** Ranked: the first is the one to look at first. Empty when nothing blocks the object. */
  readonly blockers: readonly Blocker[];
  /** The controller the console runs For this kind, when there is one. */
  readonly controller?: string;
  /** When it was computed (epoch ms, the console's clock). */
  readonly computedAt: number;
  /** What the explanation could not see: history evicted, a kind whose versions are not recorded. */
  readonly notes: readonly string[];
}

/** The query of `GET /api/explain`. */
export interface ExplainQuery {
  /** `identityKey` of the object. */
  readonly object: string;
  readonly uid?: string;
}

/** One object in a list: its verdict, and its top blocker as the column's accessible name. */
export interface ReadinessHint {
  readonly readiness: Readiness;
  readonly top?: { readonly severity: BlockerSeverity; readonly title: string };
  /** How many blockers the cheap rules found. */
  readonly blockers: number;
}

/** `GET /api/explain/hints`: by object key ("namespace/name", or "name" when cluster-scoped). */
export interface ReadinessHints {
  readonly hints: Readonly<Record<string, ReadinessHint>>;
}
