/**
 * The simulated provisioner and the PersistentVolume controller's binder in one sync per claim
 * (kube's pv_controller.go syncUnboundClaim, and an external provisioner's Provision):
 *
 * - A Pending claim of a StorageClass whose provisioner is the simulated one gets a volume
 *   `pvc-<claim uid>` of the requested size, its claimRef pointing back, the class's reclaim
 *   policy and `pv.kubernetes.io/provisioned-by`.
 * - The volume goes Bound, then the claim: spec.volumeName, the annotations
 *   `pv.kubernetes.io/bind-completed` and `bound-by-controller` ("yes"), the storage-provisioner
 *   annotations, and status Bound with the volume's capacity and access modes.
 * - When the claim is gone (or replaced by a new one of the same name), its volume is deleted
 *   under reclaimPolicy Delete and Released under Retain.
 * Claims of other provisioners, or of no class, are someone else's and stay Pending.
 */
import { formatObjectKey, isAlreadyExists, isNotFound, type KubeObject } from '@dojo/kube-api';
import { builtinTypes, type Client, type EventRecorder, type ReadableStore, type Reconciler, type Request } from '@dojo/runtime';
import type { PersistentVolumeClaim } from '../core/apps-types.ts';
import { simulatedProvisioner, type StorageClass } from './simulated-storage-class.ts';

const { persistentVolumeClaims, persistentVolumes } = builtinTypes;

export interface PersistentVolume extends KubeObject {
  spec: {
    capacity?: Record<string, string>;
    accessModes?: string[];
    persistentVolumeReclaimPolicy?: 'Delete' | 'Retain' | 'Recycle';
    storageClassName?: string | undefined;
    claimRef?: {
      apiVersion?: string | undefined;
      kind?: string | undefined;
      namespace?: string | undefined;
      name?: string | undefined;
      uid?: string | undefined;
      resourceVersion?: string | undefined;
    };
    [field: string]: unknown;
  };
  status?: { phase?: string; [field: string]: unknown };
}

export interface VolumeBinderDeps {
  readonly client: Client;
  readonly volumes: ReadableStore<PersistentVolume>;
  readonly classes: ReadableStore<StorageClass>;
  readonly recorder: EventRecorder;
}

export const provisionedByAnnotation = 'pv.kubernetes.io/provisioned-by';
const betaClassAnnotation = 'volume.beta.kubernetes.io/storage-class';

export class VolumeBinderReconciler implements Reconciler {
  readonly #deps: VolumeBinderDeps;

  constructor(deps: VolumeBinderDeps) {
    this.#deps = deps;
  }

