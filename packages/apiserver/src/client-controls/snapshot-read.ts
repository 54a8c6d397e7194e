/**
 * One object as of a past revision, for a client whose view is paused or stale: today's
 * committed state with the watch history's later changes to it undone (the first change after
 * `rev` carries the state before it). Once history no longer reaches back that far the
 * revision is gone, and the read answers 410 Expired as kube does for a compacted one.
 */
import { newResourceExpired } from '@dojo/kube-api';
import type { RevisionedStore, StoredObject } from '../storage/revisioned-store.ts';
import type { WatchCache } from '../storage/watch-cache.ts';

/** The stored object as of `rev`, undefined when it did not exist then; 410 when history is gone. */
export function storedObjectAt(store: RevisionedStore, history: WatchCache, bucket: string, name: string, rev: number): StoredObject | undefined {
  if (rev >= store.revision) return store.get(bucket, name);
  const later = history.changesAfter(rev);
  if (!later) throw newResourceExpired(`too old resource version: ${rev} (${history.oldestResumableRevision + 1})`);
  for (const change of later) {
    if (change.bucket !== bucket || change.name !== name) continue;
    // The first later change: ADDED means it was not there at `rev`; otherwise it held prevJson.
    if (change.type === 'ADDED' || change.prevJson === undefined) return undefined;
    return { name, rev: revisionOf(change.prevJson), json: change.prevJson };
  }
  return store.get(bucket, name);
}

function revisionOf(json: string): number {
  return Number((JSON.parse(json) as { metadata?: { resourceVersion?: string } }).metadata?.resourceVersion ?? 0);
}
