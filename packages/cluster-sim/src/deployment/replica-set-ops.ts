/**
 * The writes a Deployment makes to its ReplicaSets (kube's sync.go): find or create the
 * ReplicaSet for the current template, resize one (recording "ScalingReplicaSet"), and prune
 * old ones beyond revisionHistoryLimit.
 */
import { deepCopy, isAlreadyExists, isControlledBy, isNotFound, type KubeObject } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import { controllerRefTo } from '../core/owner-references.ts';
import type { Deployment, ReplicaSet } from '../core/workload-types.ts';
import type { DeploymentDeps } from './deployment-deps.ts';
import { deploymentReasons, getCondition, hasProgressDeadline, newCondition, setCondition } from './deployment-status.ts';
import { equalIgnoringHash, podTemplateHash, withHashLabel } from './pod-template-hash.ts';
import {
  byCreation,
  findNewReplicaSet,
  maxRevision,
  replicasAnnotationsNeedUpdate,
  revisionAnnotation,
  revisionOf,
  setNewReplicaSetAnnotations,
  setReplicasAnnotations,
} from './replica-set-history.ts';
import { desiredReplicas, maxSurge, newReplicaSetSize, specReplicas } from './rollout-math.ts';

const { deployments, replicaSets } = builtinTypes;

export interface ReplicaSetsOfDeployment {
  newRS: ReplicaSet | undefined;
  oldRSs: ReplicaSet[];
}

/**
 * getAllReplicaSetsAndSyncRevision: the new ReplicaSet, if one exists, with its revision raised
 * above every old one, and the Deployment's revision annotation and Progressing condition
 * updated in `d` (the caller writes them).
 */
export async function replicaSetsOf(deps: DeploymentDeps, d: Deployment, owned: readonly ReplicaSet[]): Promise<ReplicaSetsOfDeployment> {
  const existing = findNewReplicaSet(d, owned);
  const oldRSs = owned.filter((rs) => rs !== existing);
  const newRevision = maxRevision(oldRSs) + 1;
  if (existing) {
    const copy = deepCopy(existing);
    if (setNewReplicaSetAnnotations(d, copy, newRevision, true) || (copy.spec.minReadySeconds ?? 0) !== (d.spec.minReadySeconds ?? 0)) {
      copy.spec.minReadySeconds = d.spec.minReadySeconds ?? 0;
      const updated = await deps.client.update(replicaSets, copy);
      setRevision(d, revisionOf(updated));
      return { newRS: updated, oldRSs };
    }
    setRevision(d, revisionOf(copy));
    if (!getCondition(d.status, 'Progressing') && hasProgressDeadline(d)) {
      setCondition(
        statusOf(d),
        newCondition('Progressing', 'True', deploymentReasons.foundNewReplicaSet, `Found new replica set "${copy.metadata.name ?? ''}"`, deps.clock.now()),
      );
    }
    return { newRS: copy, oldRSs };
  }
  return { newRS: undefined, oldRSs };
}

