/**
 * Deployments and ReplicaSets (pkg/registry/apps/deployment/strategy.go and replicaset's):
 * defaults, an immutable selector that must match the template, generation that follows spec,
 * and status written only through `/status`.
 */
import { fieldError, jsonEqual, LabelSelector, type FieldError, type KubeObject, type LabelSelectorObject } from '@dojo/kube-api';
import { bumpGenerationOnChange, startGeneration } from '../generation.ts';
import { keepStoredStatus } from '../status-strategy.ts';
import type { Strategy } from '../strategy.ts';
import { validatePodSpec } from './pod-spec.ts';
import { defaultPodTemplate } from './pod-template.ts';
import { childRecord, field, record } from './unstructured.ts';

function validateWorkload(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const spec = record(obj.spec);
  const replicas = spec.replicas;
  if (replicas !== undefined && (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0)) {
    errs.push(fieldError.invalid('spec.replicas', replicas, 'must be greater than or equal to 0'));
  }
  const selector = spec.selector as LabelSelectorObject | undefined;
  if (!selector || (Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0)) {
    errs.push(fieldError.required('spec.selector'));
    errs.push(fieldError.invalid('spec.selector', selector ?? {}, 'empty selector is invalid for deployment'));
  } else {
    const labels = (field(spec, 'template', 'metadata', 'labels') ?? {}) as Record<string, string>;
    let matches = false;
    try {
      matches = LabelSelector.fromObject(selector).matches(labels);
    } catch {
      matches = false;
    }
    if (!matches) errs.push(fieldError.invalid('spec.template.metadata.labels', labels, '`selector` does not match template `labels`'));
  }
  errs.push(...validatePodSpec(field(spec, 'template', 'spec'), 'spec.template.spec'));
  return errs;
}

function validateWorkloadUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateWorkload(obj);
  if (!jsonEqual(field(obj, 'spec', 'selector'), field(old, 'spec', 'selector'))) {
    errs.push(fieldError.invalid('spec.selector', field(obj, 'spec', 'selector'), 'field is immutable'));
  }
  return errs;
}

function defaultDeployment(obj: KubeObject): void {
  const spec = childRecord(obj, 'spec');
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  spec.progressDeadlineSeconds ??= 600;
  const strategy = childRecord(spec, 'strategy');
  strategy.type ??= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') strategy.rollingUpdate = { maxUnavailable: '25%', maxSurge: '25%', ...record(strategy.rollingUpdate) };
  defaultPodTemplate(spec);
}

function defaultReplicaSet(obj: KubeObject): void {
  const spec = childRecord(obj, 'spec');
  spec.replicas ??= 1;
  defaultPodTemplate(spec);
}

export const deploymentStrategy = {
  prepareForCreate(obj) {
    startGeneration(obj);
    defaultDeployment(obj);
    // PrepareForCreate clears status to the zero DeploymentStatus, which Go writes as `{}`.
    obj.status = {};
  },
  prepareForUpdate(obj, old) {
    defaultDeployment(obj);
    keepStoredStatus(obj, old);
    bumpGenerationOnChange(obj, old, { statusSubresource: true });
  },
  validate: validateWorkload,
  validateUpdate: validateWorkloadUpdate,
} satisfies Strategy;

export const replicaSetStrategy = {
  prepareForCreate(obj) {
    startGeneration(obj);
    defaultReplicaSet(obj);
    obj.status = { replicas: 0 };
  },
  prepareForUpdate(obj, old) {
    defaultReplicaSet(obj);
    keepStoredStatus(obj, old);
    bumpGenerationOnChange(obj, old, { statusSubresource: true });
  },
  validate: validateWorkload,
  validateUpdate: validateWorkloadUpdate,
} satisfies Strategy;
