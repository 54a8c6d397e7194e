/**
 * Status condition transitions as an informer observes them: a condition whose `status`
 * differs between the old and new version of an object (or that appears). Reason or message
 * changes alone are not transitions, matching meta.SetStatusCondition, which moves
 * lastTransitionTime only when the status changes.
 */
import { identityOf, objectKeyOf, type Condition, type KubeObject } from '@dojo/kube-api';
import type { ConditionTransitionRecord } from '../telemetry/records.ts';

export type ConditionTransition = Omit<ConditionTransitionRecord, 'seq' | 'time'>;

export function conditionTransitions(
  type: { readonly group: string; readonly kind: string },
  old: KubeObject | undefined,
  next: KubeObject,
): ConditionTransition[] {
  const after = conditionsOf(next);
  if (after.length === 0) return [];
  const object = identityOf(next, type);
  const rv = next.metadata.resourceVersion;
  const before = new Map(conditionsOf(old).map((c) => [c.type, c]));
  const out: ConditionTransition[] = [];
  for (const condition of after) {
    const from = before.get(condition.type)?.status;
    if (from === condition.status) continue;
    out.push({
      type: 'condition-transition',
      key: objectKeyOf(next),
      kind: type.kind,
      object,
      ...(rv ? { resourceVersion: rv } : {}),
      condition: condition.type,
      to: condition.status,
      ...(from === undefined ? {} : { from }),
      ...(condition.reason ? { reason: condition.reason } : {}),
      ...(condition.message ? { message: condition.message } : {}),
      ...(condition.observedGeneration === undefined ? {} : { observedGeneration: condition.observedGeneration }),
    });
  }
  return out;
}

function conditionsOf(object: KubeObject | undefined): Condition[] {
  const conditions = (object?.status as { conditions?: unknown } | undefined)?.conditions;
  return Array.isArray(conditions) ? (conditions as Condition[]).filter((c) => typeof c?.type === 'string') : [];
}
