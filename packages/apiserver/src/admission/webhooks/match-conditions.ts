/**
 * A webhook's `matchConditions`: CEL expressions over `object`, `oldObject` and `request`, all
 * of which must be true for the webhook to be called (kube's matchconditions matcher). The
 * first false one excludes the webhook; an expression that fails to compile or evaluate makes
 * the request fail under failurePolicy Fail (403 Forbidden naming the error) and skips the
 * webhook under Ignore. `authorizer` and `params` are not offered yet.
 */
import { Environment } from '@marcbachmann/cel-js';
import { toCelValue } from '../../crd/cel-values.ts';
import type { MatchCondition } from './webhook-configurations.ts';

export type MatchConditionsResult = { matches: true } | { matches: false; failedCondition: string } | { matches: false; error: string };

let environment: Environment | undefined;

/** object, oldObject and request are `dyn`: their shape is the resource's, checked when evaluated. */
function matchEnvironment(): Environment {
  environment ??= new Environment({ homogeneousAggregateLiterals: false, enableOptionalTypes: true })
    .registerVariable('object', 'dyn')
    .registerVariable('oldObject', 'dyn')
    .registerVariable('request', 'dyn');
  return environment;
}

const compiled = new Map<string, ((vars: Record<string, unknown>) => unknown) | Error>();

function compile(expression: string): ((vars: Record<string, unknown>) => unknown) | Error {
  let program = compiled.get(expression);
  if (!program) {
    try {
      const parsed = matchEnvironment().parse(expression);
      program = (vars) => parsed(vars);
    } catch (err) {
      program = new Error(`compilation failed: ${(err as Error).message}`);
    }
    if (compiled.size > 1000) compiled.clear();
    compiled.set(expression, program);
  }
  return program;
}

export function evaluateMatchConditions(
  conditions: readonly MatchCondition[],
  input: { object: unknown; oldObject: unknown; request: unknown },
  failurePolicy: 'Fail' | 'Ignore',
): MatchConditionsResult {
  if (conditions.length === 0) return { matches: true };
  const vars = {
    object: toCelValue(input.object, undefined),
    oldObject: toCelValue(input.oldObject, undefined),
    request: toCelValue(input.request, undefined),
  };
  const errors: string[] = [];
  for (const condition of conditions) {
    const program = compile(condition.expression);
    if (program instanceof Error) {
      errors.push(`expression '${condition.expression}' resulted in error: ${program.message}`);
      continue;
    }
    try {
      const value = program(vars);
      if (value === false) return { matches: false, failedCondition: condition.name };
      if (value !== true) errors.push(`expression '${condition.expression}' resulted in error: expected bool, got ${typeof value}`);
    } catch (err) {
      errors.push(`expression '${condition.expression}' resulted in error: ${(err as Error).message}`);
    }
  }
  if (errors.length === 0) return { matches: true };
  if (failurePolicy === 'Ignore') return { matches: false, failedCondition: '' };
  // utilerrors.NewAggregate: one error is its text, several are listed in brackets.
  return { matches: false, error: errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]` };
}
