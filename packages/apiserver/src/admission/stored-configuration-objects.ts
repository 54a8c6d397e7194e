/**
 * Objects of one bucket as the revisioned store holds them right now, each parsed once and kept
 * for as long as it is the stored version: what kube-apiserver's admission plugins read from
 * their informers (webhook configurations, policies, bindings, params), read on every write.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { RevisionedStore, StoredObject } from '../storage/revisioned-store.ts';

export class StoredConfigurationObjects {
  readonly #parsed = new WeakMap<StoredObject, KubeObject>();

  constructor(private readonly store: RevisionedStore) {}

  /** `prefix` `namespace/` keeps one namespace's objects. */
  list(bucket: string, prefix = ''): KubeObject[] {
    return this.store.list(bucket, prefix).map((stored) => {
      let obj = this.#parsed.get(stored);
      if (obj === undefined) {
        obj = JSON.parse(stored.json) as KubeObject;
        this.#parsed.set(stored, obj);
      }
      return obj;
    });
  }
}
