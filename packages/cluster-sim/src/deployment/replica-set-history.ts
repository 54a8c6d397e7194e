/**
 * Which of a Deployment's ReplicaSets is the new one, which are old, and the annotations that
 * carry a rollout's history (kube's deployment/util): `deployment.kubernetes.io/revision` is
 * what `kubectl rollout history` and `rollout undo` read.
 */
import type { Deployment, ReplicaSet } from '../core/workload-types.ts';
import { equalIgnoringHash } from './pod-template-hash.ts';
import { desiredReplicas, maxSurge, specReplicas } from './rollout-math.ts';

export const revisionAnnotation = 'deployment.kubernetes.io/revision';
export const revisionHistoryAnnotation = 'deployment.kubernetes.io/revision-history';
export const desiredReplicasAnnotation = 'deployment.kubernetes.io/desired-replicas';
export const maxReplicasAnnotation = 'deployment.kubernetes.io/max-replicas';

// Deployment annotations that describe the Deployment itself, not its Pods' template.
const notCopied = new Set([
  'kubectl.kubernetes.io/last-applied-configuration',
  revisionAnnotation,
  revisionHistoryAnnotation,
  desiredReplicasAnnotation,
  maxReplicasAnnotation,
  'deprecated.deployment.rollback.to',
]);

export function revisionOf(object: { metadata: { annotations?: Record<string, string> | undefined } }): number {
  const n = Number.parseInt(object.metadata.annotations?.[revisionAnnotation] ?? '', 10);
  return Number.isNaN(n) ? 0 : n;
}

export function maxRevision(sets: readonly ReplicaSet[]): number {
  return sets.reduce((max, rs) => Math.max(max, revisionOf(rs)), 0);
}

/** Oldest first; the name breaks ties (controller.ReplicaSetsByCreationTimestamp). */
export function byCreation(a: ReplicaSet, b: ReplicaSet): number {
  const at = a.metadata.creationTimestamp ?? '';
  const bt = b.metadata.creationTimestamp ?? '';
  if (at !== bt) return at < bt ? -1 : 1;
  return (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1;
}

/** The oldest ReplicaSet whose template is the Deployment's: an older one wins after a rollback. */
export function findNewReplicaSet(d: Deployment, sets: readonly ReplicaSet[]): ReplicaSet | undefined {
  return [...sets].sort(byCreation).find((rs) => equalIgnoringHash(rs.spec.template, d.spec.template));
}

export function activeReplicaSets(sets: readonly (ReplicaSet | undefined)[]): ReplicaSet[] {
  return sets.filter((rs): rs is ReplicaSet => rs !== undefined && specReplicas(rs) > 0);
}

/**
 * FindActiveOrLatest: the one ReplicaSet with replicas when there is exactly one, the newest
 * when none has any, undefined while several share the Pods (a rollout is in flight).
 */
export function findActiveOrLatest(newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[]): ReplicaSet | undefined {
  const newestFirst = [...oldRSs].sort(byCreation).reverse();
  const active = activeReplicaSets([...newestFirst, newRS]);
  if (active.length === 1) return active[0];
  if (active.length === 0) return newRS ?? newestFirst[0];
  return undefined;
}

/** The new ReplicaSet has all replicas, has recorded that, and they are all available. */
export function isSaturated(d: Deployment, rs: ReplicaSet | undefined): boolean {
  if (!rs) return false;
  const desired = desiredReplicas(d);
  const annotated = Number.parseInt(rs.metadata.annotations?.[desiredReplicasAnnotation] ?? '', 10);
  return specReplicas(rs) === desired && annotated === desired && (rs.status?.availableReplicas ?? 0) === desired;
}

export function replicasAnnotationsNeedUpdate(rs: ReplicaSet, desired: number, max: number): boolean {
  const annotations = rs.metadata.annotations ?? {};
  return annotations[desiredReplicasAnnotation] !== String(desired) || annotations[maxReplicasAnnotation] !== String(max);
}

/** Records desired and desired + maxSurge on the ReplicaSet; true if anything changed. */
export function setReplicasAnnotations(rs: ReplicaSet, d: Deployment): boolean {
  const desired = desiredReplicas(d);
  const max = desired + maxSurge(d);
  if (!replicasAnnotationsNeedUpdate(rs, desired, max)) return false;
  rs.metadata.annotations = { ...rs.metadata.annotations, [desiredReplicasAnnotation]: String(desired), [maxReplicasAnnotation]: String(max) };
  return true;
}

/**
 * SetNewReplicaSetAnnotations: copies the Deployment's own annotations, raises the revision to
 * `newRevision` (keeping the ones it had in revision-history: a rollback reuses a ReplicaSet),
 * and for a ReplicaSet about to be created records the replica annotations. True if changed.
 */
export function setNewReplicaSetAnnotations(d: Deployment, rs: ReplicaSet, newRevision: number, exists: boolean): boolean {
  const annotations = { ...rs.metadata.annotations };
  let changed = false;
  for (const [key, value] of Object.entries(d.metadata.annotations ?? {})) {
    if (notCopied.has(key) || annotations[key] === value) continue;
    annotations[key] = value;
    changed = true;
  }
  const oldText = annotations[revisionAnnotation];
  const old = oldText === undefined ? 0 : Number.parseInt(oldText, 10);
  if (Number.isNaN(old)) return changed;
  if (old < newRevision) {
    annotations[revisionAnnotation] = String(newRevision);
    changed = true;
    if (oldText !== undefined) {
      const history = annotations[revisionHistoryAnnotation];
      annotations[revisionHistoryAnnotation] = history ? `${history},${oldText}` : oldText;
    }
  }
  rs.metadata.annotations = annotations;
  if (!exists && setReplicasAnnotations(rs, d)) changed = true;
  return changed;
}
