/**
 * The rules every kind with a pod template shares (Deployment, ReplicaSet, StatefulSet,
 * DaemonSet, Job, CronJob's job template): SetDefaults_PodSpec on the template, a label selector
 * that must select the template's labels, and the restartPolicy a controller can honour.
 */
import { fieldError, LabelSelector, type FieldError, type LabelSelectorObject } from '@dojo/kube-api';
import { defaultPodSpec, validatePodSpec } from './pod-spec.ts';
import { childRecord, field } from './unstructured.ts';

/** Defaults `spec.template` in place: an empty metadata, and SetDefaults_PodSpec on its spec. */
export function defaultPodTemplate(spec: Record<string, unknown>): void {
  const template = childRecord(spec, 'template');
  template.metadata ??= {};
  const podSpec = childRecord(template, 'spec');
  defaultPodSpec(podSpec);
}

export function isEmptySelector(selector: LabelSelectorObject | undefined): boolean {
  return !selector || (Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0);
}

/** "`selector` does not match template `labels`", as every workload's validation says it. */
export function validateSelectorMatchesTemplate(spec: Record<string, unknown>, path: string): FieldError[] {
  const selector = spec.selector as LabelSelectorObject | undefined;
  if (!selector) return [];
  const labels = (field(spec, 'template', 'metadata', 'labels') ?? {}) as Record<string, string>;
  let matches = false;
  try {
    matches = LabelSelector.fromObject(selector).matches(labels);
  } catch {
    return [fieldError.invalid(`${path}.selector`, selector, 'invalid label selector')];
  }
  return matches ? [] : [fieldError.invalid(`${path}.template.metadata.labels`, labels, '`selector` does not match template `labels`')];
}

/** ValidatePodTemplateSpec's spec part: containers, names, images, restartPolicy. */
export function validateTemplatePodSpec(spec: Record<string, unknown>, path: string): FieldError[] {
  return validatePodSpec(field(spec, 'template', 'spec'), `${path}.template.spec`);
}

/** StatefulSets and DaemonSets run pods forever: their template's restartPolicy must be Always. */
export function validateRestartAlways(spec: Record<string, unknown>, path: string, kind: string): FieldError[] {
  const errs: FieldError[] = [];
  const restart = field(spec, 'template', 'spec', 'restartPolicy') ?? '';
  if (restart !== 'Always') errs.push(fieldError.notSupported(`${path}.template.spec.restartPolicy`, restart, ['Always']));
  if (field(spec, 'template', 'spec', 'activeDeadlineSeconds') !== undefined) {
    errs.push(fieldError.forbidden(`${path}.template.spec.activeDeadlineSeconds`, `activeDeadlineSeconds in ${kind} is not Supported`));
  }
  return errs;
}

/** apimachinery's ValidateNonnegativeField, for an optional integer field of `obj`. */
export function validateNonNegative(obj: Record<string, unknown>, name: string, path: string): FieldError[] {
  const value = obj[name];
  if (value === undefined || value === null) return [];
  if (typeof value !== 'number' || value < 0) return [fieldError.invalid(`${path}.${name}`, value, 'must be greater than or equal to 0')];
  return [];
}
