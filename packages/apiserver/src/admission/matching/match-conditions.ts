/**
 * `matchConditions` of a webhook or a policy: kube's one webhook/matchconditions Matcher, on the
 * admission CEL environment (`../policies/policy-cel.ts`). Every condition is evaluated; one
 * `false` skips the webhook or policy; otherwise errors decide by failurePolicy: Fail reports
 * them (kube's aggregate: one error as itself, several as "[a, b]"), Ignore skips.
 */
import type { NamedExpression } from '../policies/policy-activation.ts';
import { compilePolicyExpression, evaluatePolicyExpression, type PolicyActivation, type PolicyDeclarations } from '../policies/policy-cel.ts';
import type { FailurePolicy } from '../policies/policy-types.ts';

/** `failedCondition`: the condition that was false (kube's FailedConditionName). */
export type ConditionsResult =
  | { matches: true }
  | { matches: false; failedCondition: string }
  /** Conditions errored under failurePolicy Ignore: the webhook or policy is skipped. */
  | { matches: false; ignoredError: string }
  | { error: string };

/** utilerrors.NewAggregate(...).Error() */
export function aggregateErrorText(errors: readonly string[]): string {
  return errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`;
}

export function evaluateMatchConditions(
  conditions: readonly NamedExpression[],
  activation: PolicyActivation,
  failurePolicy: FailurePolicy,
  declarations: PolicyDeclarations,
): ConditionsResult {
  const errors: string[] = [];
  for (const condition of conditions) {
    const outcome = evaluatePolicyExpression(compilePolicyExpression(condition.expression, declarations, ['bool']), activation);
    if ('error' in outcome) errors.push(outcome.error);
    else if (outcome.value === false) return { matches: false, failedCondition: condition.name };
  }
  if (errors.length === 0) return { matches: true };
  const error = aggregateErrorText(errors);
  return failurePolicy === 'Fail' ? { error } : { matches: false, ignoredError: error };
}
