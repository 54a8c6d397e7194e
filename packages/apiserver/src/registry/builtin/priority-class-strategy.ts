/**
 * PriorityClasses' write rules (pkg/registry/scheduling/priorityclass, pkg/apis/scheduling/validation):
 * preemptionPolicy defaults to PreemptLowerPriority; value and preemptionPolicy are immutable;
 * `system-` names belong to kube's own two classes (systemPriorityClasses), which the server
 * creates at start as kube-apiserver's post-start hook does.
 */
import { fieldError, jsonEqual, type FieldError, type KubeObject } from '@dojo/kube-api';
import { startGeneration } from '../generation.ts';
import type { Strategy } from '../strategy.ts';

/** Values above this are reserved for the system classes (scheduling.HighestUserDefinablePriority). */
const highestUserDefinablePriority = 1_000_000_000;
const systemCriticalPriority = 2 * highestUserDefinablePriority;

/** schedulingapiv1.SystemPriorityClasses(). */
export const systemPriorityClasses: readonly KubeObject[] = [
  {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name: 'system-node-critical' },
    value: systemCriticalPriority + 1000,
    description: 'Used for system critical pods that must not be moved from their current node.',
  },
  {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name: 'system-cluster-critical' },
    value: systemCriticalPriority,
    description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.',
  },
];

/** IsKnownSystemPriorityClass: why a `system-` class is not one of kube's, or undefined when it is. */
function systemClassProblem(name: string, value: unknown, globalDefault: boolean): string | undefined {
  const known = systemPriorityClasses.find((c) => c.metadata.name === name);
  if (!known) return `${name} is not a known system priority class`;
  if (known.value !== value) return `value of ${name} PriorityClass must be ${String(known.value)}`;
  if (globalDefault) return `globalDefault of ${name} PriorityClass must be false`;
  return undefined;
}

function validatePriorityClass(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const name = obj.metadata.name ?? '';
  const value = typeof obj.value === 'number' ? obj.value : 0;
  if (name.startsWith('system-')) {
    const problem = systemClassProblem(name, value, obj.globalDefault === true);
    if (problem)
      errs.push(fieldError.forbidden('metadata.name', `priority class names with 'system-' prefix are reserved for system use only. error: ${problem}`));
  } else if (value > highestUserDefinablePriority) {
    errs.push(fieldError.forbidden('value', `maximum allowed value of a user defined priority is ${highestUserDefinablePriority}`));
  }
  const policy = obj.preemptionPolicy;
  if (policy === '') errs.push(fieldError.required('preemptionPolicy'));
  else if (policy !== undefined && policy !== 'PreemptLowerPriority' && policy !== 'Never') {
    errs.push(fieldError.notSupported('preemptionPolicy', policy, ['PreemptLowerPriority', 'Never']));
  }
  return errs;
}

function defaultPriorityClass(obj: KubeObject): void {
  obj.preemptionPolicy ??= 'PreemptLowerPriority';
}

export const priorityClassStrategy = {
  prepareForCreate(obj) {
    defaultPriorityClass(obj);
    startGeneration(obj);
  },
  prepareForUpdate: (obj) => defaultPriorityClass(obj),
  validate: validatePriorityClass,
  validateUpdate(obj, old) {
    // kube validates only what may change on update: value and preemptionPolicy are fixed.
    const errs: FieldError[] = [];
    if ((obj.value ?? 0) !== (old.value ?? 0)) errs.push(fieldError.forbidden('value', 'may not be changed in an update.'));
    if (!jsonEqual(obj.preemptionPolicy, old.preemptionPolicy)) errs.push(fieldError.invalid('preemptionPolicy', obj.preemptionPolicy, 'field is immutable'));
    return errs;
  },
} satisfies Strategy;
