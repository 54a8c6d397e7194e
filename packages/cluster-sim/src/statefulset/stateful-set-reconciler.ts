/**
 * The StatefulSet controller's sync (kube's stateful_set.go + stateful_set_control.go): claim
 * the member Pods and the revisions, settle the current and update revisions, carry out the
 * plan (stateful-set-plan.ts), keep the claims' owners as the retention policy says, write
 * status, and trim the history.
 *
 * Like kube's, this controller keeps no expectations: its Pods have fixed names, so a create
 * the cache has not seen yet fails with AlreadyExists (taken as done), and deletes carry the
 * Pod's UID, so a stale cache can never remove the Pod that replaced it.
 */
import { formatObjectKey, isAlreadyExists, isNotFound, LabelSelector, semanticEqual } from '@dojo/kube-api';
import { builtinTypes, claimCandidates, type Reconciler, type Request, type Result } from '@dojo/runtime';
import type { ControllerRevision, PersistentVolumeClaim, StatefulSet } from '../core/apps-types.ts';
import { isNamespaceTerminating } from '../core/api-errors.ts';
import { claimOwned } from '../core/controller-ref-manager.ts';
import { sortRevisions, templateOfRevision } from '../core/controller-history.ts';
import { controllerRefTo } from '../core/owner-references.ts';
import type { Pod } from '../core/workload-types.ts';
import { retentionOwners } from './claim-retention.ts';
import type { StatefulSetDeps } from './stateful-set-deps.ts';
import { planStatefulSet, type StatefulStep } from './stateful-set-plan.ts';
import { statefulSetRevisions, truncateHistory, type SetRevisions } from './stateful-set-revisions.ts';
import { statefulSetStatus } from './stateful-set-status.ts';
import { claimsFor, isMemberOf, newStatefulPod, ordinalOf, startOrdinal } from './stateful-identity.ts';

const { controllerRevisions, persistentVolumeClaims, pods, statefulSets } = builtinTypes;

export class StatefulSetReconciler implements Reconciler {
  readonly #deps: StatefulSetDeps;

  constructor(deps: StatefulSetDeps) {
    this.#deps = deps;
  }

