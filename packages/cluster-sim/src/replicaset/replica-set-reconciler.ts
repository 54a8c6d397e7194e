/**
 * The ReplicaSet controller's sync (kube's replica_set.go): count the active Pods it controls
 * (adopting orphans that match), create or delete the difference in slow-start batches, and
 * write status. While its own creates and deletes are not yet in the cache (expectations),
 * it only refreshes status.
 *
 * Pods are created with `spec.nodeName` already set: the embedded API server has no
 * pods/binding subresource and forbids changing nodeName later, so the simulated scheduler
 * binds at creation (the kubelet still records the scheduler's "Scheduled" Event).
 */
import { deepCopy, formatObjectKey, isNotFound, LabelSelector, semanticEqual } from '@dojo/kube-api';
import { builtinTypes, claimCandidates, type Reconciler, type Request, type Result } from '@dojo/runtime';
import { isNamespaceTerminating } from '../core/api-errors.ts';
import { claimOwned } from '../core/controller-ref-manager.ts';
import { controllerRefTo } from '../core/owner-references.ts';
import { isPodActive } from '../core/pod-conditions.ts';
import type { Pod, ReplicaSet } from '../core/workload-types.ts';
import { podsToDelete } from './pod-deletion-order.ts';
import type { ReplicaSetDeps } from './replica-set-deps.ts';
import { calculateReplicaSetStatus } from './replica-set-status.ts';

const { pods, replicaSets } = builtinTypes;

// kube's burstReplicas: no sync creates or deletes more Pods than this at once.
const burstReplicas = 500;

export class ReplicaSetReconciler implements Reconciler {
  readonly #deps: ReplicaSetDeps;

  constructor(deps: ReplicaSetDeps) {
    this.#deps = deps;
  }

  async reconcile(request: Request): Promise<Result | void> {
    const key = formatObjectKey(request);
    let rs: ReplicaSet;
    try {
      rs = await this.#deps.client.get<ReplicaSet>(replicaSets, request);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      this.#deps.expectations.forget(key);
      return;
    }
    const needsSync = this.#deps.expectations.satisfied(key);
    const owned = await this.#ownedPods(rs);
    let manageError: unknown;
    if (needsSync && !rs.metadata.deletionTimestamp) {
      try {
        await this.#manageReplicas(key, rs, owned);
      } catch (error) {
        manageError = error;
      }
    }
    const now = this.#deps.clock.now();
    const status = calculateReplicaSetStatus(rs, owned, manageError, now);
    if (!semanticEqual(status, rs.status)) await this.#deps.client.updateStatus(replicaSets, { ...rs, status });
    if (manageError !== undefined) throw manageError;
    // Pods become available minReadySeconds after they are ready: look again then.
    const minReady = rs.spec.minReadySeconds ?? 0;
    if (minReady > 0 && status.readyReplicas === rs.spec.replicas && status.availableReplicas !== rs.spec.replicas) return { requeueAfter: minReady * 1000 };
  }

  async #ownedPods(rs: ReplicaSet): Promise<Pod[]> {
    return claimOwned({
      owner: rs,
      ownerType: replicaSets,
      childType: pods,
      candidates: claimCandidates(this.#deps.pods, rs).filter(isPodActive),
      selector: LabelSelector.fromObject(rs.spec.selector),
      client: this.#deps.client,
      api: this.#deps.api,
    });
  }

  async #manageReplicas(key: string, rs: ReplicaSet, active: readonly Pod[]): Promise<void> {
    const diff = active.length - (rs.spec.replicas ?? 1);
    if (diff < 0) {
      const count = Math.min(-diff, burstReplicas);
      this.#deps.expectations.expectCreations(key, count);
      const { succeeded, error } = await slowStartBatch(count, () => this.#createPod(key, rs));
      // Pods never attempted will never be observed either.
      for (let i = succeeded; i < count; i++) this.#deps.expectations.creationObserved(key);
      if (error !== undefined) throw error;
    } else if (diff > 0) {
      const doomed = podsToDelete(active, Math.min(diff, burstReplicas));
      this.#deps.expectations.expectDeletions(
        key,
        doomed.map((p) => formatObjectKey({ namespace: p.metadata.namespace, name: p.metadata.name ?? '' })),
      );
      const results = await Promise.allSettled(doomed.map((pod) => this.#deletePod(key, rs, pod)));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    }
  }

  async #createPod(key: string, rs: ReplicaSet): Promise<void> {
    const template = rs.spec.template;
    const pod: Pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        generateName: `${rs.metadata.name ?? ''}-`,
        namespace: rs.metadata.namespace,
        labels: { ...template.metadata?.labels },
        ...(template.metadata?.annotations ? { annotations: { ...template.metadata.annotations } } : {}),
        ownerReferences: [controllerRefTo(rs, replicaSets)],
      },
      spec: { ...deepCopy(template.spec ?? { containers: [] }), nodeName: template.spec?.nodeName || this.#deps.nodeName },
    };
    try {
      const created = await this.#deps.client.create(pods, pod);
      this.#deps.recorder.record(rs, 'Normal', 'SuccessfulCreate', `Created pod: ${created.metadata.name ?? ''}`, { resource: replicaSets });
    } catch (error) {
      // No Pod will appear for a failed create; in a terminating namespace none ever will.
      this.#deps.expectations.creationObserved(key);
      if (isNamespaceTerminating(error)) return;
      this.#deps.recorder.record(rs, 'Warning', 'FailedCreate', `Error creating: ${error instanceof Error ? error.message : String(error)}`, {
        resource: replicaSets,
      });
      throw error;
    }
  }

  async #deletePod(key: string, rs: ReplicaSet, pod: Pod): Promise<void> {
    const podKey = formatObjectKey({ namespace: pod.metadata.namespace, name: pod.metadata.name ?? '' });
    try {
      await this.#deps.client.delete(pods, { namespace: pod.metadata.namespace, name: pod.metadata.name ?? '' }, { preconditions: { uid: pod.metadata.uid } });
      this.#deps.recorder.record(rs, 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod.metadata.name ?? ''}`, { resource: replicaSets });
    } catch (error) {
      this.#deps.expectations.deletionObserved(key, podKey);
      if (isNotFound(error)) return;
      this.#deps.recorder.record(rs, 'Warning', 'FailedDelete', `Error deleting: ${error instanceof Error ? error.message : String(error)}`, {
        resource: replicaSets,
      });
      throw error;
    }
  }
}

/**
 * kube's slowStartBatch: 1 call, then 2, 4, 8 ... in parallel, stopping after the first batch
 * with a failure, so a quota or admission error costs one request instead of hundreds.
 */
export async function slowStartBatch(count: number, fn: () => Promise<void>): Promise<{ succeeded: number; error?: unknown }> {
  let remaining = count;
  let succeeded = 0;
  for (let size = Math.min(remaining, 1); size > 0; size = Math.min(2 * size, remaining)) {
    const results = await Promise.allSettled(Array.from({ length: size }, () => fn()));
    succeeded += results.filter((r) => r.status === 'fulfilled').length;
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) return { succeeded, error: failed.reason };
    remaining -= size;
  }
  return { succeeded };
}
