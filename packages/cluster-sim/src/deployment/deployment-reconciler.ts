/**
 * The Deployment controller's sync (kube's deployment_controller.go syncDeployment): adopt the
 * ReplicaSets, then exactly one of status-only (being deleted), scale (paused, or replicas
 * changed), Recreate or RollingUpdate; finally write the revision annotation and the status.
 *
 * Several writes per pass, as kube's controller makes: each is guarded by the
 * resourceVersion it read, so a stale cache ends in a 409 and another pass, never in a lost
 * update.
 */
import { deepCopy, isNotFound, LabelSelector, semanticEqual } from '@dojo/kube-api';
import { builtinTypes, claimCandidates, type Reconciler, type Request, type Result } from '@dojo/runtime';
import { claimOwned } from '../core/controller-ref-manager.ts';
import type { Deployment, DeploymentStatus, ReplicaSet } from '../core/workload-types.ts';
import type { DeploymentDeps } from './deployment-deps.ts';
import {
  calculateStatus,
  deploymentComplete,
  deploymentReasons,
  getCondition,
  newCondition,
  rolloutStatus,
  setCondition,
  type RolloutStatus,
} from './deployment-status.ts';
import { planScale } from './proportional-scaling.ts';
import { activeReplicaSets, desiredReplicasAnnotation, revisionAnnotation } from './replica-set-history.ts';
import { createNewReplicaSet, pruneHistory, replicaSetsOf, scaleReplicaSet } from './replica-set-ops.ts';
import { planNewReplicaSet, planOldReplicaSets, type ScaleStep } from './rolling-update.ts';
import { desiredReplicas } from './rollout-math.ts';

const { deployments, replicaSets } = builtinTypes;

export class DeploymentReconciler implements Reconciler {
  readonly #deps: DeploymentDeps;

  constructor(deps: DeploymentDeps) {
    this.#deps = deps;
  }

