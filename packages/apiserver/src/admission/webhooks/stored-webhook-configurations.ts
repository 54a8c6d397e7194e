/**
 * The webhook configurations as the revisioned store holds them right now: what kube-apiserver's
 * webhook plugins read from their informer. Read on every write (`handles`), each parsed once.
 */
import type { KubeObject } from '@dojo/kube-api';
import { mutatingWebhookConfigurations, validatingWebhookConfigurations } from '../../registry/builtin/admission-kinds.ts';
import type { RevisionedStore } from '../../storage/revisioned-store.ts';
import { StoredConfigurationObjects } from '../stored-configuration-objects.ts';
import type { WebhookConfigurations } from './webhook-configurations.ts';

export class StoredWebhookConfigurations implements WebhookConfigurations {
  readonly #objects: StoredConfigurationObjects;

  constructor(store: RevisionedStore) {
    this.#objects = new StoredConfigurationObjects(store);
  }

  validating(): readonly KubeObject[] {
    return this.#objects.list(validatingWebhookConfigurations.bucket);
  }

  mutating(): readonly KubeObject[] {
    return this.#objects.list(mutatingWebhookConfigurations.bucket);
  }
}
