/**
 * The DefaultStorageClass admission plugin (plugin/pkg/admission/storage/storageclass/setdefault):
 * a PersistentVolumeClaim created with no class at all, neither spec.storageClassName (an
 * explicit "" means "no class" and is kept) nor the beta `volume.beta.kubernetes.io/storage-class`
 * annotation, gets the default StorageClass, the newest one annotated
 * `storageclass.kubernetes.io/is-default-class: "true"` (by name on a tie).
 */
import type { KubeObject } from '@dojo/kube-api';
import type { RevisionedStore } from '../storage/revisioned-store.ts';
import type { Admission } from './admission.ts';
import { persistentvolumeclaims } from './builtin/core-cluster-kinds.ts';
import { effectiveDefaultStorageClass, storageClasses } from './builtin/storage-kinds.ts';
import { record } from './builtin/unstructured.ts';
import type { ResourceInfo } from './resource-info.ts';

export function defaultStorageClass(store: RevisionedStore): Admission {
  return {
    mutateCreate(info: ResourceInfo, obj: KubeObject): void {
      if (info.bucket !== persistentvolumeclaims.bucket) return;
      const spec = record(obj.spec);
      if (spec.storageClassName !== undefined && spec.storageClassName !== null) return;
      if (obj.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] !== undefined) return;
      const name = effectiveDefaultStorageClass(store.list(storageClasses.bucket).map((stored) => JSON.parse(stored.json) as KubeObject));
      if (name !== undefined) obj.spec = { ...spec, storageClassName: name };
    },
  };
}
