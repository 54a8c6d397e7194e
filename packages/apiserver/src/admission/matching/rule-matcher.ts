/**
 * One admission rule against one request: kube's predicates/rules Matcher
 * (k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules), which webhooks' `rules` and
 * policies' `resourceRules`/`excludeResourceRules` share. A rule matches when its scope,
 * operations, apiGroups, apiVersions and resources all do; "*" matches anything, and a resource
 * entry may name a subresource ("pods/status", "*\/scale", "deployments/*"; "*" alone matches
 * no subresource). An absent list matches nothing; an absent scope is "*".
 */
import type { AdmissionAttributes, GroupVersionResource } from '../admission-attributes.ts';

export interface AdmissionRule {
  operations?: readonly string[] | undefined;
  apiGroups?: readonly string[] | undefined;
  apiVersions?: readonly string[] | undefined;
  resources?: readonly string[] | undefined;
  scope?: string | undefined;
}

/** What a rule reads of the request. */
export type RuleRequest = Pick<AdmissionAttributes, 'operation' | 'resource' | 'subresource' | 'namespace'>;

function exactOrWildcard(items: readonly string[] | undefined, requested: string): boolean {
  return (items ?? []).some((item) => item === '*' || item === requested);
}

function isNamespaceResource(resource: GroupVersionResource): boolean {
  return resource.group === '' && resource.version === 'v1' && resource.resource === 'namespaces';
}

/** kube: a namespace is cluster-scoped even though its requests carry its own name as namespace; an unknown scope matches nothing. */
function scopeMatches(scope: string | undefined, request: Pick<RuleRequest, 'namespace'>, resource: GroupVersionResource): boolean {
  switch (scope ?? '*') {
    case '*':
      return true;
    case 'Namespaced':
      return !isNamespaceResource(resource) && request.namespace !== '';
    case 'Cluster':
      return isNamespaceResource(resource) || request.namespace === '';
    default:
      return false;
  }
}

function resourceMatches(entries: readonly string[] | undefined, resource: string, subresource: string): boolean {
  return (entries ?? []).some((entry) => {
    const slash = entry.indexOf('/');
    const res = slash < 0 ? entry : entry.slice(0, slash);
    const sub = slash < 0 ? '' : entry.slice(slash + 1);
    return (res === '*' || res === resource) && (sub === '*' || sub === subresource);
  });
}

/** `resource` replaces the requested one when matchPolicy Equivalent tries an equivalent (kube's attrWithResourceOverride). */
export function ruleMatches(rule: AdmissionRule, request: RuleRequest, resource: GroupVersionResource = request.resource): boolean {
  return (
    scopeMatches(rule.scope, request, resource) &&
    (rule.operations ?? []).some((op) => op === '*' || op === request.operation) &&
    exactOrWildcard(rule.apiGroups, resource.group) &&
    exactOrWildcard(rule.apiVersions, resource.version) &&
    resourceMatches(rule.resources, resource.resource, request.subresource)
  );
}
