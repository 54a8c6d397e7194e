/**
 * apps/v1 DaemonSets (pkg/registry/apps/daemonset/strategy.go, SetDefaults_DaemonSet and
 * ValidateDaemonSetSpec/Update): a rolling update of one node at a time, a selector that must
 * select the template and never changes, pods that always restart, and a template generation
 * counting template changes. apps/v1 has no spec.templateGeneration: its conversion keeps it in
 * the `deprecated.daemonset.template.generation` annotation, which the server owns.
 */
import { fieldError, semanticEqual, type FieldError, type KubeObject } from '@dojo/kube-api';
import { startGeneration } from '../generation.ts';
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
import { childRecord, record } from './unstructured.ts';

function defaultDaemonSet(obj: KubeObject): Record<string, unknown> {
  const spec = childRecord(obj, 'spec');
  const strategy = childRecord(spec, 'updateStrategy');
  strategy.type ||= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const rollingUpdate = childRecord(strategy, 'rollingUpdate');
    rollingUpdate.maxUnavailable ??= 1;
    rollingUpdate.maxSurge ??= 0;
  }
  spec.revisionHistoryLimit ??= 10;
  defaultPodTemplate(spec);
  return spec;
}

/** An IntOrString's value: a number, or the number of a percentage. */
function intOrPercent(value: unknown): { n: number; percent: boolean; ok: boolean } {
  if (typeof value === 'number') return { n: value, percent: false, ok: true };
  const match = /^(\d+)%$/.exec(String(value));
  return match ? { n: Number(match[1]), percent: true, ok: true } : { n: 0, percent: true, ok: false };
}

function validateRollingUpdate(rollingUpdate: Record<string, unknown>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const name of ['maxUnavailable', 'maxSurge']) {
    const value = rollingUpdate[name] ?? 0;
    const parsed = intOrPercent(value);
    if (!parsed.ok) errs.push(fieldError.invalid(`${path}.${name}`, value, "must be an integer or percentage (e.g '5%')"));
    else if (parsed.n < 0) errs.push(fieldError.invalid(`${path}.${name}`, value, 'must be greater than or equal to 0'));
    else if (parsed.percent && parsed.n > 100) errs.push(fieldError.invalid(`${path}.${name}`, value, 'must not be greater than 100%'));
  }
  const unavailable = intOrPercent(rollingUpdate.maxUnavailable ?? 0).n !== 0;
  const surge = intOrPercent(rollingUpdate.maxSurge ?? 0).n !== 0;
  if (unavailable && surge) errs.push(fieldError.invalid(`${path}.maxSurge`, rollingUpdate.maxSurge, 'may not be set when maxUnavailable is non-zero'));
  else if (!unavailable && !surge) errs.push(fieldError.required(`${path}.maxUnavailable`, 'cannot be 0 when maxSurge is 0'));
  return errs;
}

function validateDaemonSetSpec(spec: Record<string, unknown>): FieldError[] {
  const errs: FieldError[] = [];
  if (!spec.selector) errs.push(fieldError.required('spec.selector'));
  else {
    errs.push(...validateSelectorMatchesTemplate(spec, 'spec'));
    if (isEmptySelector(record(spec.selector))) errs.push(fieldError.invalid('spec.selector', spec.selector, 'empty selector is invalid for daemonset'));
  }
  errs.push(...validateTemplatePodSpec(spec, 'spec'));
  errs.push(...validateRestartAlways(spec, 'spec', 'DaemonSet'));
  errs.push(...validateNonNegative(spec, 'minReadySeconds', 'spec'));
  const strategy = record(spec.updateStrategy);
  if (strategy.type === 'RollingUpdate') {
    if (!strategy.rollingUpdate) errs.push(fieldError.required('spec.updateStrategy.rollingUpdate'));
    else errs.push(...validateRollingUpdate(record(strategy.rollingUpdate), 'spec.updateStrategy.rollingUpdate'));
  } else if (strategy.type !== 'OnDelete') errs.push(fieldError.notSupported('spec.updateStrategy', strategy, ['RollingUpdate', 'OnDelete']));
  errs.push(...validateNonNegative(spec, 'revisionHistoryLimit', 'spec'));
  return errs;
}

const templateGenerationAnnotation = 'deprecated.daemonset.template.generation';

function templateGenerationOf(obj: KubeObject): number {
  const n = Number.parseInt(obj.metadata.annotations?.[templateGenerationAnnotation] ?? '0', 10);
  return Number.isNaN(n) ? 0 : n;
}

function setTemplateGeneration(obj: KubeObject, generation: number): void {
  obj.metadata.annotations = { ...(obj.metadata.annotations ?? {}), [templateGenerationAnnotation]: String(generation) };
}

function validateDaemonSetUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const spec = record(obj.spec);
  const errs: FieldError[] = [];
  if (!semanticEqual(spec.selector, record(old.spec).selector)) errs.push(fieldError.invalid('spec.selector', spec.selector ?? null, 'field is immutable'));
  errs.push(...validateDaemonSetSpec(spec));
  return errs;
}

export const daemonSetStrategy = {
  prepareForCreate(obj) {
    startGeneration(obj);
    defaultDaemonSet(obj);
    setTemplateGeneration(obj, Math.max(templateGenerationOf(obj), 1));
    obj.status = { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 };
  },
  prepareForUpdate(obj, old) {
    const spec = defaultDaemonSet(obj);
    const oldSpec = record(old.spec);
    keepStoredStatus(obj, old);
    // A template change is a new template generation and a new generation; any other spec change only the latter.
    const oldGeneration = old.metadata.generation ?? 0;
    if (!semanticEqual(spec.template, oldSpec.template)) {
      setTemplateGeneration(obj, templateGenerationOf(old) + 1);
      obj.metadata.generation = oldGeneration + 1;
    } else {
      setTemplateGeneration(obj, templateGenerationOf(old));
      obj.metadata.generation = oldGeneration + (semanticEqual(spec, oldSpec) ? 0 : 1);
    }
  },
  validate: (obj) => validateDaemonSetSpec(record(obj.spec)),
  validateUpdate: validateDaemonSetUpdate,
} satisfies Strategy;