/** The ReplicaSet for the Deployment's current template, sized by the rollout's surge. */
export async function createNewReplicaSet(deps: DeploymentDeps, d: Deployment, oldRSs: readonly ReplicaSet[]): Promise<ReplicaSet> {
  const newRevision = maxRevision(oldRSs) + 1;
  const hash = podTemplateHash(d.spec.template, d.status?.collisionCount);
  const labels = withHashLabel(d.spec.template.metadata?.labels, hash);
  const draft: ReplicaSet = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      // Deterministic, so that a retried create finds its own ReplicaSet instead of a second one.
      name: `${d.metadata.name ?? ''}-${hash}`,
      namespace: d.metadata.namespace,
      labels,
      ownerReferences: [controllerRefTo(d, deployments)],
    },
    spec: {
      replicas: 0,
      minReadySeconds: d.spec.minReadySeconds ?? 0,
      selector: { ...d.spec.selector, matchLabels: withHashLabel(d.spec.selector.matchLabels, hash) },
      template: { ...d.spec.template, metadata: { ...d.spec.template.metadata, labels } },
    },
  };
  draft.spec.replicas = newReplicaSetSize(d, [...oldRSs, draft], draft);
  setNewReplicaSetAnnotations(d, draft, newRevision, false);
  let created: ReplicaSet;
  let alreadyExisted = false;
  try {
    created = await deps.client.create(replicaSets, draft);
  } catch (error) {
    if (!isAlreadyExists(error)) {
      const message = `Failed to create new replica set "${draft.metadata.name ?? ''}": ${error instanceof Error ? error.message : String(error)}`;
      setCondition(statusOf(d), newCondition('Progressing', 'False', deploymentReasons.replicaSetCreateError, message, deps.clock.now()));
      deps.recorder.record(d, 'Warning', deploymentReasons.replicaSetCreateError, message, { resource: deployments });
      throw error;
    }
    // The cache may not have it yet: ask the API server which ReplicaSet holds the name.
    const current = await deps.api.get<ReplicaSet>(replicaSets, { namespace: draft.metadata.namespace, name: draft.metadata.name ?? '' });
    if (!isControlledBy(current, d) || !equalIgnoringHash(current.spec.template, d.spec.template)) {
      // A hash collision: count it, which changes the hash, and try again with the new name.
      statusOf(d).collisionCount = (d.status?.collisionCount ?? 0) + 1;
      throw new Error(`found a hash collision for deployment "${d.metadata.name ?? ''}" - bumping collisionCount to ${statusOf(d).collisionCount}`);
    }
    created = current;
    alreadyExisted = true;
  }
  if (!alreadyExisted && specReplicas(created) > 0) {
    deps.recorder.record(d, 'Normal', 'ScalingReplicaSet', `Scaled up replica set ${created.metadata.name ?? ''} from 0 to ${specReplicas(created)}`, {
      resource: deployments,
    });
  }
  setRevision(d, newRevision);
  if (!alreadyExisted && hasProgressDeadline(d)) {
    setCondition(
      statusOf(d),
      newCondition('Progressing', 'True', deploymentReasons.newReplicaSetCreated, `Created new replica set "${created.metadata.name ?? ''}"`, deps.clock.now()),
    );
  }
  return created;
}

/** scaleReplicaSet: resizes (and refreshes the replica annotations); true if the size changed. */
export async function scaleReplicaSet(
  deps: DeploymentDeps,
  d: Deployment,
  rs: ReplicaSet,
  replicas: number,
): Promise<{ scaled: boolean; replicaSet: ReplicaSet }> {
  const from = specReplicas(rs);
  const resize = from !== replicas;
  if (!resize && !replicasAnnotationsNeedUpdate(rs, desiredReplicas(d), desiredReplicas(d) + maxSurge(d))) return { scaled: false, replicaSet: rs };
  const copy = deepCopy(rs);
  copy.spec.replicas = replicas;
  setReplicasAnnotations(copy, d);
  const updated = await deps.client.update(replicaSets, copy);
  if (resize) {
    deps.recorder.record(
      d,
      'Normal',
      'ScalingReplicaSet',
      `Scaled ${from < replicas ? 'up' : 'down'} replica set ${rs.metadata.name ?? ''} from ${from} to ${replicas}`,
      { resource: deployments },
    );
  }
  return { scaled: resize, replicaSet: updated };
}

/** cleanupDeployment: deletes the oldest empty old ReplicaSets beyond revisionHistoryLimit. */
export async function pruneHistory(deps: DeploymentDeps, d: Deployment, oldRSs: readonly ReplicaSet[]): Promise<void> {
  const limit = d.spec.revisionHistoryLimit;
  if (limit === undefined) return;
  const alive = oldRSs.filter((rs) => !rs.metadata.deletionTimestamp);
  const excess = alive.length - limit;
  if (excess <= 0) return;
  const oldestRevisionFirst = [...alive].sort((a, b) => revisionOf(a) - revisionOf(b) || byCreation(a, b));
  for (const rs of oldestRevisionFirst.slice(0, excess)) {
    if ((rs.status?.replicas ?? 0) !== 0 || specReplicas(rs) !== 0 || (rs.metadata.generation ?? 0) > (rs.status?.observedGeneration ?? 0)) continue;
    try {
      await deps.client.delete(replicaSets, { namespace: rs.metadata.namespace, name: rs.metadata.name ?? '' }, { preconditions: { uid: rs.metadata.uid } });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
}

function statusOf(d: Deployment): NonNullable<Deployment['status']> {
  d.status ??= {};
  return d.status;
}

/** SetDeploymentRevision, on the working copy: the reconciler writes the annotation. */
function setRevision(d: KubeObject, revision: number): void {
  if (revision <= 0) return;
  d.metadata.annotations = { ...d.metadata.annotations, [revisionAnnotation]: String(revision) };
}
