/**
 * HorizontalPodAutoscaler validation (pkg/apis/autoscaling/validation), on the v2 shape that both
 * versions are validated in (kube validates the internal type, which is v2's): replica bounds,
 * the scale target, metric specs and scaling behavior. HPAScaleToZero is on by default in 1.37,
 * so minReplicas may be 0 when an Object or External metric is given.
 */
import { fieldError, parseApiVersion, type FieldError, type KubeObject } from '@dojo/kube-api';
import { metricSourceField } from './hpa-metric-source.ts';
import { field, record } from './unstructured.ts';

const metricSourceTypes = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'];
const maxPeriodSeconds = 1800;
const maxStabilizationWindowSeconds = 3600;

/** content.IsPathSegmentName: the name must be usable in a URL path. */
function pathSegmentProblems(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  const problems: string[] = [];
  for (const illegal of ['/', '%']) if (name.includes(illegal)) problems.push(`may not contain '${illegal}'`);
  return problems;
}

function validateScaleTargetRef(ref: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const kind = String(field(ref, 'kind') ?? '');
  const name = String(field(ref, 'name') ?? '');
  if (!kind) errs.push(fieldError.required(`${path}.kind`));
  else for (const msg of pathSegmentProblems(kind)) errs.push(fieldError.invalid(`${path}.kind`, kind, msg));
  if (!name) errs.push(fieldError.required(`${path}.name`));
  else for (const msg of pathSegmentProblems(name)) errs.push(fieldError.invalid(`${path}.name`, name, msg));
  const apiVersion = String(field(ref, 'apiVersion') ?? '');
  if (apiVersion.split('/').length > 2) errs.push(fieldError.invalid(`${path}.apiVersion`, apiVersion, `unexpected GroupVersion string: ${apiVersion}`));
  else if (parseApiVersion(apiVersion).group === '') errs.push(fieldError.invalid(`${path}.apiVersion`, apiVersion, 'apiVersion must specify API group'));
  return errs;
}

const quantityIsPositive = (q: unknown): boolean => !/^-|^0*(\.0*)?[a-zA-Z]*$/.test(String(q));

function validateTarget(target: Json, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!target.type) errs.push(fieldError.required(`${path}.type`, 'must specify a metric target type'));
  if (target.type !== 'Utilization' && target.type !== 'Value' && target.type !== 'AverageValue') {
    errs.push(fieldError.invalid(`${path}.type`, target.type ?? '', 'must be either Utilization, Value, or AverageValue'));
  }
  if (target.value !== undefined && !quantityIsPositive(target.value)) errs.push(fieldError.invalid(`${path}.value`, target.value, 'must be positive'));
  if (target.averageValue !== undefined && !quantityIsPositive(target.averageValue))
    errs.push(fieldError.invalid(`${path}.averageValue`, target.averageValue, 'must be positive'));
  if (typeof target.averageUtilization === 'number' && target.averageUtilization < 1)
    errs.push(fieldError.invalid(`${path}.averageUtilization`, target.averageUtilization, 'must be greater than 0'));
  return errs;
}

type Json = Record<string, unknown>;

function validateSource(type: string, source: Json, path: string): FieldError[] {
  const target = record(source.target);
  const errs = validateTarget(target, `${path}.target`);
  if (type === 'Resource' || type === 'ContainerResource') {
    if (!source.name) errs.unshift(fieldError.required(`${path}.name`, 'must specify a resource name'));
    if (type === 'ContainerResource' && !source.container) errs.push(fieldError.required(`${path}.container`, 'must specify a container'));
    if (target.averageUtilization === undefined && target.averageValue === undefined) {
      errs.push(fieldError.required(`${path}.target.averageUtilization`, 'must set either a target raw value or a target utilization'));
    }
    if (target.averageUtilization !== undefined && target.averageValue !== undefined) {
      errs.push(fieldError.forbidden(`${path}.target.averageValue`, 'may not set both a target raw value and a target utilization'));
    }
    return errs;
  }
  if (!field(source, 'metric', 'name')) errs.push(fieldError.required(`${path}.metric.name`, 'must specify a metric name'));
  if (type === 'Pods' && target.averageValue === undefined)
    errs.push(fieldError.required(`${path}.target.averageValue`, 'must specify a positive target averageValue'));
  if ((type === 'Object' || type === 'External') && target.value === undefined && target.averageValue === undefined) {
    errs.push(
      fieldError.required(
        `${path}.target.averageValue`,
        type === 'Object' ? 'must set either a target value or averageValue' : 'must set either a target value for metric or a per-pod target',
      ),
    );
  }
  if (type === 'External' && target.value !== undefined && target.averageValue !== undefined) {
    errs.push(fieldError.forbidden(`${path}.target.value`, 'may not set both a target value for metric and a per-pod target'));
  }
  if (type === 'Object')
    errs.push(
      ...validateScaleTargetRef(source.describedObject, `${path}.describedObject`).filter(
        (e) => !e.field.endsWith('.apiVersion') || e.detail !== 'apiVersion must specify API group',
      ),
    );
  return errs;
}