  async reconcile(request: Request): Promise<Result | void> {
    let set: StatefulSet;
    try {
      set = await this.#deps.client.get<StatefulSet>(statefulSets, request);
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    const selector = LabelSelector.fromObject(set.spec.selector);
    const claim = { owner: set, ownerType: statefulSets, selector, client: this.#deps.client, api: this.#deps.api };
    const members = await claimOwned({ ...claim, childType: pods, candidates: claimCandidates(this.#deps.pods, set).filter((p) => isMemberOf(set, p)) });
    const sorted = sortRevisions(await claimOwned({ ...claim, childType: controllerRevisions, candidates: claimCandidates(this.#deps.revisions, set) }));
    const revisions = await statefulSetRevisions(this.#deps, set, sorted);

    let replaced = 0;
    let failure: unknown;
    if (!set.metadata.deletionTimestamp) {
      try {
        await this.#retainClaims(set, members);
        const steps = planStatefulSet({
          set,
          pods: members,
          currentRevision: revisions.current.metadata.name ?? '',
          updateRevision: revisions.update.metadata.name ?? '',
          nowMs: this.#deps.clock.now(),
        });
        replaced = await this.#carryOut(set, steps, revisions);
      } catch (error) {
        failure = error;
      }
    }
    // The status is written even after a failed step, as kube's performUpdate does.
    const status = statefulSetStatus({
      set,
      pods: members,
      currentRevision: revisions.current.metadata.name ?? '',
      updateRevision: revisions.update.metadata.name ?? '',
      collisionCount: revisions.collisionCount,
      replacedForUpdate: replaced,
      nowMs: this.#deps.clock.now(),
    });
    if (!semanticEqual(status, set.status)) await this.#deps.client.updateStatus(statefulSets, { ...set, status });
    await truncateHistory(this.#deps, set, members, sorted, revisions);
    if (failure !== undefined) throw failure;
    // Ready Pods become available minReadySeconds later: look again then.
    const minReady = set.spec.minReadySeconds ?? 0;
    if (minReady > 0 && status.readyReplicas !== status.availableReplicas) return { requeueAfter: minReady * 1000 };
  }

  /** Runs the steps; Parallel's creates and deletes go at once. Returns how many Pods were replaced for the update. */
  async #carryOut(set: StatefulSet, steps: readonly StatefulStep[], revisions: SetRevisions): Promise<number> {
    const results = await Promise.allSettled(
      steps.map((step) =>
        step.action === 'create'
          ? this.#createPod(set, step.ordinal, step.revision === 'current' ? revisions.current : revisions.update)
          : this.#deletePod(set, step.pod),
      ),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    return steps.filter((s) => s.action === 'delete' && s.why === 'update').length;
  }

  /** CreateStatefulPod: the claims first (a Pod must never start without its storage), then the Pod. */
  async #createPod(set: StatefulSet, ordinal: number, revision: ControllerRevision): Promise<void> {
    const pod = newStatefulPod(set, templateOfRevision(revision), ordinal, revision.metadata.name ?? '', this.#deps.nodeFor(ordinal));
    const name = pod.metadata.name ?? '';
    try {
      for (const claim of claimsFor(set, ordinal)) await this.#createClaim(set, name, claim);
      await this.#deps.client.create(pods, pod);
    } catch (error) {
      if (isAlreadyExists(error) || isNamespaceTerminating(error)) return;
      this.#record(set, 'Warning', 'FailedCreate', `create Pod ${name} in StatefulSet ${set.metadata.name ?? ''} failed error: ${messageOf(error)}`);
      throw error;
    }
    this.#record(set, 'Normal', 'SuccessfulCreate', `create Pod ${name} in StatefulSet ${set.metadata.name ?? ''} successful`);
  }

  async #createClaim(set: StatefulSet, podName: string, claim: PersistentVolumeClaim): Promise<void> {
    const existing = this.#deps.claims.get(formatObjectKey({ namespace: claim.metadata.namespace, name: claim.metadata.name ?? '' }));
    if (existing?.metadata.deletionTimestamp) throw new Error(`pvc ${claim.metadata.name ?? ''} is being deleted`);
    if (existing) return;
    // whenDeleted: Delete makes the set the claim's owner at once (kube patches it in right after).
    if (set.spec.persistentVolumeClaimRetentionPolicy?.whenDeleted === 'Delete') claim.metadata.ownerReferences = [controllerRefTo(set, statefulSets)];
    const what = `Claim ${claim.metadata.name ?? ''} Pod ${podName} in StatefulSet ${set.metadata.name ?? ''}`;
    try {
      await this.#deps.client.create(persistentVolumeClaims, claim);
    } catch (error) {
      if (isAlreadyExists(error)) return;
      this.#record(
        set,
        'Warning',
        'FailedCreate',
        `create Claim ${claim.metadata.name ?? ''} for Pod ${podName} in StatefulSet ${set.metadata.name ?? ''} failed error: ${messageOf(error)}`,
      );
      throw error;
    }
    this.#record(set, 'Normal', 'SuccessfulCreate', `create ${what} success`);
  }

  async #deletePod(set: StatefulSet, pod: Pod): Promise<void> {
    const name = pod.metadata.name ?? '';
    try {
      await this.#deps.client.delete(pods, { namespace: pod.metadata.namespace, name }, { preconditions: { uid: pod.metadata.uid } });
    } catch (error) {
      if (!isNotFound(error)) {
        this.#record(set, 'Warning', 'FailedDelete', `delete Pod ${name} in StatefulSet ${set.metadata.name ?? ''} failed error: ${messageOf(error)}`);
        throw error;
      }
    }
    this.#record(set, 'Normal', 'SuccessfulDelete', `delete Pod ${name} in StatefulSet ${set.metadata.name ?? ''} successful`);
  }

  /** Every live Pod's claims owned as the retention policy says, before any condemned Pod goes. */
  async #retainClaims(set: StatefulSet, members: readonly Pod[]): Promise<void> {
    if (!set.spec.volumeClaimTemplates?.length) return;
    const start = startOrdinal(set);
    const end = start + (set.spec.replicas ?? 1);
    for (const pod of members) {
      if (pod.metadata.deletionTimestamp) continue;
      const ordinal = ordinalOf(pod);
      for (const wanted of claimsFor(set, ordinal)) {
        const claim = this.#deps.claims.get(formatObjectKey({ namespace: wanted.metadata.namespace, name: wanted.metadata.name ?? '' }));
        const owners = claim && retentionOwners(claim, set, pod, ordinal < start || ordinal >= end);
        if (!claim || !owners) continue;
        await this.#deps.client.patch(
          persistentVolumeClaims,
          { namespace: claim.metadata.namespace, name: claim.metadata.name ?? '' },
          {
            type: 'merge',
            body: { metadata: { ownerReferences: owners.length ? owners : null, resourceVersion: claim.metadata.resourceVersion } },
          },
        );
      }
    }
  }

  #record(set: StatefulSet, type: 'Normal' | 'Warning', reason: string, message: string): void {
    this.#deps.recorder.record(set, type, reason, message, { resource: statefulSets });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
