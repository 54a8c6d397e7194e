/**
 * Names the API server and kube-controller-manager share about objects that must outlive their
 * deletion while in use: the StorageObjectInUseProtection admission plugin adds these
 * finalizers at create, the pvc-protection and pv-protection controllers remove them, and
 * TaintNodesByCondition's not-ready taint, which the node lifecycle controller lifts.
 */
export const pvcProtectionFinalizer = 'kubernetes.io/pvc-protection';
export const pvProtectionFinalizer = 'kubernetes.io/pv-protection';
export const notReadyTaint = { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' } as const;
