/**
 * storage.k8s.io/v1 StorageClasses (pkg/registry/storage/storageclass, validation in
 * pkg/apis/storage/validation): reclaimPolicy defaults to Delete and volumeBindingMode to
 * Immediate; provisioner, parameters, reclaimPolicy and volumeBindingMode are immutable.
 */
import { fieldError, jsonEqual, validateQualifiedName, type FieldError, type KubeObject } from '@dojo/kube-api';
import type { Strategy } from '../strategy.ts';
import { nameColumn } from '../table-columns.ts';
import { defineBuiltin } from './define-builtin.ts';
import { kindColumn } from './kind-column.ts';

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

const isDefaultClass = (o: KubeObject): boolean =>
  o.metadata.annotations?.['storageclass.kubernetes.io/is-default-class'] === 'true' || o.metadata.annotations?.['storageclass.beta.kubernetes.io/is-default-class'] === 'true';

/** getEffectiveDefaultStorageClass: the newest default-annotated class of the list, by name on a tie. */
function effectiveDefault(list: readonly KubeObject[]): string | undefined {
  let best: KubeObject | undefined;
  for (const o of list) {
    if (!isDefaultClass(o)) continue;
    const t = Date.parse(o.metadata.creationTimestamp ?? '');
    const bestT = best ? Date.parse(best.metadata.creationTimestamp ?? '') : NaN;
    if (!best || t > bestT || (t === bestT && (o.metadata.name ?? '') < (best.metadata.name ?? ''))) best = o;
  }
  return best?.metadata.name;
}

export const storageClasses = defineBuiltin({
  group: 'storage.k8s.io',
  version: 'v1',
  resource: 'storageclasses',
  kind: 'StorageClass',
  namespaced: false,
  shortNames: ['sc'],
  strategy: storageClassStrategy,
  columns: [
    kindColumn('Provisioner', 'provisioner indicates the type of the provisioner.', (o) => o.provisioner ?? ''),
    kindColumn('ReclaimPolicy', 'reclaimPolicy controls the reclaimPolicy for dynamically provisioned PersistentVolumes of this storage class. Defaults to Delete.', (o) => o.reclaimPolicy ?? 'Delete'),
    kindColumn('VolumeBindingMode', 'volumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound.  When unset, VolumeBindingImmediate is used. This field is only honored by servers that enable the VolumeScheduling feature.', (o) => o.volumeBindingMode ?? 'Immediate'),
    kindColumn('AllowVolumeExpansion', 'allowVolumeExpansion shows whether the storage class allow volume expand.', (o) => o.allowVolumeExpansion === true),
  ],
});
// printStorageClassList marks the effective default class of a list " (default)"; a single get does not.
storageClasses.columns[0] = {
  ...nameColumn,
  cell: (o, _now, list) => `${o.metadata.name ?? ''}${list && effectiveDefault(list) === o.metadata.name ? ' (default)' : ''}`,
};
