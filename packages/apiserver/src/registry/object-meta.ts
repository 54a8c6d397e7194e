/**
 * ObjectMeta rules every kind shares (apimachinery's ValidateObjectMeta and the generic
 * store's BeforeCreate/BeforeUpdate): names, generateName, labels, annotations, finalizers,
 * owner references, and the fields a client may not change.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  utf8Length,
  fieldError,
  validateDNS1123Label,
  validateDNS1123Subdomain,
  validateLabelValue,
  validateQualifiedName,
  type FieldError,
  type KubeObject,
} from '@dojo/kube-api';

/** DNS-1123 subdomain (most kinds), label (namespaces, services) or a URL path segment (RBAC kinds: `system:basic-user`). */
export type NameValidation = 'subdomain' | 'label' | 'path-segment';

/** path.IsValidPathSegmentName: not "." or "..", no "/" or "%". */
function validatePathSegmentName(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  return ['/', '%'].filter((c) => name.includes(c)).map((c) => `may not contain '${c}'`);
}

const generateNameAlphabet = 'bcdfghjklmnpqrstvwxz2456789';
const totalAnnotationSizeLimit = 256 * 1024;

/** names.SimpleNameGenerator: prefix (cut to 58 chars) + 5 random characters. */
export function generateName(prefix: string): string {
  const base = prefix.length > 58 ? prefix.slice(0, 58) : prefix;
  const bytes = randomBytes(5);
  let suffix = '';
  for (const b of bytes) suffix += generateNameAlphabet[b % generateNameAlphabet.length];
  return base + suffix;
}

let lastSecond = -1;
let lastStamp = '';

/** RFC 3339 with seconds, as metav1.Time marshals (memoized per second: every write asks). */
export function nowTimestamp(now = Date.now()): string {
  const second = Math.floor(now / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastStamp = new Date(second * 1000).toISOString().replace('.000Z', 'Z');
  }
  return lastStamp;
}

export function prepareMetaForCreate(obj: KubeObject, now: number): void {
  const meta = obj.metadata;
  if (!meta.name && meta.generateName) meta.name = generateName(meta.generateName);
  meta.uid = randomUUID();
  meta.creationTimestamp = nowTimestamp(now);
  delete meta.deletionTimestamp;
  delete meta.deletionGracePeriodSeconds;
  delete meta.resourceVersion;
  // Kinds that track generation start it in their strategy's prepareForCreate.
  delete meta.generation;
  if (meta.finalizers?.length === 0) delete meta.finalizers;
}

/** Fields an update cannot touch are taken from the stored object. */
export function prepareMetaForUpdate(obj: KubeObject, old: KubeObject): void {
  const meta = obj.metadata;
  meta.creationTimestamp = old.metadata.creationTimestamp;
  if (!meta.uid) meta.uid = old.metadata.uid;
  if (old.metadata.deletionTimestamp) meta.deletionTimestamp = old.metadata.deletionTimestamp;
  else delete meta.deletionTimestamp;
  if (old.metadata.deletionGracePeriodSeconds !== undefined) meta.deletionGracePeriodSeconds = old.metadata.deletionGracePeriodSeconds;
  else delete meta.deletionGracePeriodSeconds;
  if (meta.finalizers?.length === 0) delete meta.finalizers;
  if (old.metadata.generation !== undefined) meta.generation = old.metadata.generation;
}

function validateName(name: string, how: NameValidation): string[] {
  if (how === 'path-segment') return validatePathSegmentName(name);
  return how === 'label' ? validateDNS1123Label(name) : validateDNS1123Subdomain(name);
}

function validateStringMap(field: string, map: unknown, keyCheck: (key: string) => string[], valueCheck?: (value: string) => string[]): FieldError[] {
  if (map === undefined || map === null) return [];
  if (typeof map !== 'object' || Array.isArray(map)) return [fieldError.invalid(field, map, 'must be an object')];
  const errs: FieldError[] = [];
  for (const [key, value] of Object.entries(map)) {
    for (const msg of keyCheck(key)) errs.push(fieldError.invalid(field, key, msg));
    if (typeof value !== 'string') errs.push(fieldError.invalid(`${field}[${key}]`, value, 'must be a string'));
    else if (valueCheck) for (const msg of valueCheck(value)) errs.push(fieldError.invalid(field, value, msg));
  }
  return errs;
}

