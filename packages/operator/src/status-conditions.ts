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
export function withConditions(
  existing: readonly Condition[] | undefined,
  desired: readonly DesiredCondition[],
  generation: number | undefined,
  now: string,
): Condition[] {
  let conditions = existing ? [...existing] : [];
  for (const next of desired) {
    conditions = setCondition(conditions, { ...next, ...(generation === undefined ? {} : { observedGeneration: generation }) }, now);
  }
  return conditions;
}

export function conditionStatus(conditions: readonly Condition[] | undefined, type: string): ConditionStatus | undefined {
  return conditions?.find((c) => c.type === type)?.status;
}
