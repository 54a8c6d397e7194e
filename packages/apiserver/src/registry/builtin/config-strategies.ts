/** Secrets and ConfigMaps: key rules, and Secrets' write-only `stringData` and immutability. */
import { fieldError, type FieldError, type KubeObject } from '@dojo/kube-api';
import { noRulesStrategy, type Strategy } from '../strategy.ts';
import { record } from './unstructured.ts';

/** Secrets: `stringData` is write-only and merged into base64 `data`, as kube-apiserver does. */
function prepareSecret(obj: KubeObject): void {
  obj.type ??= 'Opaque';
  const stringData = obj.stringData;
  if (stringData && typeof stringData === 'object') {
    const data = { ...record(obj.data) };
    for (const [k, v] of Object.entries(stringData)) data[k] = Buffer.from(String(v)).toString('base64');
    obj.data = data;
  }
  delete obj.stringData;
}

const configKey = /^[-._a-zA-Z0-9]+$/;

function validateDataKeys(obj: KubeObject, fieldName: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const key of Object.keys(record(obj[fieldName]))) {
    if (!configKey.test(key) || key.length > 253) {
      errs.push(fieldError.invalid(`${fieldName}`, key, "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"));
    }
  }
  return errs;
}

function validateSecret(obj: KubeObject): FieldError[] {
  const errs = validateDataKeys(obj, 'data');
  for (const [key, value] of Object.entries(record(obj.data))) {
    if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) {
      errs.push(fieldError.invalid(`data[${key}]`, '<secret contents redacted>', 'must be base64-encoded'));
    }
  }
  return errs;
}

export const secretStrategy = {
  prepareForCreate: prepareSecret,
  prepareForUpdate: prepareSecret,
  validate: validateSecret,
  validateUpdate(obj, old) {
    const errs = validateSecret(obj);
    if (old.type !== obj.type) errs.push(fieldError.invalid('type', obj.type, 'field is immutable'));
    if (old.immutable === true && JSON.stringify(old.data) !== JSON.stringify(obj.data)) {
      errs.push(fieldError.forbidden('data', 'field is immutable when `immutable` is set'));
    }
    return errs;
  },
} satisfies Strategy;

const validateConfigMap = (obj: KubeObject): FieldError[] => validateDataKeys(obj, 'data');

export const configMapStrategy = {
  ...noRulesStrategy,
  validate: validateConfigMap,
  validateUpdate: validateConfigMap,
} satisfies Strategy;
