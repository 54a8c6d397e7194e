/**
 * The DaemonSet controller's sync (kube's daemon_controller.go syncDaemonSet): claim the Pods
 * and revisions, settle the current revision, and, unless its own creates and deletes are
 * still unseen (expectations, as the ReplicaSet controller keeps them), carry out the plan;
 * then trim the history and write status.
 */
import { formatObjectKey, isNotFound, LabelSelector, semanticEqual } from '@dojo/kube-api';
import { builtinTypes, claimCandidates, type ReadableStore, type Reconciler, type Request, type Result } from '@dojo/runtime';
import type { ControllerRevision, DaemonSet, Node } from '../core/apps-types.ts';
import { isNamespaceTerminating } from '../core/api-errors.ts';
import { claimOwned } from '../core/controller-ref-manager.ts';
import type { Pod } from '../core/workload-types.ts';
import type { PodOwnerDeps } from '../replicaset/replica-set-deps.ts';
import { newDaemonPod } from './daemon-pod.ts';
import { cleanupHistory, constructHistory } from './daemonset-history.ts';
import { planDaemonSet } from './daemonset-plan.ts';
import { daemonSetStatus } from './daemonset-status.ts';

const { controllerRevisions, daemonSets, pods } = builtinTypes;

export interface DaemonSetDeps extends PodOwnerDeps {
  readonly revisions: ReadableStore<ControllerRevision>;
  readonly nodes: ReadableStore<Node>;
}

export class DaemonSetReconciler implements Reconciler {
  readonly #deps: DaemonSetDeps;

  constructor(deps: DaemonSetDeps) {
    this.#deps = deps;
  }

  async reconcile(request: Request): Promise<Result | void> {
    const key = formatObjectKey(request);
    let ds: DaemonSet;
    try {
      ds = await this.#deps.client.get<DaemonSet>(daemonSets, request);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      this.#deps.expectations.forget(key);
      return;
    }
    const claim = { owner: ds, ownerType: daemonSets, selector: LabelSelector.fromObject(ds.spec.selector), client: this.#deps.client, api: this.#deps.api };
    const owned = await claimOwned({ ...claim, childType: pods, candidates: claimCandidates(this.#deps.pods, ds) });
    const revisions = await claimOwned({ ...claim, childType: controllerRevisions, candidates: claimCandidates(this.#deps.revisions, ds) });
    const history = await constructHistory(this.#deps, ds, revisions);
    const nodes = this.#deps.nodes.list().sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
    const now = this.#deps.clock.now();

    let failure: unknown;
    if (!ds.metadata.deletionTimestamp && this.#deps.expectations.satisfied(key)) {
      try {
        await this.#carryOut(key, ds, planDaemonSet({ ds, nodes, pods: owned, hash: history.hash, nowMs: now }), history.hash);
      } catch (error) {
        failure = error;
      }
    }
    await cleanupHistory(this.#deps, ds, owned, history.old);
    const status = daemonSetStatus(ds, nodes, owned, history.hash, history.collisionCount, now);
    if (!semanticEqual(status, ds.status)) await this.#deps.client.updateStatus(daemonSets, { ...ds, status });
    if (failure !== undefined) throw failure;
    const minReady = ds.spec.minReadySeconds ?? 0;
    if (minReady > 0 && status.numberReady !== status.numberAvailable) return { requeueAfter: minReady * 1000 };
  }

  async #carryOut(key: string, ds: DaemonSet, plan: ReturnType<typeof planDaemonSet>, hash: string): Promise<void> {
    for (const event of plan.events) this.#deps.recorder.record(ds, event.type, event.reason, event.message, { resource: daemonSets });
    if (plan.create.length > 0) this.#deps.expectations.expectCreations(key, plan.create.length);
    else if (plan.delete.length > 0)
      this.#deps.expectations.expectDeletions(
        key,
        plan.delete.map((p) => formatObjectKey({ namespace: p.metadata.namespace, name: p.metadata.name ?? '' })),
      );
    const results = await Promise.allSettled([
      ...plan.create.map((node) => this.#createPod(key, ds, node, hash)),
      ...plan.delete.map((pod) => this.#deletePod(key, ds, pod)),
    ]);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  async #createPod(key: string, ds: DaemonSet, nodeName: string, hash: string): Promise<void> {
    try {
      const created = await this.#deps.client.create(pods, newDaemonPod(ds, nodeName, hash));
      this.#deps.recorder.record(ds, 'Normal', 'SuccessfulCreate', `Created pod: ${created.metadata.name ?? ''}`, { resource: daemonSets });
    } catch (error) {
      this.#deps.expectations.creationObserved(key);
      if (isNamespaceTerminating(error)) return;
      this.#deps.recorder.record(ds, 'Warning', 'FailedCreate', `Error creating: ${error instanceof Error ? error.message : String(error)}`, {
        resource: daemonSets,
      });
      throw error;
    }
  }

  async #deletePod(key: string, ds: DaemonSet, pod: Pod): Promise<void> {
    const name = pod.metadata.name ?? '';
    try {
      await this.#deps.client.delete(pods, { namespace: pod.metadata.namespace, name }, { preconditions: { uid: pod.metadata.uid } });
      this.#deps.recorder.record(ds, 'Normal', 'SuccessfulDelete', `Deleted pod: ${name}`, { resource: daemonSets });
    } catch (error) {
      this.#deps.expectations.deletionObserved(key, formatObjectKey({ namespace: pod.metadata.namespace, name }));
      if (isNotFound(error)) return;
      this.#deps.recorder.record(ds, 'Warning', 'FailedDelete', `Error deleting: ${error instanceof Error ? error.message : String(error)}`, {
        resource: daemonSets,
      });
      throw error;
    }
  }
}
