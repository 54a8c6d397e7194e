/**
 * An `AdmissionPolicies` over objects held in memory: for tests, and for callers that already
 * have the configuration objects at hand. Param kinds are declared with their scope; a kind not
 * declared is "not known".
 */
import type { KubeObject } from '@dojo/kube-api';
import type { AdmissionPolicies, ParamKindRef } from './policy-types.ts';

export interface StaticPolicyObjects {
  validatingPolicies?: readonly KubeObject[];
  validatingBindings?: readonly KubeObject[];
  mutatingPolicies?: readonly KubeObject[];
  mutatingBindings?: readonly KubeObject[];
  /** Param kinds served, with whether they are namespaced and their objects. */
  paramKinds?: readonly { apiVersion: string; kind: string; namespaced: boolean; objects: readonly KubeObject[] }[];
}

export function staticAdmissionPolicies(objects: StaticPolicyObjects): AdmissionPolicies {
  const kindOf = (ref: ParamKindRef) => objects.paramKinds?.find((k) => k.apiVersion === ref.apiVersion && k.kind === ref.kind);
  return {
    validatingPolicies: () => objects.validatingPolicies ?? [],
    validatingBindings: () => objects.validatingBindings ?? [],
    mutatingPolicies: () => objects.mutatingPolicies ?? [],
    mutatingBindings: () => objects.mutatingBindings ?? [],
    paramKindNamespaced: (ref) => kindOf(ref)?.namespaced,
    params(ref, namespace) {
      const kind = kindOf(ref);
      if (!kind) return undefined;
      return kind.objects.filter((o) => !kind.namespaced || (o.metadata.namespace ?? '') === namespace);
    },
  };
}
