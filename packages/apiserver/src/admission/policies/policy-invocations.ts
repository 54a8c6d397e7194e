/**
 * Which policies run for a request, and with which bindings and params (generic's
 * policyDispatcher.Dispatch): a policy whose `matchConstraints` match, through each of its
 * bindings (`spec.policyName`) whose `matchResources` match, once per collected param.
 * Misconfigurations (a missing matchConstraints, a param kind the server does not serve, a
 * namespace that does not exist, params not found with Deny) are returned as configuration errors, for failurePolicy to decide.
 *
 * Configuration objects are read through policy-spec.ts, which assumes kube's defaults where
 * fields are absent and never trusts their JSON types.
 */
import type { KubeObject } from '@dojo/kube-api';
import { matchResources } from './match-resources.ts';
import { collectParams } from './policy-params.ts';
import { bindingSpecOf, policySpecOf } from './policy-spec.ts';
import type { AdmissionAttributes, GroupVersionKind, GroupVersionResource } from '../admission-attributes.ts';
import type { AdmissionPolicies, FailurePolicy, ParamKindRef, PolicyContext } from './policy-types.ts';

export interface PolicyInvocation {
  policy: KubeObject;
  binding: KubeObject;
  param: KubeObject | undefined;
  /** The resource and kind the policy matched the request as (they differ under matchPolicy Equivalent). */
  matchedResource: GroupVersionResource;
  matchedKind: GroupVersionKind;
}

export interface ConfigurationError {
  policy: KubeObject;
  binding?: KubeObject | undefined;
  /** "failed to configure policy: …" or "failed to configure binding: …" */
  message: string;
}

export function failurePolicyOf(policy: KubeObject): FailurePolicy {
  return policySpecOf(policy).failurePolicy;
}

/** Admission configuration kinds never go through API-defined policies (no circular lock-out). */
const exemptResources = new Set([
  'validatingadmissionpolicies',
  'validatingadmissionpolicybindings',
  'mutatingadmissionpolicies',
  'mutatingadmissionpolicybindings',
]);

export function isExemptFromPolicies(attributes: AdmissionAttributes): boolean {
  return attributes.resource.group === 'admissionregistration.k8s.io' && exemptResources.has(attributes.resource.resource);
}

/** schema.GroupVersionKind.String(): `group/version, Kind=kind` (`/v1, Kind=ConfigMap` for the core group). */
function gvkString(kind: ParamKindRef): string {
  const groupVersion = kind.apiVersion.includes('/') ? kind.apiVersion : `/${kind.apiVersion}`;
  return `${groupVersion}, Kind=${kind.kind}`;
}

function byName(a: KubeObject, b: KubeObject): number {
  return (a.metadata.name ?? '').localeCompare(b.metadata.name ?? '');
}

/** Invocations and configuration errors, in the order kube meets them. */
export type PolicyStep =
  | ({ step: 'invocation' } & PolicyInvocation)
  | ({ step: 'error' } & ConfigurationError)
  /** A binding whose paramRef found nothing under parameterNotFoundAction Allow: kube skips it silently; the console says so. */
  | { step: 'noParams'; policy: KubeObject; binding: KubeObject };

export function policyInvocations(
  policies: readonly KubeObject[],
  bindings: readonly KubeObject[],
  attributes: AdmissionAttributes,
  context: PolicyContext,
  source: AdmissionPolicies,
): PolicyStep[] {
  const steps: PolicyStep[] = [];
  const errors = { push: (error: ConfigurationError) => steps.push({ step: 'error', ...error }) };
  if (isExemptFromPolicies(attributes)) return steps;
  for (const policy of [...policies].sort(byName)) {
    const spec = policySpecOf(policy);
    if (!spec.matchConstraints) {
      errors.push({ policy, message: 'failed to configure policy: policy contained no match constraints, a required field' });
      continue;
    }
    const matched = matchResources(spec.matchConstraints, attributes, context);
    if (!matched.matches) {
      if (matched.error) errors.push({ policy, message: `failed to configure policy: ${matched.error}` });
      continue;
    }
    if (spec.paramKind && source.paramKindNamespaced(spec.paramKind) === undefined) {
      errors.push({ policy, message: `failed to configure policy: failed to find resource referenced by paramKind: '${gvkString(spec.paramKind)}'` });
      continue;
    }
    const own = bindings.filter((b) => bindingSpecOf(b).policyName === policy.metadata.name).sort(byName);
    for (const binding of own) {
      const bindingSpec = bindingSpecOf(binding);
      if (bindingSpec.matchResources) {
        const bindingMatch = matchResources(bindingSpec.matchResources, attributes, context);
        if (!bindingMatch.matches) {
          if (bindingMatch.error) errors.push({ policy, binding, message: `failed to configure binding: ${bindingMatch.error}` });
          continue;
        }
      }
      const collected = collectParams(spec.paramKind, bindingSpec.paramRef, attributes.namespace, source);
      if ('error' in collected) {
        errors.push({ policy, binding, message: `failed to configure binding: ${collected.error}` });
        continue;
      }
      if (collected.params.length === 0) steps.push({ step: 'noParams', policy, binding });
      for (const param of collected.params)
        steps.push({ step: 'invocation', policy, binding, param, matchedResource: matched.resource, matchedKind: matched.kind });
    }
  }
  return steps;
}
