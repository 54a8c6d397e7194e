/**
 * Admission policies, their bindings and their params as the revisioned store holds them right
 * now: what kube-apiserver's policy plugins read from their informers. Each stored object is
 * parsed once and kept for as long as it is the stored version.
 */
import type { KubeObject } from '@dojo/kube-api';
import { parseApiVersion } from '@dojo/kube-api';
import {
  mutatingAdmissionPolicies,
  mutatingAdmissionPolicyBindings,
  validatingAdmissionPolicies,
  validatingAdmissionPolicyBindings,
} from '../../registry/builtin/admission-kinds.ts';
import type { ResourceRegistry } from '../../registry/resource-registry.ts';
import type { RevisionedStore } from '../../storage/revisioned-store.ts';
import { StoredConfigurationObjects } from '../stored-configuration-objects.ts';
import type { AdmissionPolicies, ParamKindRef } from './policy-types.ts';

export class StoredAdmissionPolicies implements AdmissionPolicies {
  readonly #objects: StoredConfigurationObjects;

  constructor(
    private readonly store: RevisionedStore,
    private readonly registry: Pick<ResourceRegistry, 'lookupKind'>,
  ) {
    this.#objects = new StoredConfigurationObjects(store);
  }

  validatingPolicies(): readonly KubeObject[] {
    return this.#objects.list(validatingAdmissionPolicies.bucket);
  }

  validatingBindings(): readonly KubeObject[] {
    return this.#objects.list(validatingAdmissionPolicyBindings.bucket);
  }

  mutatingPolicies(): readonly KubeObject[] {
    return this.#objects.list(mutatingAdmissionPolicies.bucket);
  }

  mutatingBindings(): readonly KubeObject[] {
    return this.#objects.list(mutatingAdmissionPolicyBindings.bucket);
  }

  /** Is any binding stored? Policies without bindings are never evaluated (kube's dispatcher loops over bindings). */
  anyBinding(): boolean {
    return this.store.count(validatingAdmissionPolicyBindings.bucket) > 0 || this.store.count(mutatingAdmissionPolicyBindings.bucket) > 0;
  }

  params(ref: ParamKindRef, namespace: string): readonly KubeObject[] | undefined {
    const info = this.#paramInfo(ref);
    if (!info) return undefined;
    return this.#objects.list(info.bucket, info.namespaced && namespace ? `${namespace}/` : '');
  }

  paramKindNamespaced(ref: ParamKindRef): boolean | undefined {
    return this.#paramInfo(ref)?.namespaced;
  }

  #paramInfo(ref: ParamKindRef) {
    return this.registry.lookupKind(parseApiVersion(ref.apiVersion).group, ref.kind);
  }
}
