/**
 * What a DELETE does to an object (the generic store's BeforeDelete and graceful deletion):
 * with no finalizer and nothing else holding it, it goes at once; otherwise it gets a
 * deletionTimestamp and stays, Terminating, until its finalizers are gone. propagationPolicy
 * adds or removes the garbage collector's orphan and foregroundDeletion finalizers.
 */
import { jsonEqual, type KubeObject } from '@dojo/kube-api';
import { nowTimestamp } from './object-meta.ts';
import type { DeleteOptions } from './request-options.ts';
import type { DeleteStrategy } from './strategy.ts';

export type DeletionPlan =
  /** Remove the object now. */
  | { action: 'remove'; object: KubeObject }
  /** Already being deleted with these finalizers: nothing to write. */
  | { action: 'unchanged'; object: KubeObject }
  /** Write `object`: deletion starts, or its finalizers changed. */
  | { action: 'update'; object: KubeObject };

function sameFinalizers(a: readonly string[], b: readonly string[]): boolean {
  return jsonEqual([...a].sort(), [...b].sort());
}

/** The warning a DELETE gets when it leaves the kind's default propagation to orphan dependents. */
export function deletionWarnings(options: Pick<DeleteOptions, 'propagationPolicy'>, strategy: DeleteStrategy): string[] {
  return options.propagationPolicy === undefined && strategy.orphansByDefault ? [strategy.orphansByDefault.warning] : [];
}

export function planDeletion(current: KubeObject, options: Pick<DeleteOptions, 'propagationPolicy'>, strategy: DeleteStrategy, now: number): DeletionPlan {
  const obj = structuredClone(current);
  const finalizers = new Set(obj.metadata.finalizers ?? []);
  if (!obj.metadata.deletionTimestamp) for (const f of strategy.deletionFinalizers ?? []) finalizers.add(f);
  if (options.propagationPolicy === 'Orphan') finalizers.add('orphan');
  if (options.propagationPolicy === 'Foreground') finalizers.add('foregroundDeletion');
  if (options.propagationPolicy === 'Background') {
    finalizers.delete('orphan');
    finalizers.delete('foregroundDeletion');
  }
  // shouldOrphanDependents: with no policy sent, a finalizer already there decides, then the kind's default.
  if (options.propagationPolicy === undefined && strategy.orphansByDefault && !finalizers.has('foregroundDeletion')) finalizers.add('orphan');
  const graceful = finalizers.size > 0 || Boolean(strategy.blocksRemoval?.(obj));
  if (!graceful) return { action: 'remove', object: obj };
  if (obj.metadata.deletionTimestamp && sameFinalizers([...finalizers], obj.metadata.finalizers ?? [])) return { action: 'unchanged', object: current };
  obj.metadata.finalizers = [...finalizers];
  if (!obj.metadata.deletionTimestamp) {
    obj.metadata.deletionTimestamp = nowTimestamp(now);
    obj.metadata.deletionGracePeriodSeconds = 0;
    // kube-apiserver's markAsDeleting: starting deletion is a change controllers filtering on
    // generation (GenerationChangedPredicate) must see.
    if ((obj.metadata.generation ?? 0) > 0) obj.metadata.generation = obj.metadata.generation! + 1;
    strategy.beginDeletion?.(obj);
  }
  return { action: 'update', object: obj };
}