export function validateObjectMeta(obj: KubeObject, namespaced: boolean, how: NameValidation = 'subdomain'): FieldError[] {
  const meta = obj.metadata;
  const errs: FieldError[] = [];
  if (!meta.name) {
    if (!meta.generateName) errs.push(fieldError.required('metadata.name', 'name or generateName is required'));
  } else {
    for (const msg of validateName(meta.name, how)) errs.push(fieldError.invalid('metadata.name', meta.name, msg));
  }
  if (meta.generateName && !meta.name) {
    for (const msg of validateName(meta.generateName.replace(/-$/, '') || 'a', how)) {
      errs.push(fieldError.invalid('metadata.generateName', meta.generateName, msg));
    }
  }
  if (namespaced) {
    if (!meta.namespace) errs.push(fieldError.required('metadata.namespace'));
    else for (const msg of validateDNS1123Label(meta.namespace)) errs.push(fieldError.invalid('metadata.namespace', meta.namespace, msg));
  } else if (meta.namespace) {
    errs.push(fieldError.forbidden('metadata.namespace', 'not allowed on this type'));
  }
  errs.push(...validateMetadataContents(obj));
  meta.finalizers?.forEach((f, i) => {
    if (typeof f !== 'string') errs.push(fieldError.invalid(`metadata.finalizers[${i}]`, f, 'must be a string'));
    // ValidateFinalizers names the list, not the item: metadata.finalizers for each bad name.
    else for (const msg of validateQualifiedName(f)) errs.push(fieldError.invalid('metadata.finalizers', f, msg));
  });
  return errs;
}

export function validateObjectMetaUpdate(obj: KubeObject, old: KubeObject, namespaced: boolean, how: NameValidation = 'subdomain'): FieldError[] {
  return [...validateObjectMeta(obj, namespaced, how), ...validateObjectMetaAccessorUpdate(obj, old)];
}

/**
 * kube's ValidateObjectMetaAccessorUpdate: no finalizer added to an object being deleted, what
 * an update may not change, then labels, annotations and owner references again. The generic
 * registry runs it after ObjectMeta's own validation on every update, and a custom resource's
 * strategy runs it once more (deduplicated), so a custom resource's update repeats those causes.
 */
export function validateObjectMetaAccessorUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const meta = obj.metadata;
  const errs: FieldError[] = [];
  if (old.metadata.deletionTimestamp) {
    const had = new Set(old.metadata.finalizers ?? []);
    const added = (meta.finalizers ?? []).filter((f) => !had.has(f));
    if (added.length)
      errs.push(
        fieldError.forbidden(
          'metadata.finalizers',
          `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(', ')}}`,
        ),
      );
  }
  if (meta.name !== old.metadata.name) errs.push(fieldError.invalid('metadata.name', meta.name, 'field is immutable'));
  if ((meta.namespace ?? '') !== (old.metadata.namespace ?? '')) errs.push(fieldError.invalid('metadata.namespace', meta.namespace, 'field is immutable'));
  if (meta.uid !== old.metadata.uid) errs.push(fieldError.invalid('metadata.uid', meta.uid, 'field is immutable'));
  errs.push(...validateMetadataContents(obj));
  return errs;
}

/**
 * Labels, annotations and owner references: the part of ObjectMeta's validation that kube's
 * ValidateObjectMetaAccessorUpdate runs again on an update (apimachinery api/validation
 * objectmeta.go), in its order.
 */
export function validateMetadataContents(obj: KubeObject): FieldError[] {
  const meta = obj.metadata;
  const errs: FieldError[] = [];
  errs.push(...validateStringMap('metadata.labels', meta.labels, validateQualifiedName, validateLabelValue));
  errs.push(...validateStringMap('metadata.annotations', meta.annotations, (k) => validateQualifiedName(k.toLowerCase())));
  if (meta.annotations && typeof meta.annotations === 'object') {
    let size = 0;
    for (const [k, v] of Object.entries(meta.annotations)) size += utf8Length(k) + utf8Length(String(v));
    if (size > totalAnnotationSizeLimit) {
      errs.push({ type: 'FieldValueTooLong', field: 'metadata.annotations', value: '', detail: `must have at most ${totalAnnotationSizeLimit} bytes` });
    }
  }
  let controllers = 0;
  meta.ownerReferences?.forEach((ref, i) => {
    const path = `metadata.ownerReferences[${i}]`;
    // validateOwnerReference: each missing member is Required; a version that does not parse is Invalid.
    if (!ref.apiVersion) errs.push(fieldError.required(`${path}.apiVersion`, 'must not be empty'));
    else if (ref.apiVersion.split('/').length > 2 || ref.apiVersion.endsWith('/'))
      errs.push(fieldError.invalid(`${path}.apiVersion`, ref.apiVersion, 'must be <group>/<version> or <version>'));
    if (!ref.kind) errs.push(fieldError.required(`${path}.kind`, 'must not be empty'));
    if (!ref.name) errs.push(fieldError.required(`${path}.name`, 'must not be empty'));
    if (!ref.uid) errs.push(fieldError.required(`${path}.uid`, 'must not be empty'));
    if (ref.controller) controllers++;
  });
  if (controllers > 1) {
    errs.push(fieldError.invalid('metadata.ownerReferences', meta.ownerReferences, 'Only one reference can have Controller set to true'));
  }
  return errs;
}
