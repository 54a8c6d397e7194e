/**
 * controller-runtime's stock update filters. Each passes create, delete and generic events and
 * judges only updates.
 */
import type { KubeObject } from '@dojo/kube-api';
import { predicateFuncs, type Predicate } from './predicate.ts';

/**
 * Passes updates that change `metadata.generation`. The API server bumps generation only on
 * spec changes, so this skips status-only and metadata-only updates — including the controller's
 * own status writes. Not for kinds without a status subresource, whose generation never moves.
 */
export const generationChangedPredicate: Predicate = predicateFuncs({
  update: (e) => e.old.metadata.generation !== e.new.metadata.generation,
});

/** Passes updates that change `metadata.resourceVersion` (drops resyncs of unchanged objects). */
export const resourceVersionChangedPredicate: Predicate = predicateFuncs({
  update: (e) => e.old.metadata.resourceVersion !== e.new.metadata.resourceVersion,
});

/** Passes updates that change any label. */
export const labelChangedPredicate: Predicate = predicateFuncs({
  update: (e) => !sameStringMap(e.old.metadata.labels, e.new.metadata.labels),
});

/** Passes updates that change any annotation. */
export const annotationChangedPredicate: Predicate = predicateFuncs({
  update: (e) => !sameStringMap(e.old.metadata.annotations, e.new.metadata.annotations),
});

// An absent map and an empty one mean the same to the API server, so they compare equal here
// (Go's reflect.DeepEqual would call them different).
function sameStringMap(a: KubeObject['metadata']['labels'], b: KubeObject['metadata']['labels']): boolean {
  const left = Object.entries(a ?? {});
  if (left.length !== Object.keys(b ?? {}).length) return false;
  return left.every(([k, v]) => b?.[k] === v);
}
