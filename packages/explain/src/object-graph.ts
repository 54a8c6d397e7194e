/**
 * The objects the explainer reads: the manager's shared informer caches, one per watched kind
 * (on the embedded cluster every served kind; on a real cluster the kinds the controllers
 * watch). Children are found through each cache's owner-UID index, so "what does this object
 * own?" costs what it returns, not the size of the cluster. A cache may be stale by what the
 * watch has not delivered yet; the explainer says what the console sees.
 */
import type { KubeObject, ObjectIdentity } from '@dojo/kube-api';
import { formatObjectKey, identityOf, objectKeyOf } from '@dojo/kube-api';
import { namespaceIndex, ownerUidIndex, type ReadableStore, type ResourceEventHandler } from '@dojo/runtime';

export interface ObjectNode {
  readonly identity: ObjectIdentity;
  readonly object: KubeObject;
}

export interface ObjectGraph {
  /** The cached object, when the console watches its kind. */
  get(identity: ObjectIdentity): KubeObject | undefined;
  /** Objects of every watched kind that name `uid` among their owner references. */
  ownedBy(uid: string): ObjectNode[];
  /** The cached objects of a kind, in one namespace or all. */
  list(group: string, kind: string, namespace?: string): KubeObject[];
  /** Whether the console watches (and so caches) the kind. */
  watches(group: string, kind: string): boolean;
}

/**
 * What the graph needs of an informer: its kind and its cache; and, for list hints to keep
 * answers between calls, to be told of every change (as SharedInformer tells its handlers).
 */
export interface CachedKind {
  readonly type: { readonly group: string; readonly kind: string; readonly namespaced: boolean };
  readonly store: ReadableStore;
  addEventHandler?(handler: ResourceEventHandler): () => void;
}

/** A graph over the informers that exist now; build one per question (kinds join as CRDs are served). */
export function informerGraph(informers: readonly CachedKind[]): ObjectGraph {
  const byKind = new Map(informers.map((i) => [`${i.type.group}/${i.type.kind}`, i]));
  const find = (group: string, kind: string) => byKind.get(`${group}/${kind}`);
  return {
    get(identity) {
      const cached = find(identity.group, identity.kind);
      if (!cached) return undefined;
      return cached.store.get(formatObjectKey({ namespace: cached.type.namespaced ? identity.namespace : undefined, name: identity.name }));
    },
    ownedBy(uid) {
      const out: ObjectNode[] = [];
      for (const cached of informers) {
        for (const object of cached.store.byIndex(ownerUidIndex, uid)) out.push({ identity: identityOf(object, cached.type), object });
      }
      return out.sort((a, b) => a.identity.kind.localeCompare(b.identity.kind) || objectKeyOf(a.object).localeCompare(objectKeyOf(b.object)));
    },
    list(group, kind, namespace) {
      const cached = find(group, kind);
      if (!cached) return [];
      return namespace !== undefined && cached.type.namespaced ? cached.store.byIndex(namespaceIndex, namespace) : cached.store.list();
    },
    watches: (group, kind) => find(group, kind) !== undefined,
  };
}
