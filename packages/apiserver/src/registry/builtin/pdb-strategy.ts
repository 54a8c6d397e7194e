/**
 * PodDisruptionBudgets' write rules (pkg/registry/policy/poddisruptionbudget/strategy.go,
 * pkg/apis/policy/validation): status only through /status, generation follows spec,
 * minAvailable and maxUnavailable exclusive, each a non-negative integer or a percent up to 100%.
 */
import { fieldError, type FieldError, type KubeObject } from '@dojo/kube-api';
import { bumpGenerationOnChange, startGeneration } from '../generation.ts';
import { keepStoredStatus } from '../status-strategy.ts';
import type { Strategy } from '../strategy.ts';
import { goInternalStruct, goLabelSelector } from './go-internal-value.ts';
import { field, record } from './unstructured.ts';

const percentMessage =
  "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

/** apps validation's ValidatePositiveIntOrPercent + IsNotMoreThan100Percent. */
function validateIntOrPercent(value: unknown, path: string): FieldError[] {
  if (typeof value === 'number') return value < 0 ? [fieldError.invalid(path, value, 'must be greater than or equal to 0')] : [];
  if (typeof value !== 'string') return [fieldError.invalid(path, value, "must be an integer or percentage (e.g '5%')")];
  if (!/^[0-9]+%$/.test(value)) return [fieldError.invalid(path, value, percentMessage)];
  return Number(value.slice(0, -1)) > 100 ? [fieldError.invalid(path, value, 'must not be greater than 100%')] : [];
}

function validatePodDisruptionBudget(obj: KubeObject): FieldError[] {
  const spec = record(obj.spec);
  const errs: FieldError[] = [];
  if (spec.minAvailable !== undefined && spec.maxUnavailable !== undefined) {
    const shown = goInternalStruct([
      ['MinAvailable', spec.minAvailable],
      ['Selector', goLabelSelector(spec.selector)],
      ['MaxUnavailable', spec.maxUnavailable],
      ['UnhealthyPodEvictionPolicy', spec.unhealthyPodEvictionPolicy],
    ]);
    errs.push(fieldError.invalid('spec', shown, 'minAvailable and maxUnavailable cannot be both set'));
  }
  if (spec.minAvailable !== undefined) errs.push(...validateIntOrPercent(spec.minAvailable, 'spec.minAvailable'));
  if (spec.maxUnavailable !== undefined) errs.push(...validateIntOrPercent(spec.maxUnavailable, 'spec.maxUnavailable'));
  const policy = spec.unhealthyPodEvictionPolicy;
  if (policy !== undefined && policy !== 'AlwaysAllow' && policy !== 'IfHealthyBudget') {
    errs.push(fieldError.notSupported('spec.unhealthyPodEvictionPolicy', policy, ['AlwaysAllow', 'IfHealthyBudget']));
  }
  return errs;
}

/** ValidatePodDisruptionBudgetStatusUpdate (policy/v1): the counters are never negative. */
export function validatePodDisruptionBudgetStatus(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  for (const counter of ['disruptionsAllowed', 'currentHealthy', 'desiredHealthy', 'expectedPods']) {
    const value = field(obj, 'status', counter);
    if (typeof value === 'number' && value < 0) errs.push(fieldError.invalid(`status.${counter}`, value, 'must be greater than or equal to 0'));
  }
  return errs;
}

export const podDisruptionBudgetStrategy = {
  prepareForCreate(obj) {
    // kube resets status to its zero value: the four counters (json without omitempty) and observedGeneration.
    obj.status = { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
    startGeneration(obj);
  },
  prepareForUpdate(obj, old) {
    keepStoredStatus(obj, old);
    bumpGenerationOnChange(obj, old, { statusSubresource: true });
  },
  validate: validatePodDisruptionBudget,
  validateUpdate: (obj) => validatePodDisruptionBudget(obj),
} satisfies Strategy;