  async reconcile(request: Request): Promise<Result | void> {
    let d: Deployment;
    try {
      d = await this.#deps.client.get<Deployment>(deployments, request);
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    // What a pass changes in place and later compares with: the status and the revision annotation
    // (the rest of `d` is the reader's copy already; a second copy of all of it bought nothing).
    const stored = { status: deepCopy(d.status), revision: d.metadata.annotations?.[revisionAnnotation] };
    const owned = await this.#ownedReplicaSets(d);
    let outcome: RolloutStatus;
    try {
      outcome = await this.#sync(d, owned);
    } catch (error) {
      // What the failed pass learned (a collision count, a ReplicaSetCreateError) is written
      // before failing, as kube does: the collision count changes the next ReplicaSet's name.
      if (!semanticEqual(d.status, stored.status)) await this.#deps.client.updateStatus(deployments, d).catch(() => {});
      throw error;
    }
    await this.#writeRevision(d, stored.revision);
    if (!semanticEqual(outcome.status, stored.status)) await this.#deps.client.updateStatus(deployments, { ...d, status: outcome.status });
    return outcome.recheckAfterMs === undefined ? undefined : { requeueAfter: outcome.recheckAfterMs };
  }

  async #sync(d: Deployment, owned: ReplicaSet[]): Promise<RolloutStatus> {
    const now = (): number => this.#deps.clock.now();
    const { newRS, oldRSs } = await replicaSetsOf(this.#deps, d, owned);
    if (d.metadata.deletionTimestamp) return { status: calculateStatus(compact([...oldRSs, newRS]), newRS, d, now()) };
    notePaused(d, now());
    if (d.spec.paused || isScalingEvent(d, [...oldRSs, newRS])) return this.#scale(d, newRS, oldRSs);
    if (d.spec.strategy?.type === 'Recreate') return this.#recreate(d, newRS, oldRSs);
    return this.#rollingUpdate(d, newRS, oldRSs);
  }

  /** sync(): proportional scaling, and history pruning while paused. */
  async #scale(d: Deployment, newRS: ReplicaSet | undefined, oldRSs: ReplicaSet[]): Promise<RolloutStatus> {
    const all = await this.#apply(d, compact([...oldRSs, newRS]), planScale(d, newRS, oldRSs));
    const current = newRS ? all.find((rs) => rs.metadata.uid === newRS.metadata.uid) : undefined;
    if (d.spec.paused)
      await pruneHistory(
        this.#deps,
        d,
        all.filter((rs) => rs !== current),
      );
    return { status: calculateStatus(all, current, d, this.#deps.clock.now()) };
  }

  /** rolloutRolling: grow the new ReplicaSet if the surge allows, else shrink old ones. */
  async #rollingUpdate(d: Deployment, existing: ReplicaSet | undefined, oldRSs: ReplicaSet[]): Promise<RolloutStatus> {
    const newRS = existing ?? (await createNewReplicaSet(this.#deps, d, oldRSs));
    let all = [...oldRSs, newRS];
    const grow = planNewReplicaSet(d, all, newRS);
    if (grow !== undefined) {
      all = await this.#apply(d, all, [{ replicaSet: newRS, replicas: grow }]);
      return rolloutStatus(d, all, all.at(-1), this.#deps.clock.now());
    }
    const shrink = planOldReplicaSets(d, all, oldRSs, newRS);
    if (shrink.length > 0) {
      all = await this.#apply(d, all, shrink);
      return rolloutStatus(d, all, all.at(-1), this.#deps.clock.now());
    }
    if (d.status && deploymentComplete(d, d.status)) await pruneHistory(this.#deps, d, oldRSs);
    return rolloutStatus(d, all, newRS, this.#deps.clock.now());
  }

  /** rolloutRecreate: every old Pod gone before the new ReplicaSet gets any. */
  async #recreate(d: Deployment, existing: ReplicaSet | undefined, oldRSs: ReplicaSet[]): Promise<RolloutStatus> {
    const now = this.#deps.clock.now();
    const active = activeReplicaSets(oldRSs);
    if (active.length > 0) {
      const all = await this.#apply(
        d,
        compact([...oldRSs, existing]),
        active.map((replicaSet) => ({ replicaSet, replicas: 0 })),
      );
      return rolloutStatus(d, all, existing ? all.at(-1) : undefined, now);
    }
    // The ReplicaSets' status says whether their Pods are gone yet.
    if (oldRSs.some((rs) => (rs.status?.replicas ?? 0) > 0)) return rolloutStatus(d, compact([...oldRSs, existing]), existing, now);
    const newRS = existing ?? (await createNewReplicaSet(this.#deps, d, oldRSs));
    const all = await this.#apply(d, [...oldRSs, newRS], [{ replicaSet: newRS, replicas: desiredReplicas(d) }]);
    if (d.status && deploymentComplete(d, d.status)) await pruneHistory(this.#deps, d, oldRSs);
    return rolloutStatus(d, all, all.at(-1), now);
  }

  /** Applies scale steps; returns `all` with the written ReplicaSets in their places. */
  async #apply(d: Deployment, all: ReplicaSet[], steps: readonly ScaleStep[]): Promise<ReplicaSet[]> {
    const result = [...all];
    for (const step of steps) {
      const { replicaSet } = await scaleReplicaSet(this.#deps, d, step.replicaSet, step.replicas);
      const at = result.indexOf(step.replicaSet);
      if (at >= 0) result[at] = replicaSet;
    }
    return result;
  }

  async #ownedReplicaSets(d: Deployment): Promise<ReplicaSet[]> {
    return claimOwned({
      owner: d,
      ownerType: deployments,
      childType: replicaSets,
      candidates: claimCandidates(this.#deps.replicaSets, d),
      selector: LabelSelector.fromObject(d.spec.selector),
      client: this.#deps.client,
      api: this.#deps.api,
    });
  }

  // The embedded API server's /status keeps metadata as stored, so the revision annotation
  // (which kube's controller writes along with the status) goes through the object itself.
  async #writeRevision(d: Deployment, storedRevision: string | undefined): Promise<void> {
    const revision = d.metadata.annotations?.[revisionAnnotation];
    if (revision === undefined || revision === storedRevision) return;
    const patched = await this.#deps.client.patch<Deployment>(
      deployments,
      { namespace: d.metadata.namespace, name: d.metadata.name ?? '' },
      {
        type: 'merge',
        body: { metadata: { annotations: { [revisionAnnotation]: revision }, resourceVersion: d.metadata.resourceVersion } },
      },
    );
    d.metadata.resourceVersion = patched.metadata.resourceVersion;
  }
}

/** A ReplicaSet recorded for other desired replicas than the Deployment's: a scale, not a rollout. */
function isScalingEvent(d: Deployment, sets: readonly (ReplicaSet | undefined)[]): boolean {
  return activeReplicaSets(sets).some((rs) => {
    const annotated = rs.metadata.annotations?.[desiredReplicasAnnotation];
    return annotated !== undefined && Number.parseInt(annotated, 10) !== desiredReplicas(d);
  });
}

/** checkPausedConditions: Progressing Unknown while paused, and once when resumed. */
function notePaused(d: Deployment, nowMs: number): void {
  const current = getCondition(d.status, 'Progressing');
  if (current?.reason === deploymentReasons.progressDeadlineExceeded) return;
  const pausedNoted = current?.reason === deploymentReasons.paused;
  const status: DeploymentStatus = (d.status ??= {});
  if (d.spec.paused && !pausedNoted) setCondition(status, newCondition('Progressing', 'Unknown', deploymentReasons.paused, 'Deployment is paused', nowMs));
  else if (!d.spec.paused && pausedNoted)
    setCondition(status, newCondition('Progressing', 'Unknown', deploymentReasons.resumed, 'Deployment is resumed', nowMs));
}

function compact(sets: readonly (ReplicaSet | undefined)[]): ReplicaSet[] {
  return sets.filter((rs): rs is ReplicaSet => rs !== undefined);
}
