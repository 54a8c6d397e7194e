/**
 * batch/v1 Jobs (pkg/registry/batch/job/strategy.go, pkg/apis/batch/v1/defaults.go and
 * pkg/apis/batch/validation): SetDefaults_Job, the selector kube generates from the Job's uid
 * unless manualSelector is true, a template that restarts OnFailure or Never, and a spec whose
 * selector, completions (unless Indexed), completionMode and template (unless suspended and not
 * started) are fixed once created.
 */
import { fieldError, LabelSelector, semanticEqual, type FieldError, type KubeObject, type LabelSelectorObject } from '@dojo/kube-api';
import { bumpGenerationOnChange, startGeneration } from '../generation.ts';
import { keepStoredStatus } from '../status-strategy.ts';
import type { Strategy } from '../strategy.ts';
import { defaultPodTemplate, validateNonNegative, validateSelectorMatchesTemplate, validateTemplatePodSpec } from './pod-template.ts';
import { childRecord, field, record } from './unstructured.ts';

/** The labels a generated selector uses (batch.ControllerUidLabel and friends). */
export const jobLabels = {
  controllerUid: 'batch.kubernetes.io/controller-uid',
  jobName: 'batch.kubernetes.io/job-name',
  legacyControllerUid: 'controller-uid',
  legacyJobName: 'job-name',
} as const;

/** SetDefaults_Job, then SetDefaults_PodSpec on its template. */
export function defaultJobSpec(spec: Record<string, unknown>): void {
  if (spec.completions === undefined && spec.parallelism === undefined) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  spec.parallelism ??= 1;
  spec.backoffLimit ??= spec.backoffLimitPerIndex !== undefined ? 2147483647 : 6;
  spec.completionMode ??= 'NonIndexed';
  spec.suspend ??= false;
  spec.podReplacementPolicy ??= spec.podFailurePolicy !== undefined ? 'Failed' : 'TerminatingOrFailed';
  spec.manualSelector ??= false;
  defaultPodTemplate(spec);
}

function defaultJob(obj: KubeObject): Record<string, unknown> {
  const spec = childRecord(obj, 'spec');
  // A Job without labels of its own takes its template's (SetDefaults_Job).
  const templateLabels = field(spec, 'template', 'metadata', 'labels');
  if (templateLabels && Object.keys(obj.metadata.labels ?? {}).length === 0) obj.metadata.labels = { ...(templateLabels as Record<string, string>) };
  defaultJobSpec(spec);
  return spec;
}

/** generateSelector: template labels naming this Job, and a selector on its uid. */
function generateSelector(obj: KubeObject, spec: Record<string, unknown>): void {
  if (spec.manualSelector === true) return;
  const template = record(spec.template);
  const metadata = childRecord(template, 'metadata');
  const labels = record(metadata.labels) as Record<string, string>;
  metadata.labels = labels;
  const name = obj.metadata.name ?? '';
  const uid = obj.metadata.uid ?? '';
  labels[jobLabels.legacyJobName] ??= name;
  labels[jobLabels.jobName] ??= name;
  labels[jobLabels.legacyControllerUid] ??= uid;
  labels[jobLabels.controllerUid] ??= uid;
  const selector = record(spec.selector) as LabelSelectorObject;
  spec.selector = selector;
  selector.matchLabels = { ...(selector.matchLabels ?? {}) };
  selector.matchLabels[jobLabels.controllerUid] ??= uid;
}

/** validateGeneratedSelector: a generated selector must select this Job's uid. */
function validateGeneratedSelector(obj: KubeObject, spec: Record<string, unknown>): FieldError[] {
  if (spec.manualSelector === true || !spec.selector) return [];
  const errs: FieldError[] = [];
  const labels = record(field(spec, 'template', 'metadata', 'labels'));
  const expect = (key: string, value: string): void => {
    if (labels[key] === undefined) errs.push(fieldError.required(`spec.template.metadata.labels[${key}]`, `must be '${value}'`));
    else if (labels[key] !== value) errs.push(fieldError.invalid(`spec.template.metadata.labels[${key}]`, labels, `must be '${value}'`));
  };
  const uid = obj.metadata.uid ?? '';
  const name = obj.metadata.name ?? '';
  expect(jobLabels.legacyControllerUid, uid);
  expect(jobLabels.legacyJobName, name);
  expect(jobLabels.controllerUid, uid);
  expect(jobLabels.jobName, name);
  const expected = { [jobLabels.controllerUid]: uid, [jobLabels.jobName]: name, [jobLabels.legacyControllerUid]: uid, [jobLabels.legacyJobName]: name };
  let selects = true;
  try {
    selects = LabelSelector.fromObject(spec.selector as LabelSelectorObject).matches(expected);
  } catch {
    selects = true; // an unparsable selector is reported by the selector's own validation
  }
  if (!selects) errs.push(fieldError.invalid('spec.selector', spec.selector, '`selector` not auto-generated'));
  return errs;
}

