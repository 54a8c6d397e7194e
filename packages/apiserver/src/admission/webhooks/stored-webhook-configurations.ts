/**
 * The webhook configurations as the revisioned store holds them right now: what kube-apiserver's
 * webhook plugins read from their informer. Read on every write (`handles`), so each stored
 * object is parsed once and kept for as long as it is the stored version.
 */
import type { KubeObject } from '@dojo/kube-api';
import { mutatingWebhookConfigurations, validatingWebhookConfigurations } from '../../registry/builtin/admission-kinds.ts';
import type { RevisionedStore, StoredObject } from '../../storage/revisioned-store.ts';
import type { WebhookConfigurations } from './webhook-configurations.ts';

export class StoredWebhookConfigurations implements WebhookConfigurations {
  readonly #parsed = new WeakMap<StoredObject, KubeObject>();

  constructor(private readonly store: RevisionedStore) {}

  validating(): readonly KubeObject[] {
    return this.#list(validatingWebhookConfigurations.bucket);
  }

  mutating(): readonly KubeObject[] {
    return this.#list(mutatingWebhookConfigurations.bucket);
  }

  #list(bucket: string): KubeObject[] {
    return this.store.list(bucket).map((stored) => {
      let obj = this.#parsed.get(stored);
      if (obj === undefined) {
        obj = JSON.parse(stored.json) as KubeObject;
        this.#parsed.set(stored, obj);
      }
      return obj;
    });
  }
}