  async reconcile(request: Request): Promise<void> {
    let claim: PersistentVolumeClaim | undefined;
    try {
      claim = await this.#deps.client.get<PersistentVolumeClaim>(persistentVolumeClaims, request);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    await this.#reclaimVolumesOf(request, claim?.metadata.uid);
    if (!claim || claim.metadata.deletionTimestamp || claim.status?.phase === 'Bound') return;
    const className = claim.metadata.annotations?.[betaClassAnnotation] ?? claim.spec.storageClassName ?? '';
    const storageClass = className ? this.#deps.classes.get(className) : undefined;
    if (storageClass?.provisioner !== simulatedProvisioner || storageClass.volumeBindingMode === 'WaitForFirstConsumer') return;
    if (claim.spec.volumeName && claim.spec.volumeName !== volumeNameFor(claim)) return; // pre-bound by hand: not ours to provision
    const volume = this.#deps.volumes.get(volumeNameFor(claim)) ?? (await this.#provision(claim, storageClass));
    if (volume.status?.phase !== 'Bound') await this.#deps.client.updateStatus(persistentVolumes, { ...volume, status: { ...volume.status, phase: 'Bound' } });
    await this.#bindClaim(claim, volume);
  }

  async #provision(claim: PersistentVolumeClaim, storageClass: StorageClass): Promise<PersistentVolume> {
    const name = volumeNameFor(claim);
    const volume: PersistentVolume = {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name, annotations: { [provisionedByAnnotation]: simulatedProvisioner } },
      spec: {
        capacity: { storage: claim.spec.resources?.requests?.storage ?? '1Gi' },
        accessModes: claim.spec.accessModes ?? ['ReadWriteOnce'],
        persistentVolumeReclaimPolicy: storageClass.reclaimPolicy ?? 'Delete',
        storageClassName: storageClass.metadata.name,
        volumeMode: claim.spec.volumeMode ?? 'Filesystem',
        claimRef: {
          apiVersion: 'v1',
          kind: 'PersistentVolumeClaim',
          namespace: claim.metadata.namespace,
          name: claim.metadata.name,
          uid: claim.metadata.uid,
          resourceVersion: claim.metadata.resourceVersion,
        },
        hostPath: { path: `/var/local-path-provisioner/${name}_${claim.metadata.namespace ?? ''}_${claim.metadata.name ?? ''}`, type: 'DirectoryOrCreate' },
      },
    };
    try {
      const created = await this.#deps.client.create(persistentVolumes, volume);
      this.#deps.recorder.record(claim, 'Normal', 'ProvisioningSucceeded', `Successfully provisioned volume ${name}`, { resource: persistentVolumeClaims });
      return created;
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      return this.#deps.client.get<PersistentVolume>(persistentVolumes, { name });
    }
  }

  /** bindClaimToVolume, then updateClaimStatus: the claim names its volume, then reports Bound. */
  async #bindClaim(claim: PersistentVolumeClaim, volume: PersistentVolume): Promise<void> {
    const bound = await this.#deps.client.patch<PersistentVolumeClaim>(
      persistentVolumeClaims,
      { namespace: claim.metadata.namespace, name: claim.metadata.name ?? '' },
      {
        type: 'merge',
        body: {
          metadata: {
            resourceVersion: claim.metadata.resourceVersion,
            annotations: {
              'pv.kubernetes.io/bind-completed': 'yes',
              'pv.kubernetes.io/bound-by-controller': 'yes',
              'volume.beta.kubernetes.io/storage-provisioner': simulatedProvisioner,
              'volume.kubernetes.io/storage-provisioner': simulatedProvisioner,
            },
          },
          spec: { volumeName: volume.metadata.name },
        },
      },
    );
    await this.#deps.client.updateStatus(persistentVolumeClaims, {
      ...bound,
      status: { ...bound.status, phase: 'Bound', accessModes: volume.spec.accessModes, capacity: volume.spec.capacity },
    });
  }

  /** Volumes whose claim is gone: deleted under Delete (ours only), Released under Retain. */
  async #reclaimVolumesOf(request: Request, liveUid: string | undefined): Promise<void> {
    const key = formatObjectKey(request);
    const orphaned = this.#deps.volumes
      .list()
      .filter(
        (v) =>
          v.spec.claimRef &&
          formatObjectKey({ namespace: v.spec.claimRef.namespace, name: v.spec.claimRef.name ?? '' }) === key &&
          v.spec.claimRef.uid !== liveUid,
      );
    for (const volume of orphaned) {
      const ours = volume.metadata.annotations?.[provisionedByAnnotation] === simulatedProvisioner;
      try {
        // Released first, as the PV controller does: pv-protection lets a volume go only once it is not Bound.
        if (volume.status?.phase !== 'Released')
          await this.#deps.client.updateStatus(persistentVolumes, { ...volume, status: { ...volume.status, phase: 'Released' } });
        if (ours && (volume.spec.persistentVolumeReclaimPolicy ?? 'Delete') === 'Delete')
          await this.#deps.client.delete(persistentVolumes, { name: volume.metadata.name ?? '' });
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
  }
}

/** The provisioned volume's name: `pvc-` and the claim's UID, as kube's provisioners name it. */
export function volumeNameFor(claim: PersistentVolumeClaim): string {
  return `pvc-${claim.metadata.uid ?? ''}`;
}
