/**
 * StorageClasses' write rules (pkg/registry/storage/storageclass, pkg/apis/storage/validation):
 * reclaimPolicy defaults to Delete and volumeBindingMode to Immediate; provisioner, parameters,
 * reclaimPolicy and volumeBindingMode are immutable.
 */
import { fieldError, jsonEqual, validateQualifiedName, type FieldError, type KubeObject } from '@dojo/kube-api';
import type { Strategy } from '../strategy.ts';

function defaultStorageClass(obj: KubeObject): void {
  obj.reclaimPolicy ??= 'Delete';
  obj.volumeBindingMode ??= 'Immediate';
}

function validateStorageClass(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const provisioner = typeof obj.provisioner === 'string' ? obj.provisioner : '';
  if (!provisioner) errs.push(fieldError.required('provisioner'));
  else for (const msg of validateQualifiedName(provisioner.toLowerCase())) errs.push(fieldError.invalid('provisioner', provisioner, msg));
  for (const key of Object.keys((obj.parameters as Record<string, string> | undefined) ?? {})) {
    if (key.length < 1) errs.push(fieldError.invalid('parameters', key, 'field can not be empty.'));
  }
  if (obj.reclaimPolicy !== undefined && obj.reclaimPolicy !== '' && obj.reclaimPolicy !== 'Delete' && obj.reclaimPolicy !== 'Retain') {
    errs.push(fieldError.notSupported('reclaimPolicy', obj.reclaimPolicy, ['Delete', 'Retain']));
  }
  if (obj.volumeBindingMode === undefined) errs.push(fieldError.required('volumeBindingMode'));
  else if (obj.volumeBindingMode !== 'Immediate' && obj.volumeBindingMode !== 'WaitForFirstConsumer') {
    errs.push(fieldError.notSupported('volumeBindingMode', obj.volumeBindingMode, ['Immediate', 'WaitForFirstConsumer']));
  }
  return errs;
}

const immutableFields = ['parameters', 'provisioner', 'reclaimPolicy', 'volumeBindingMode'];

export const storageClassStrategy = {
  prepareForCreate: defaultStorageClass,
  prepareForUpdate: (obj) => defaultStorageClass(obj),
  validate: validateStorageClass,
  validateUpdate(obj, old) {
    const errs = validateStorageClass(obj);
    for (const name of immutableFields) if (!jsonEqual(obj[name], old[name])) errs.push(fieldError.invalid(name, obj[name], 'field is immutable'));
    return errs;
  },
} satisfies Strategy;
