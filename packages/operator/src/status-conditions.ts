/**
 * Conditions the way metav1.Condition and meta.SetStatusCondition keep them: every condition
 * carries reason, message and the observedGeneration it was computed for, and its
 * lastTransitionTime moves only when its status changes.
 */
import { setCondition, type Condition, type ConditionStatus } from '@dojo/kube-api';

export interface DesiredCondition<T extends string = string> {
  type: T;
  status: ConditionStatus;
  reason: string;
  message: string;
}

/** `existing` with each desired condition set, in the order given, for `generation`. */
export function withConditions(existing: readonly Condition[] | undefined, desired: readonly DesiredCondition[], generation: number | undefined, now: string): Condition[] {
  let conditions = existing ? [...existing] : [];
  for (const next of desired) {
    conditions = setCondition(conditions, { ...next, ...(generation === undefined ? {} : { observedGeneration: generation }) }, now);
  }
  return conditions;
}

export function conditionStatus(conditions: readonly Condition[] | undefined, type: string): ConditionStatus | undefined {
  return conditions?.find((c) => c.type === type)?.status;
}

/** metav1.Time: RFC 3339 with second precision, as Kubernetes writes it. */
export function rfc3339(epochMs: number): string {
  return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Structural equality of JSON values, ignoring key order (the server may reorder keys). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  const left = Object.entries(a).filter(([, v]) => v !== undefined);
  const right = b as Record<string, unknown>;
  const rightKeys = Object.keys(right).filter((k) => right[k] !== undefined);
  return left.length === rightKeys.length && left.every(([k, v]) => jsonEqual(v, right[k]));
}
