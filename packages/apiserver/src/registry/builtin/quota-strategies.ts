/**
 * core/v1 ResourceQuotas and LimitRanges (pkg/registry/core/resourcequota, limitrange and
 * ValidateResourceQuota/ValidateLimitRange): quantities that are not negative, one limit per
 * type, and LimitRangeItem defaults for containers (SetDefaults_LimitRangeItem: default from max,
 * defaultRequest from default or min). A quota's status is the quota controller's, via /status.
 */
import { fieldError, type FieldError, type KubeObject } from '@dojo/kube-api';
import { keepStoredStatus } from '../status-strategy.ts';
import type { Strategy } from '../strategy.ts';
import { compareQuantities, quantityValue } from './quantity.ts';
import { field, record } from './unstructured.ts';

function validateQuantities(list: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const [name, value] of Object.entries(record(list))) {
    if (quantityValue(value) < 0) errs.push(fieldError.invalid(`${path}[${name}]`, value, 'must be greater than or equal to 0'));
  }
  return errs;
}

const quotaScopes = ['BestEffort', 'CrossNamespacePodAffinity', 'NotBestEffort', 'NotTerminating', 'PriorityClass', 'Terminating', 'VolumeAttributesClass'];

function validateQuota(obj: KubeObject): FieldError[] {
  const errs = [
    ...validateQuantities(field(obj, 'spec', 'hard'), 'spec.hard'),
    ...validateQuantities(field(obj, 'status', 'hard'), 'status.hard'),
    ...validateQuantities(field(obj, 'status', 'used'), 'status.used'),
  ];
  const scopes = field(obj, 'spec', 'scopes');
  for (const scope of Array.isArray(scopes) ? scopes : []) {
    if (!quotaScopes.includes(scope as string)) errs.push(fieldError.notSupported('spec.scopes', scope, quotaScopes));
  }
  return errs;
}

export const resourceQuotaStrategy = {
  prepareForCreate(obj) {
    obj.status = {};
  },
  prepareForUpdate: keepStoredStatus,
  validate: validateQuota,
  validateUpdate: (obj) => validateQuota(obj),
} satisfies Strategy;

function defaultLimitRange(obj: KubeObject): void {
  for (const item of Array.isArray(field(obj, 'spec', 'limits')) ? (field(obj, 'spec', 'limits') as unknown[]) : []) {
    const limit = record(item);
    if (limit.type !== 'Container') continue;
    const defaults = { ...record(limit.max), ...record(limit.default) };
    limit.default = defaults;
    limit.defaultRequest = { ...record(limit.min), ...defaults, ...record(limit.defaultRequest) };
  }
}

function validateLimitRange(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<unknown>();
  const limits = field(obj, 'spec', 'limits');
  (Array.isArray(limits) ? limits : []).forEach((item, i) => {
    const limit = record(item);
    const path = `spec.limits[${i}]`;
    if (seen.has(limit.type)) errs.push(fieldError.duplicate(`${path}.type`, limit.type));
    seen.add(limit.type);
    if (limit.type === 'Pod') {
      if (Object.keys(record(limit.default)).length) errs.push(fieldError.forbidden(`${path}.default`, "may not be specified when `type` is 'Pod'"));
      if (Object.keys(record(limit.defaultRequest)).length)
        errs.push(fieldError.forbidden(`${path}.defaultRequest`, "may not be specified when `type` is 'Pod'"));
    }
    for (const part of ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio']) errs.push(...validateQuantities(limit[part], `${path}.${part}`));
    const max = record(limit.max);
    for (const [name, min] of Object.entries(record(limit.min))) {
      if (max[name] !== undefined && compareQuantities(min, max[name]) > 0)
        errs.push(fieldError.invalid(`${path}.min[${name}]`, min, `min value ${String(min)} is greater than max value ${String(max[name])}`));
    }
  });
  return errs;
}

export const limitRangeStrategy = {
  prepareForCreate: defaultLimitRange,
  prepareForUpdate: (obj) => defaultLimitRange(obj),
  validate: validateLimitRange,
  validateUpdate: (obj) => validateLimitRange(obj),
} satisfies Strategy;
