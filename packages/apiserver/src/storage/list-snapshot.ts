/**
 * Lists as of a past revision, the way etcd serves a paginated list: every page after the first
 * reads the first page's revision, so objects created, changed or deleted since then do not
 * show through. The state at a past revision is today's committed state with the watch
 * history's later changes undone, newest first. Once history no longer reaches back that far
 * (the store was compacted, or the server restarted) the revision is gone, as after an etcd
 * compaction.
 */
import type { RevisionedStore, StoredObject } from './revisioned-store.ts';
import type { WatchCache } from './watch-cache.ts';

export interface ListSnapshots {
  /** The objects of `bucket` under `prefix` as of `rev`, sorted by name; undefined when compacted. */
  listAt(bucket: string, prefix: string, rev: number): StoredObject[] | undefined;
}

export function listSnapshots(store: RevisionedStore, history: WatchCache): ListSnapshots {
  return {
    listAt(bucket, prefix, rev) {
      if (rev >= store.revision) return store.list(bucket, prefix);
      const later = history.changesAfter(rev);
      if (!later) return undefined;
      const byName = new Map(store.list(bucket, prefix).map((o) => [o.name, o]));
      for (let i = later.length - 1; i >= 0; i--) {
        const change = later[i]!;
        if (change.bucket !== bucket || !change.name.startsWith(prefix)) continue;
        if (change.type === 'ADDED') byName.delete(change.name);
        else byName.set(change.name, { name: change.name, rev: revisionOf(change.prevJson!), json: change.prevJson! });
      }
      return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
  };
}

function revisionOf(json: string): number {
  return Number((JSON.parse(json) as { metadata?: { resourceVersion?: string } }).metadata?.resourceVersion ?? 0);
}
