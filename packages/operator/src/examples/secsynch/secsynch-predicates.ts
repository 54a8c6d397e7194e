/**
 * Which watch events may reconcile a SecSynch (seed 001's third problem: the MVP reconciled on
 * every change to anything it watched). Dropping an event is safe because reconciles are
 * level-based: any event that does pass brings the whole current state.
 *
 * - SecSynch: spec changes (generation), plus two lifecycle steps that leave generation alone:
 *   finalizers changing (the controller's own finalizer write must bring the pass that makes
 *   the first copy) and deletion starting. (Real Kubernetes also bumps generation when deletion
 *   starts on an object with finalizers; the embedded API server does not, and this predicate
 *   is right on both.) Status writes, the controller's own included, are dropped.
 * - Secret: only a source, a copy, or a Secret sitting where a copy should be; and of updates
 *   only those changing what a copy holds or how it is recognised (data, type, labels), so
 *   annotation-only edits and resyncs are dropped.
 * - Namespace: only one some SecSynch lists, when it appears, goes, or starts terminating.
 */
import { jsonEqual } from '@dojo/kube-api';
import type { KubeObject } from '@dojo/kube-api';
import { generationChangedPredicate, predicateFuncs, type Predicate } from '@dojo/runtime';
import type { Secret } from './secret-copy.ts';
import type { SecSynch } from './secsynch.ts';
import type { SecSynchIndex } from './secsynch-indexes.ts';
import { namespacePhase } from './secsynch-plan.ts';

export const secSynchChangedPredicate: Predicate<SecSynch> = predicateFuncs<SecSynch>({
  update: (e) => generationChangedPredicate.update(e) || lifecycleMoved(e.old, e.new),
});

export function secretChangedPredicate(index: SecSynchIndex): Predicate<Secret> {
  const relevant = (secret: Secret): boolean => index.forSecret(secret).length > 0;
  return predicateFuncs<Secret>({
    create: (e) => relevant(e.object),
    update: (e) => (relevant(e.old) || relevant(e.new)) && copiedFieldsChanged(e.old, e.new),
    delete: (e) => relevant(e.object),
    generic: (e) => relevant(e.object),
  });
}

export function namespaceChangedPredicate(index: SecSynchIndex): Predicate {
  const listed = (namespace: KubeObject): boolean => index.forNamespace(namespace).length > 0;
  return predicateFuncs({
    create: (e) => listed(e.object),
    update: (e) => listed(e.new) && namespacePhase(e.old) !== namespacePhase(e.new),
    delete: (e) => listed(e.object),
    generic: (e) => listed(e.object),
  });
}

function lifecycleMoved(old: KubeObject, next: KubeObject): boolean {
  return (
    Boolean(old.metadata.deletionTimestamp) !== Boolean(next.metadata.deletionTimestamp) ||
    !jsonEqual(old.metadata.finalizers ?? [], next.metadata.finalizers ?? [])
  );
}

function copiedFieldsChanged(old: Secret, next: Secret): boolean {
  return (
    (old.type ?? '') !== (next.type ?? '') || !jsonEqual(old.data ?? {}, next.data ?? {}) || !jsonEqual(old.metadata.labels ?? {}, next.metadata.labels ?? {})
  );
}
