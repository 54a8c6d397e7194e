/** A reconcile as the timeline draws it: one pass of one worker over one key. */
import type {
  ApiCallRecord,
  ConditionTransitionRecord,
  ConflictRecord,
  InferredPass,
  ReconcileResultKind,
  TracedReconcile,
  Trigger,
} from '@dojo/console-protocol';
import type { ObjectIdentity } from '@dojo/kube-api';

export interface Span {
  /** The reconcileId. */
  id: string;
  controller: string;
  worker: number;
  /** The controller's queue key ("namespace/name"): what people read. */
  key: string;
  /** Which object was reconciled, when the controller named it; match by `objectKey`, never by `key`. */
  object?: ObjectIdentity;
  /** `identityKey(object)`. */
  objectKey?: string;
  start: number;
  /** Undefined while the reconcile runs. */
  end: number | undefined;
  result: ReconcileResultKind | undefined;
  startSeq: number;
  triggers: Trigger[];
  droppedTriggers: number;
  error?: string;
  requeueAfter?: number;
  terminal?: boolean;
  apiCalls: ApiCallRecord[];
  conflicts: ConflictRecord[];
  conditionChanges: ConditionTransitionRecord[];
  /** Not run by the console: inferred from a client's requests, with the rule and how sure. */
  inferred?: InferredPass;
  /** Not run by the console, but recorded exactly: a span its operator sent over OTLP. */
  traced?: TracedReconcile;
}

/** One worker of one controller: its spans never overlap, so sorted by start is sorted by end. */
export interface Lane {
  id: string;
  controller: string;
  worker: number;
  spans: Span[];
  /** Bumped whenever `spans` changes other than by appending: derived indexes start over. */
  revision: number;
}

/** How a lane or a row says the console did not run the reconcile: ' (inferred)', ' (from traces)', or nothing. */
export function spanSource(span: Pick<Span, 'inferred' | 'traced'> | undefined): string {
  if (span?.inferred) return ' (inferred)';
  return span?.traced ? ' (from traces)' : '';
}

/** A fault rule (`dojo-console client NAME fault`) or the console's fault knobs answered one of its API calls: cause beside reaction. */
export function hasInjectedFault(span: Pick<Span, 'apiCalls' | 'conflicts'>): boolean {
  return span.apiCalls.some((c) => c.injected) || span.conflicts.some((c) => c.injected);
}

export function laneId(controller: string, worker: number): string {
  return `${controller}#${worker}`;
}

/** Where a running span ends for drawing and hit-testing: now. */
export function spanEnd(span: Span, now: number): number {
  return span.end ?? Math.max(span.start, now);
}
