/** Secrets and ConfigMaps: key rules, and Secrets' write-only `stringData` and immutability. */
import { fieldError, jsonEqual, type FieldError, type KubeObject } from '@dojo/kube-api';
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

/** kube's MaxSecretSize and MaxConfigMapSize: keys and values of all data maps together. */
export const maxConfigDataBytes = 1024 * 1024;

/** `base64`: Secret values are counted as the bytes they decode to, as kube counts []byte. */
function validateTotalSize(obj: KubeObject, fields: readonly string[], base64 = false): FieldError[] {
  let size = 0;
  for (const field of fields) {
    for (const [key, value] of Object.entries(record(obj[field]))) {
      const text = typeof value === 'string' ? value : '';
      size += key.length + (base64 ? Math.floor((text.length * 3) / 4) : text.length);
    }
  }
  return size > maxConfigDataBytes ? [fieldError.tooLong(fields[0]!, '', maxConfigDataBytes)] : [];
}

/** apimachinery's IsConfigMapKey: each problem of a key is a cause of its own. */
function configKeyProblems(key: string): string[] {
  const problems: string[] = [];
  if (key.length > 253) problems.push('must be no more than 253 characters');
  if (!configKey.test(key)) {
    problems.push(
      "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
    );
  }
  // A key becomes a file name in a volume: '.' and '..' would name the directory or its parent.
  if (key === '.') problems.push("must not be '.'");
  else if (key === '..') problems.push("must not be '..'");
  else if (key.startsWith('..')) problems.push("must not start with '..'");
  return problems;
}

function validateDataKeys(obj: KubeObject, fieldName: string): FieldError[] {
  return Object.keys(record(obj[fieldName])).flatMap((key) =>
    configKeyProblems(key).map((problem) => fieldError.invalid(`${fieldName}[${key}]`, key, problem)),
  );
}

function validateSecret(obj: KubeObject): FieldError[] {
  const errs = [...validateDataKeys(obj, 'data'), ...validateTotalSize(obj, ['data'], true)];
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
    if (old.immutable === true && !jsonEqual(old.data, obj.data)) {
      errs.push(fieldError.forbidden('data', 'field is immutable when `immutable` is set'));
    }
    return errs;
  },
} satisfies Strategy;

const validateConfigMap = (obj: KubeObject): FieldError[] => [
  ...validateDataKeys(obj, 'data'),
  ...validateDataKeys(obj, 'binaryData'),
  ...validateTotalSize(obj, ['data', 'binaryData']),
];

export const configMapStrategy = {
  ...noRulesStrategy,
  validate: validateConfigMap,
  validateUpdate: validateConfigMap,
} satisfies Strategy;