/** validateJobSpec: what a Job spec (or a CronJob's job template spec) must be on its own. */
export function validateJobSpecFields(spec: Record<string, unknown>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const name of [
    'parallelism',
    'completions',
    'activeDeadlineSeconds',
    'backoffLimit',
    'ttlSecondsAfterFinished',
    'backoffLimitPerIndex',
    'maxFailedIndexes',
  ]) {
    errs.push(...validateNonNegative(spec, name, path));
  }
  const mode = spec.completionMode;
  if (mode !== undefined && mode !== 'NonIndexed' && mode !== 'Indexed')
    errs.push(fieldError.notSupported(`${path}.completionMode`, mode, ['NonIndexed', 'Indexed']));
  if (mode === 'Indexed' && spec.completions === undefined) errs.push(fieldError.required(`${path}.completions`, 'when completion mode is Indexed'));
  const replacement = spec.podReplacementPolicy;
  if (replacement !== undefined) {
    const supported = spec.podFailurePolicy !== undefined ? ['Failed'] : ['Failed', 'TerminatingOrFailed'];
    if (!supported.includes(replacement as string)) errs.push(fieldError.notSupported(`${path}.podReplacementPolicy`, replacement, supported));
  }
  errs.push(...validateTemplatePodSpec(spec, path));
  // SetDefaults_PodSpec makes an unset restartPolicy Always, so Always also means "not set".
  const restart = field(spec, 'template', 'spec', 'restartPolicy') ?? '';
  const restartPath = `${path}.template.spec.restartPolicy`;
  if (restart === 'Always' || restart === '') errs.push(fieldError.required(restartPath, 'valid values: "OnFailure", "Never"'));
  else if (restart !== 'OnFailure' && restart !== 'Never') errs.push(fieldError.notSupported(restartPath, restart, ['OnFailure', 'Never']));
  else if (spec.podFailurePolicy !== undefined && restart !== 'Never')
    errs.push(fieldError.invalid(restartPath, restart, 'only "Never" is supported when podFailurePolicy is specified'));
  return errs;
}

function validateJobSpec(spec: Record<string, unknown>): FieldError[] {
  const errs: FieldError[] = [];
  if (!spec.selector) errs.push(fieldError.required('spec.selector'));
  else errs.push(...validateSelectorMatchesTemplate(spec, 'spec'));
  errs.push(...validateJobSpecFields(spec, 'spec'));
  return errs;
}

function validateJob(obj: KubeObject): FieldError[] {
  const spec = record(obj.spec);
  return [...validateGeneratedSelector(obj, spec), ...validateJobSpec(spec)];
}

const immutable = (path: string, now: unknown, before: unknown): FieldError[] =>
  semanticEqual(now, before) ? [] : [fieldError.invalid(path, now ?? null, 'field is immutable')];

/** The template with what a suspended Job that never started may change taken from `now`. */
function templateWithSchedulingDirectivesOf(before: unknown, now: unknown): unknown {
  const out = structuredClone(record(before));
  const next = record(now);
  const outMeta = childRecord(out, 'metadata');
  outMeta.labels = field(next, 'metadata', 'labels');
  outMeta.annotations = field(next, 'metadata', 'annotations');
  const outSpec = childRecord(out, 'spec');
  for (const key of ['nodeSelector', 'tolerations', 'schedulingGates']) outSpec[key] = field(next, 'spec', key);
  const affinity = field(next, 'spec', 'affinity');
  if (affinity !== undefined) outSpec.affinity = { ...record(outSpec.affinity), nodeAffinity: field(affinity, 'nodeAffinity') };
  else if (outSpec.affinity !== undefined) {
    const { nodeAffinity: _dropped, ...rest } = record(outSpec.affinity);
    outSpec.affinity = Object.keys(rest).length ? rest : undefined;
  }
  return out;
}

function validateJobUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const spec = record(obj.spec);
  const oldSpec = record(old.spec);
  const errs = validateJobSpec(spec);
  if (spec.completionMode !== 'Indexed') errs.push(...immutable('spec.completions', spec.completions, oldSpec.completions));
  else if (!semanticEqual(spec.completions, oldSpec.completions) && spec.completions !== undefined && spec.completions !== spec.parallelism) {
    errs.push(fieldError.invalid('spec.completions', spec.completions, 'can only be modified in tandem with spec.parallelism'));
  }
  errs.push(...immutable('spec.selector', spec.selector, oldSpec.selector));
  const mayChangeScheduling = oldSpec.suspend === true && field(old, 'status', 'startTime') === undefined;
  const oldTemplate = mayChangeScheduling ? templateWithSchedulingDirectivesOf(oldSpec.template, spec.template) : oldSpec.template;
  errs.push(...immutable('spec.template', spec.template, oldTemplate));
  for (const name of ['completionMode', 'podFailurePolicy', 'backoffLimitPerIndex', 'managedBy', 'successPolicy']) {
    errs.push(...immutable(`spec.${name}`, spec[name], oldSpec[name]));
  }
  return errs;
}

/** Jobs created without labels, whose labels SetDefaults_Job took from their template (kube shares the map). */
const labelsSharedWithTemplate = new WeakSet<KubeObject>();

export const jobStrategy = {
  applyDefaults(obj) {
    // defaultJob gives a Job without labels its template's (SetDefaults_Job).
    if (Object.keys(obj.metadata.labels ?? {}).length === 0) labelsSharedWithTemplate.add(obj);
    defaultJob(obj);
  },
  prepareForCreate(obj) {
    startGeneration(obj);
    generateSelector(obj, record(obj.spec));
    // The labels SetDefaults_Job gave the Job are the template's own map in kube: the labels the
    // selector generation adds to the template show on the Job too.
    if (labelsSharedWithTemplate.has(obj)) obj.metadata.labels = { ...(field(obj.spec, 'template', 'metadata', 'labels') as Record<string, string>) };
    obj.status = {};
  },
  prepareForUpdate(obj, old) {
    defaultJob(obj);
    keepStoredStatus(obj, old);
    bumpGenerationOnChange(obj, old, { statusSubresource: true });
  },
  validate: validateJob,
  validateUpdate: validateJobUpdate,
  // batch/v1 keeps orphaning for compatibility (job strategy's DefaultGarbageCollectionPolicy).
  orphansByDefault: {
    warning:
      'child pods are preserved by default when jobs are deleted; set propagationPolicy=Background to remove them or set propagationPolicy=Orphan to suppress this warning',
  },
} satisfies Strategy;
