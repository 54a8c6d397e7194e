/**
 * The cluster's default StorageClass, as kind ships `standard` (rancher's local-path there, a
 * simulated hostPath provisioner here): default-annotated, so claims without a class get it
 * (the API server's DefaultStorageClass admission), binding at once (Immediate), volumes
 * deleted with their claims. Created at start when missing; an existing one is left alone.
 */
import { isAlreadyExists, type KubeObject } from '@dojo/kube-api';
import { builtinTypes, type Client } from '@dojo/runtime';

export const simulatedProvisioner = 'dojo.dev/hostpath-sim';
export const defaultStorageClassName = 'standard';

export interface StorageClass extends KubeObject {
  provisioner: string;
  reclaimPolicy?: 'Delete' | 'Retain';
  volumeBindingMode?: 'Immediate' | 'WaitForFirstConsumer';
}

export const simulatedStorageClass: StorageClass = {
  apiVersion: 'storage.k8s.io/v1',
  kind: 'StorageClass',
  metadata: { name: defaultStorageClassName, annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
  provisioner: simulatedProvisioner,
  reclaimPolicy: 'Delete',
  volumeBindingMode: 'Immediate',
};

export async function ensureDefaultStorageClass(client: Client): Promise<void> {
  try {
    await client.create(builtinTypes.storageClasses, simulatedStorageClass);
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
  }
}
