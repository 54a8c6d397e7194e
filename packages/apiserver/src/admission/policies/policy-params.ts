/**
 * The params a binding gives its policy (generic.CollectParams): none when the policy has no
 * `paramKind` or the binding no `paramRef` (the policy runs once, `params` null); the named
 * object, or every object the selector matches (the policy runs once per param, none when
 * nothing matches), looked up in `paramRef.namespace`, else the request's namespace for a
 * namespaced param kind. `parameterNotFoundAction: Deny` turns "no params" into an error.
 */
import { LabelSelector, type KubeObject, type LabelSelectorObject } from '@dojo/kube-api';
import type { AdmissionPolicies, ParamKindRef } from './policy-types.ts';

export interface ParamRef {
  name?: string;
  namespace?: string;
  selector?: LabelSelectorObject;
  parameterNotFoundAction?: 'Allow' | 'Deny';
}

/** `[undefined]`: evaluate once without params; `[]`: do not evaluate; an error: a binding misconfiguration. */
export type CollectedParams = { params: (KubeObject | undefined)[] } | { error: string };

function paramKindString(kind: ParamKindRef): string {
  // The generated protobuf String() of ParamKind, which kube's message prints.
  return `&ParamKind{APIVersion:${kind.apiVersion},Kind:${kind.kind},}`;
}

export function collectParams(
  paramKind: ParamKindRef | undefined,
  paramRef: ParamRef | undefined,
  requestNamespace: string,
  source: AdmissionPolicies,
): CollectedParams {
  if (!paramKind || !paramRef) return { params: [undefined] };
  const namespaced = source.paramKindNamespaced(paramKind);
  if (namespaced === undefined) return { error: `paramKind kind \`${paramKindString(paramKind)}\` not known` };
  let namespace = '';
  if (namespaced) {
    namespace = paramRef.namespace || requestNamespace;
    if (!namespace) return { error: 'cannot use namespaced paramRef in policy binding that matches cluster-scoped resources' };
  } else if (paramRef.namespace) {
    return { error: 'paramRef.namespace must not be provided for a cluster-scoped `paramKind`' };
  }
  const candidates = source.params(paramKind, namespace) ?? [];
  let params: KubeObject[];
  if (paramRef.name) {
    if (paramRef.selector) return { error: 'paramRef.name and paramRef.selector are mutually exclusive' };
    params = candidates.filter((p) => p.metadata.name === paramRef.name);
  } else if (paramRef.selector) {
    const selector = LabelSelector.fromObject(paramRef.selector);
    params = candidates.filter((p) => selector.matches(p.metadata.labels));
  } else {
    return { error: 'one of name or selector must be provided' };
  }
  if (params.length === 0 && paramRef.parameterNotFoundAction === 'Deny') {
    return { error: 'no params found for policy binding with `Deny` parameterNotFoundAction' };
  }
  return { params };
}
