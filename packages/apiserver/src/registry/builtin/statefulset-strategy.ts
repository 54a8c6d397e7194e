/**
 * apps/v1 StatefulSets (pkg/registry/apps/statefulset/strategy.go, SetDefaults_StatefulSet and
 * ValidateStatefulSetSpec/Update as of 1.37): OrderedReady pods rolled out one partition at a
 * time, claims retained, a selector that must select the template, pods that always restart,
 * and selector, volumeClaimTemplates, serviceName and podManagementPolicy fixed once created.
 */
import { fieldError, semanticEqual, validateDNS1123Label, type FieldError, type KubeObject } from '@dojo/kube-api';
import { bumpGenerationOnChange, startGeneration } from '../generation.ts';
import { keepStoredStatus } from '../status-strategy.ts';
import type { Strategy } from '../strategy.ts';
import {
  defaultPodTemplate,
  isEmptySelector,
  validateNonNegative,
  validateRestartAlways,
  validateSelectorMatchesTemplate,
  validateTemplatePodSpec,
} from './pod-template.ts';
import { defaultPersistentVolumeClaimSpec, validatePersistentVolumeClaimSpec } from './volume-strategies.ts';
import { childRecord, record } from './unstructured.ts';

/** SetDefaults_StatefulSet (MaxUnavailableStatefulSet is on by default since 1.37). */
function defaultStatefulSet(obj: KubeObject): Record<string, unknown> {
  const spec = childRecord(obj, 'spec');
  spec.podManagementPolicy ||= 'OrderedReady';
  const strategy = childRecord(spec, 'updateStrategy');
  if (!strategy.type) {
    strategy.type = 'RollingUpdate';
    strategy.rollingUpdate ??= {};
  }
  if (strategy.type === 'RollingUpdate' && strategy.rollingUpdate) {
    const rollingUpdate = childRecord(strategy, 'rollingUpdate');
    rollingUpdate.partition ??= 0;
    rollingUpdate.maxUnavailable ??= 1;
  }
  const retention = childRecord(spec, 'persistentVolumeClaimRetentionPolicy');
  retention.whenDeleted ||= 'Retain';
  retention.whenScaled ||= 'Retain';
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  defaultPodTemplate(spec);
  // SetDefaults_PersistentVolumeClaim(Spec) on each template; the v1 conversion names their kind.
  if (Array.isArray(spec.volumeClaimTemplates)) {
    spec.volumeClaimTemplates = spec.volumeClaimTemplates.map((t) => {
      const claim = record(t);
      const claimSpec = record(claim.spec);
      defaultPersistentVolumeClaimSpec(claimSpec);
      return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', ...claim, spec: claimSpec, status: { phase: 'Pending', ...record(claim.status) } };
    });
  }
  return spec;
}

const retentionPolicies = ['Retain', 'Delete'];

function validateStatefulSetSpec(spec: Record<string, unknown>): FieldError[] {
  const errs: FieldError[] = [];
  const policy = spec.podManagementPolicy ?? '';
  if (policy === '') errs.push(fieldError.required('spec.podManagementPolicy'));
  else if (policy !== 'OrderedReady' && policy !== 'Parallel')
    errs.push(fieldError.invalid('spec.podManagementPolicy', policy, "must be 'OrderedReady' or 'Parallel'"));
  const strategy = record(spec.updateStrategy);
  if (!strategy.type) errs.push(fieldError.required('spec.updateStrategy'));
  else if (strategy.type === 'OnDelete') {
    if (strategy.rollingUpdate)
      errs.push(fieldError.invalid('spec.updateStrategy.rollingUpdate', strategy.rollingUpdate, "only allowed for updateStrategy 'RollingUpdate'"));
  } else if (strategy.type === 'RollingUpdate') {
    if (strategy.rollingUpdate) errs.push(...validateNonNegative(record(strategy.rollingUpdate), 'partition', 'spec.updateStrategy.rollingUpdate'));
  } else errs.push(fieldError.invalid('spec.updateStrategy', strategy, "must be 'RollingUpdate' or 'OnDelete'"));
  const retention = spec.persistentVolumeClaimRetentionPolicy;
  if (retention) {
    for (const key of ['whenDeleted', 'whenScaled']) {
      const value = record(retention)[key] ?? '';
      if (!retentionPolicies.includes(value as string))
        errs.push(fieldError.notSupported(`spec.persistentVolumeClaimRetentionPolicy.${key}`, value, retentionPolicies));
    }
  }
  const templates = Array.isArray(spec.volumeClaimTemplates) ? spec.volumeClaimTemplates : [];
  templates.forEach((t, i) => errs.push(...validatePersistentVolumeClaimSpec(record(t).spec, `spec.volumeClaimTemplates[${i}].spec`)));
  errs.push(...validateNonNegative(spec, 'replicas', 'spec'));
  errs.push(...validateNonNegative(spec, 'minReadySeconds', 'spec'));
  if (typeof spec.serviceName === 'string' && spec.serviceName !== '') {
    for (const msg of validateDNS1123Label(spec.serviceName)) errs.push(fieldError.invalid('spec.serviceName', spec.serviceName, msg));
  }
  if (!spec.selector) errs.push(fieldError.required('spec.selector'));
  else if (isEmptySelector(record(spec.selector))) errs.push(fieldError.invalid('spec.selector', spec.selector, 'empty selector is invalid for statefulset'));
  else errs.push(...validateSelectorMatchesTemplate(spec, 'spec'));
  errs.push(...validateTemplatePodSpec(spec, 'spec'));
  errs.push(...validateRestartAlways(spec, 'spec', 'StatefulSet'));
  return errs;
}

function validateStatefulSetUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const spec = record(obj.spec);
  const oldSpec = record(old.spec);
  const errs = validateStatefulSetSpec(spec);
  for (const name of ['selector', 'volumeClaimTemplates', 'serviceName', 'podManagementPolicy']) {
    if (!semanticEqual(spec[name], oldSpec[name])) errs.push(fieldError.invalid(`spec.${name}`, spec[name] ?? null, 'field is immutable'));
  }
  return errs;
}

export const statefulSetStrategy = {
  prepareForCreate(obj) {
    startGeneration(obj);
    defaultStatefulSet(obj);
    obj.status = { replicas: 0, availableReplicas: 0 };
  },
  prepareForUpdate(obj, old) {
    defaultStatefulSet(obj);
    keepStoredStatus(obj, old);
    bumpGenerationOnChange(obj, old, { statusSubresource: true });
  },
  validate: (obj) => validateStatefulSetSpec(record(obj.spec)),
  validateUpdate: validateStatefulSetUpdate,
} satisfies Strategy;
