/**
 * coordination.k8s.io/v1 Leases (pkg/registry/coordination/lease, ValidateLeaseSpec): a lease
 * lasts a positive number of seconds and has never changed hands a negative number of times.
 */
import { fieldError, type FieldError, type KubeObject } from '@dojo/kube-api';
import { noRulesStrategy, type Strategy } from '../strategy.ts';
import { field } from './unstructured.ts';

function validateLeaseSpec(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const duration = field(obj, 'spec', 'leaseDurationSeconds');
  if (typeof duration === 'number' && duration <= 0) errs.push(fieldError.invalid('spec.leaseDurationSeconds', duration, 'must be greater than 0'));
  const transitions = field(obj, 'spec', 'leaseTransitions');
  if (typeof transitions === 'number' && transitions < 0)
    errs.push(fieldError.invalid('spec.leaseTransitions', transitions, 'must be greater than or equal to 0'));
  return errs;
}

export const leaseStrategy = {
  ...noRulesStrategy,
  validate: validateLeaseSpec,
  validateUpdate: (obj) => validateLeaseSpec(obj),
} satisfies Strategy;
