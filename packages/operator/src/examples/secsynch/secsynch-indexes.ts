/**
 * Which SecSynches care about a Secret or a Namespace, answered from indexes on the SecSynch
 * informer's cache, so that neither a watch's map function nor its predicate lists every
 * SecSynch on every event:
 *
 *   source       "<sourceNamespace>/<secretName>"  the SecSynches copying that Secret
 *   destination  "<namespace>/<secretName>"        the SecSynches that want a copy there
 *   namespace    "<namespace>"                     the SecSynches listing the namespace
 *
 * A copy names its SecSynch in a label as well, so a copy left in a namespace that is no longer
 * listed still leads back to its SecSynch (which deletes it). The cache may be stale; a
 * SecSynch created after a Secret event is reconciled anyway, from its own create event.
 */
import { formatObjectKey, objectKeyOf, type KubeObject, type ObjectKey } from '@dojo/kube-api';
import type { IndexFunc, ReadableStore, Request } from '@dojo/runtime';
import { secSynchOfCopy } from './secret-copy.ts';
import type { SecSynch } from './secsynch.ts';

/** What the index needs of the SecSynch informer. */
export interface IndexableCache {
  readonly store: ReadableStore<SecSynch>;
  addIndexer(name: string, fn: IndexFunc<SecSynch>): void;
}

const indexNames = {
  source: 'tutorial.study.dev/source',
  destination: 'tutorial.study.dev/destination',
  namespace: 'tutorial.study.dev/destination-namespace',
};

export class SecSynchIndex {
  readonly #store: ReadableStore<SecSynch>;

  private constructor(store: ReadableStore<SecSynch>) {
    this.#store = store;
  }

  /** Adds the three indexes to the SecSynch informer (before it starts). */
  static on(cache: IndexableCache): SecSynchIndex {
    cache.addIndexer(indexNames.source, (s) => {
      const { sourceNamespace, secretName } = specOf(s);
      return sourceNamespace && secretName ? [formatObjectKey({ namespace: sourceNamespace, name: secretName })] : [];
    });
    cache.addIndexer(indexNames.destination, (s) => {
      const { secretName, destinations } = specOf(s);
      return secretName ? destinations.map((namespace) => formatObjectKey({ namespace, name: secretName })) : [];
    });
    cache.addIndexer(indexNames.namespace, (s) => specOf(s).destinations);
    return new SecSynchIndex(cache.store);
  }

  /** The SecSynches whose source, destination slot or copy this Secret is. */
  forSecret(secret: KubeObject): Request[] {
    const key = objectKeyOf(secret);
    const found = [...this.#store.byIndex(indexNames.source, key), ...this.#store.byIndex(indexNames.destination, key)].map(keyOf);
    const owner = secSynchOfCopy(secret);
    return unique(owner ? [...found, owner] : found);
  }

  /** The SecSynches listing this namespace as a destination. */
  forNamespace(namespace: KubeObject): Request[] {
    return unique(this.#store.byIndex(indexNames.namespace, namespace.metadata.name ?? '').map(keyOf));
  }
}

/** Index functions run inside the informer: they must not throw, even on an object no schema checked. */
function specOf(secSynch: SecSynch): { sourceNamespace?: string; secretName?: string; destinations: string[] } {
  const spec = (secSynch.spec ?? {}) as Partial<SecSynch['spec']>;
  const destinations = Array.isArray(spec.destinationNamespaces) ? spec.destinationNamespaces.filter((n): n is string => typeof n === 'string') : [];
  return {
    ...(typeof spec.sourceNamespace === 'string' ? { sourceNamespace: spec.sourceNamespace } : {}),
    ...(typeof spec.secretName === 'string' ? { secretName: spec.secretName } : {}),
    destinations,
  };
}

function keyOf(secSynch: SecSynch): Request {
  return { namespace: secSynch.metadata.namespace, name: secSynch.metadata.name ?? '' };
}

function unique(requests: readonly ObjectKey[]): Request[] {
  const byKey = new Map(requests.map((r) => [formatObjectKey(r), r]));
  return [...byKey.values()];
}
