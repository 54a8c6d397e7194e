/**
 * kube-controller-manager's pvc-protection and pv-protection controllers: the API server
 * creates every claim with `kubernetes.io/pvc-protection` and every volume with
 * `kubernetes.io/pv-protection` (StorageObjectInUseProtection admission); once one is being
 * deleted and nothing uses it any more, its finalizer goes and the deletion completes.
 *
 * - A claim is in use while a Pod that has not terminated names it, directly or as
 *   the claim of an ephemeral volume (`<pod>-<volume>`) — pvc_protection_controller's podUsesPVC.
 * - A volume is in use while it is Bound (pv_protection_controller's isBeingUsed).
 */
import { isNotFound, pvcProtectionFinalizer, pvProtectionFinalizer, type KubeObject } from '@dojo/kube-api';
import { builtinTypes, type Client, type Controller, ControllerBuilder, type Manager, type ReadableStore, type Reconciler, type Request } from '@dojo/runtime';
import type { Pod } from '../core/workload-types.ts';
import { systemControllers } from '../system-controllers.ts';

const { persistentVolumeClaims, persistentVolumes, pods } = builtinTypes;

type VolumeSource = { name?: string; persistentVolumeClaim?: { claimName?: string }; ephemeral?: unknown };

/** The claims a Pod's volumes name (an ephemeral volume's claim is `<pod>-<volume>`). */
function claimsOf(pod: Pod): string[] {
  const volumes = (pod.spec as { volumes?: VolumeSource[] } | undefined)?.volumes ?? [];
  return volumes.flatMap((v) =>
    v.persistentVolumeClaim?.claimName ? [v.persistentVolumeClaim.claimName] : v.ephemeral ? [`${pod.metadata.name ?? ''}-${v.name ?? ''}`] : [],
  );
}

const terminated = (pod: Pod): boolean => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';

/** Removes `finalizer` from an object being deleted (already gone: nothing to do). */
async function release(client: Client, type: typeof persistentVolumeClaims, object: KubeObject, finalizer: string): Promise<void> {
  const finalizers = (object.metadata.finalizers ?? []).filter((f) => f !== finalizer);
  try {
    // With its resourceVersion: a conflict fails the reconcile, which is retried on the fresh object.
    await client.update(type, { ...object, metadata: { ...object.metadata, finalizers } });
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

class PvcProtectionReconciler implements Reconciler {
  constructor(
    private readonly client: Client,
    private readonly podStore: ReadableStore<Pod>,
  ) {}

  async reconcile(request: Request): Promise<void> {
    let claim: KubeObject;
    try {
      claim = await this.client.get(persistentVolumeClaims, request);
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    if (!claim.metadata.deletionTimestamp || !claim.metadata.finalizers?.includes(pvcProtectionFinalizer)) return;
    const inUse = this.podStore
      .list()
      // kube counts scheduled Pods only; the simulated kubelet runs every Pod, a nodeName or not.
      .some((pod) => pod.metadata.namespace === request.namespace && !terminated(pod) && claimsOf(pod).includes(request.name));
    if (!inUse) await release(this.client, persistentVolumeClaims, claim, pvcProtectionFinalizer);
  }
}

class PvProtectionReconciler implements Reconciler {
  constructor(private readonly client: Client) {}

  async reconcile(request: Request): Promise<void> {
    let volume: KubeObject;
    try {
      volume = await this.client.get(persistentVolumes, request);
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    if (!volume.metadata.deletionTimestamp || !volume.metadata.finalizers?.includes(pvProtectionFinalizer)) return;
    if ((volume.status as { phase?: string } | undefined)?.phase === 'Bound') return;
    await release(this.client, persistentVolumes, volume, pvProtectionFinalizer);
  }
}

export function addPvcProtectionController(manager: Manager, workers: number): Controller {
  return (
    ControllerBuilder.create(manager)
      .named(systemControllers.pvcProtection.name)
      .for(persistentVolumeClaims)
      // A Pod that stops, goes or changes may free the claims it named.
      .watches(pods, (pod) => claimsOf(pod as Pod).map((name) => ({ namespace: pod.metadata.namespace, name })))
      .withOptions({ maxConcurrentReconciles: workers })
      .complete(new PvcProtectionReconciler(manager.client, manager.informers.informerFor<Pod>(pods).store))
  );
}

export function addPvProtectionController(manager: Manager, workers: number): Controller {
  return ControllerBuilder.create(manager)
    .named(systemControllers.pvProtection.name)
    .for(persistentVolumes)
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(new PvProtectionReconciler(manager.client));
}
