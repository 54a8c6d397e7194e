/** metav1.Condition and apimachinery's meta.SetStatusCondition rules. */

export type ConditionStatus = 'True' | 'False' | 'Unknown';

export interface Condition {
  type: string;
  status: ConditionStatus;
  reason: string;
  message: string;
  lastTransitionTime: string;
  observedGeneration?: number;
}

export function findCondition(conditions: readonly Condition[] | undefined, type: string): Condition | undefined {
  return conditions?.find((c) => c.type === type);
}

export function isConditionTrue(conditions: readonly Condition[] | undefined, type: string): boolean {
  return findCondition(conditions, type)?.status === 'True';
}

/**
 * Returns conditions with `next` set. lastTransitionTime moves only when the status changes,
 * exactly as meta.SetStatusCondition does; reason, message and observedGeneration always update.
 */
export function setCondition(
  conditions: readonly Condition[] | undefined,
  next: Omit<Condition, 'lastTransitionTime'> & { lastTransitionTime?: string },
  now: string,
): Condition[] {
  const list = conditions ? [...conditions] : [];
  const index = list.findIndex((c) => c.type === next.type);
  const existing = index >= 0 ? list[index] : undefined;
  const transitioned = !existing || existing.status !== next.status;
  const merged: Condition = {
    ...next,
    lastTransitionTime: transitioned ? (next.lastTransitionTime ?? now) : existing.lastTransitionTime,
  };
  if (index >= 0) list[index] = merged;
  else list.push(merged);
  return list;
}
