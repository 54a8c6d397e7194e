/** storage.k8s.io/v1 StorageClasses, as pkg/registry/storage registers them (rules in storage-class-strategy.ts). */
import { type KubeObject, nameColumn } from '@dojo/kube-api';
import { defineBuiltin } from './define-builtin.ts';
import { kindColumn } from './kind-column.ts';
import { storageClassStrategy } from './storage-class-strategy.ts';

const isDefaultClass = (o: KubeObject): boolean =>
  o.metadata.annotations?.['storageclass.kubernetes.io/is-default-class'] === 'true' ||
  o.metadata.annotations?.['storageclass.beta.kubernetes.io/is-default-class'] === 'true';

/** getEffectiveDefaultStorageClass: the newest default-annotated class of the list, by name on a tie. */
export function effectiveDefaultStorageClass(list: readonly KubeObject[]): string | undefined {
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
  returnsDeletedObject: true,
  columns: [
    kindColumn('Provisioner', 'provisioner indicates the type of the provisioner.', (o) => o.provisioner ?? ''),
    kindColumn(
      'ReclaimPolicy',
      'reclaimPolicy controls the reclaimPolicy for dynamically provisioned PersistentVolumes of this storage class. Defaults to Delete.',
      (o) => o.reclaimPolicy ?? 'Delete',
    ),
    kindColumn(
      'VolumeBindingMode',
      'volumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound.  When unset, VolumeBindingImmediate is used. This field is only honored by servers that enable the VolumeScheduling feature.',
      (o) => o.volumeBindingMode ?? 'Immediate',
    ),
    kindColumn('AllowVolumeExpansion', 'allowVolumeExpansion shows whether the storage class allow volume expand.', (o) => o.allowVolumeExpansion === true),
  ],
});
// printStorageClassList marks the effective default class of a list " (default)"; a single get does not.
storageClasses.columns[0] = {
  ...nameColumn,
  cell: (o, _now, list) => `${o.metadata.name ?? ''}${list && effectiveDefaultStorageClass(list) === o.metadata.name ? ' (default)' : ''}`,
};
