/** Pods: spec defaults on create, and an update may change little more than container images. */
import { fieldError, semanticEqual } from '@dojo/kube-api';
import type { Strategy } from '../strategy.ts';
import { keepStoredStatus } from '../status-strategy.ts';
import { defaultPodSpec, validatePodSpec } from './pod-spec.ts';
import { childRecord, record } from './unstructured.ts';

/** The spec without the fields a pod update may change. */
function immutablePart(spec: unknown): unknown {
  const s = structuredClone(record(spec));
  for (const c of (s.containers as unknown[] | undefined) ?? []) delete record(c).image;
  delete s.activeDeadlineSeconds;
  delete s.tolerations;
  return s;
}

export const podStrategy = {
  prepareForCreate(obj) {
    const spec = childRecord(obj, 'spec');
    defaultPodSpec(spec);
    spec.serviceAccountName ??= 'default';
    obj.status = { phase: 'Pending', qosClass: 'BestEffort' };
  },
  prepareForUpdate: keepStoredStatus,
  validate: (obj) => validatePodSpec(obj.spec, 'spec'),
  validateUpdate(obj, old) {
    const errs = validatePodSpec(obj.spec, 'spec');
    // ValidatePodUpdate compares with apiequality.Semantic.DeepEqual: key order is no change.
    if (!semanticEqual(immutablePart(obj.spec), immutablePart(old.spec))) {
      errs.push(
        fieldError.forbidden(
          'spec',
          'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
        ),
      );
    }
    return errs;
  },
} satisfies Strategy;
