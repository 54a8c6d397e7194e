/**
 * One RBAC rule against one request, exactly as kube's RuleAllows and the helpers of
 * pkg/apis/rbac/v1/evaluation_helpers.go decide it: `*` matches any verb, group or resource;
 * a subresource is matched as `resource/subresource` or by `*\/subresource`; an empty
 * resourceNames matches every name; a non-resource URL ending in `*` matches by prefix.
 */
import type { RequestAttributes } from './request-attributes.ts';

export interface PolicyRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

const all = '*';

export const verbMatches = (rule: PolicyRule, verb: string): boolean => rule.verbs.some((v) => v === all || v === verb);

export const apiGroupMatches = (rule: PolicyRule, group: string): boolean => (rule.apiGroups ?? []).some((g) => g === all || g === group);

export function resourceMatches(rule: PolicyRule, combinedResource: string, subresource: string): boolean {
  for (const resource of rule.resources ?? []) {
    if (resource === all || resource === combinedResource) return true;
    // `*/scale` grants the scale subresource of every resource.
    if (subresource && resource.length === subresource.length + 2 && resource.startsWith('*/') && resource.endsWith(subresource)) return true;
  }
  return false;
}

export const resourceNameMatches = (rule: PolicyRule, name: string): boolean => !rule.resourceNames?.length || rule.resourceNames.includes(name);

export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  for (const url of rule.nonResourceURLs ?? []) {
    if (url === all || url === path) return true;
    if (url.endsWith('*') && path.startsWith(url.replace(/\*+$/, ''))) return true;
  }
  return false;
}

export function ruleAllows(attributes: RequestAttributes, rule: PolicyRule): boolean {
  if (attributes.resourceRequest) {
    const combined = attributes.subresource ? `${attributes.resource}/${attributes.subresource}` : attributes.resource;
    return (
      verbMatches(rule, attributes.verb) &&
      apiGroupMatches(rule, attributes.apiGroup) &&
      resourceMatches(rule, combined, attributes.subresource) &&
      resourceNameMatches(rule, attributes.name)
    );
  }
  return verbMatches(rule, attributes.verb) && nonResourceURLMatches(rule, attributes.path);
}
