/** The indexes every informer keeps (client-go's `cache.MetaNamespaceIndexFunc` and friends). */
import type { KubeObject } from '@dojo/kube-api';
import type { IndexFunc } from './store.ts';

export const namespaceIndex = 'namespace';
export const ownerUidIndex = 'ownerUid';

/** Cluster-scoped objects sit under "". */
export const byNamespace: IndexFunc = (object) => [object.metadata.namespace ?? ''];

/** Every owner's uid, so "what does this object own?" is one lookup (owned children, GC). */
export const byOwnerUid: IndexFunc = (object) => (object.metadata.ownerReferences ?? []).map((ref) => ref.uid);

export const defaultIndexers: Readonly<Record<string, IndexFunc<KubeObject>>> = {
  [namespaceIndex]: byNamespace,
  [ownerUidIndex]: byOwnerUid,
};
