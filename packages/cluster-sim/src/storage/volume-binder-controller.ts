/** Wires the simulated provisioner and binder: claims are reconciled; a volume brings back the claim it names. */
import type { KubeObject } from '@dojo/kube-api';
import { builtinTypes, type Controller, ControllerBuilder, type EventRecorder, type Manager, type Request } from '@dojo/runtime';
import { systemControllers } from '../system-controllers.ts';
import { VolumeBinderReconciler, type PersistentVolume } from './volume-binder-reconciler.ts';
import type { StorageClass } from './simulated-storage-class.ts';

const { persistentVolumeClaims, persistentVolumes, storageClasses } = builtinTypes;

export function addVolumeBinder(manager: Manager, recorder: EventRecorder, workers: number): Controller {
  const claimOf = (volume: KubeObject): Request[] => {
    const ref = (volume as PersistentVolume).spec?.claimRef;
    return ref?.name ? [{ namespace: ref.namespace, name: ref.name }] : [];
  };
  return ControllerBuilder.create(manager)
    .named(systemControllers.persistentVolumeBinder.name)
    .for(persistentVolumeClaims)
    .watches(persistentVolumes, claimOf)
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(
      new VolumeBinderReconciler({
        client: manager.client,
        volumes: manager.informers.informerFor<PersistentVolume>(persistentVolumes).store,
        classes: manager.informers.informerFor<StorageClass>(storageClasses).store,
        recorder,
      }),
    );
}
