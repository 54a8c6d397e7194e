/**
 * The StorageObjectInUseProtection admission plugin (plugin/pkg/admission/storage/
 * storageobjectinuseprotection): every PersistentVolumeClaim is created with the
 * `kubernetes.io/pvc-protection` finalizer and every PersistentVolume with
 * `kubernetes.io/pv-protection`, so neither goes while in use; kube-controller-manager's
 * pvc-protection and pv-protection controllers remove them once nothing uses the object.
 */
import { pvcProtectionFinalizer, pvProtectionFinalizer, type KubeObject } from '@dojo/kube-api';
import type { Admission } from './admission.ts';
import { persistentvolumeclaims, persistentvolumes } from './builtin/core-cluster-kinds.ts';

function addFinalizer(obj: KubeObject, finalizer: string): void {
  const finalizers = obj.metadata.finalizers ?? [];
  if (!finalizers.includes(finalizer)) obj.metadata.finalizers = [...finalizers, finalizer];
}

export const storageProtectionAdmission: Admission = {
  mutateCreate(info, obj) {
    if (info.bucket === persistentvolumeclaims.bucket) addFinalizer(obj, pvcProtectionFinalizer);
    else if (info.bucket === persistentvolumes.bucket) addFinalizer(obj, pvProtectionFinalizer);
  },
};