function validateMetric(metric: Json, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const type = typeof metric.type === 'string' ? metric.type : '';
  if (!type) errs.push(fieldError.required(`${path}.type`, 'must specify a metric source type'));
  if (!metricSourceTypes.includes(type)) {
    errs.push(fieldError.notSupported(`${path}.type`, type, metricSourceTypes));
    return errs;
  }
  const key = metricSourceField(type);
  for (const other of metricSourceTypes) {
    const otherKey = metricSourceField(other);
    if (other !== type && metric[otherKey] !== undefined) errs.push(fieldError.forbidden(`${path}.${otherKey}`, 'must populate the given metric source only'));
  }
  if (metric[key] === undefined) errs.push(fieldError.required(`${path}.${key}`, 'must populate information for the given metric source'));
  else errs.push(...validateSource(type, record(metric[key]), `${path}.${key}`));
  return errs;
}

function validateScalingRules(rules: unknown, path: string): FieldError[] {
  if (rules === undefined) return [];
  const r = record(rules);
  const errs: FieldError[] = [];
  const window = r.stabilizationWindowSeconds;
  if (typeof window === 'number' && window < 0)
    errs.push(fieldError.invalid(`${path}.stabilizationWindowSeconds`, window, 'must be greater than or equal to zero'));
  if (typeof window === 'number' && window > maxStabilizationWindowSeconds) {
    errs.push(fieldError.invalid(`${path}.stabilizationWindowSeconds`, window, `must be less than or equal to ${maxStabilizationWindowSeconds}`));
  }
  if (r.selectPolicy !== undefined && !['Disabled', 'Max', 'Min'].includes(String(r.selectPolicy))) {
    errs.push(fieldError.notSupported(`${path}.selectPolicy`, r.selectPolicy, ['Disabled', 'Max', 'Min']));
  }
  const policies = (r.policies as unknown[] | undefined) ?? [];
  if (policies.length === 0) errs.push(fieldError.required(`${path}.policies`, 'must specify at least one Policy'));
  policies.forEach((p, i) => {
    const policy = record(p);
    const at = `${path}.policies[${i}]`;
    if (policy.type !== 'Pods' && policy.type !== 'Percent') errs.push(fieldError.notSupported(`${at}.type`, policy.type ?? '', ['Percent', 'Pods']));
    const value = Number(policy.value ?? 0);
    const period = Number(policy.periodSeconds ?? 0);
    if (value <= 0) errs.push(fieldError.invalid(`${at}.value`, value, 'must be greater than zero'));
    if (period <= 0) errs.push(fieldError.invalid(`${at}.periodSeconds`, period, 'must be greater than zero'));
    if (period > maxPeriodSeconds) errs.push(fieldError.invalid(`${at}.periodSeconds`, period, `must be less than or equal to ${maxPeriodSeconds}`));
  });
  return errs;
}

/** validateHorizontalPodAutoscalerSpec, for an HPA in its v2 (storage) form. */
export function validateHorizontalPodAutoscaler(obj: KubeObject): FieldError[] {
  const spec = record(obj.spec);
  const errs: FieldError[] = [];
  const min = spec.minReplicas;
  const max = Number(spec.maxReplicas ?? 0);
  // The replica bounds are declarative validation's (+k8s:required, +k8s:minimum, Beta, enforced
  // in 1.37): rest.ValidateDeclaratively drops the handwritten errors they cover and appends its
  // own, worded by validate.RequiredValue and validate.Minimum, after every other error.
  const declarative: FieldError[] = [];
  if (typeof min === 'number' && min < 0) declarative.push(fieldError.invalid('spec.minReplicas', min, 'must be greater than or equal to 0'));
  if (max === 0) declarative.push(fieldError.required('spec.maxReplicas'));
  else if (max < 0) declarative.push(fieldError.invalid('spec.maxReplicas', max, 'must be greater than or equal to 1'));
  if (typeof min === 'number' && max < min) errs.push(fieldError.invalid('spec.maxReplicas', max, 'must be greater than or equal to `minReplicas`'));
  errs.push(...validateScaleTargetRef(spec.scaleTargetRef, 'spec.scaleTargetRef'));
  const metrics = ((spec.metrics as unknown[] | undefined) ?? []).map(record);
  metrics.forEach((m, i) => errs.push(...validateMetric(m, `spec.metrics[${i}]`)));
  if (min === 0 && !metrics.some((m) => m.type === 'Object' || m.type === 'External')) {
    errs.push(fieldError.forbidden('spec.metrics', 'must specify at least one Object or External metric to support scaling to zero replicas'));
  }
  const behavior = spec.behavior;
  if (behavior !== undefined) {
    errs.push(...validateScalingRules(field(behavior, 'scaleUp'), 'spec.behavior.scaleUp'));
    errs.push(...validateScalingRules(field(behavior, 'scaleDown'), 'spec.behavior.scaleDown'));
  }
  return [...errs, ...declarative];
}
