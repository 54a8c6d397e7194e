/**
 * Whether a webhook's `rules` cover a request: kube's predicates/rules Matcher. A rule matches
 * when its scope, operations, apiGroups, apiVersions and resources all do; "*" matches anything,
 * and a resource entry may name a subresource ("pods/status", "*\/scale", "deployments/*").
 * With matchPolicy Equivalent a rule that misses the requested group/version/resource may still
 * match an equivalent one (the same stored resource served under another version or group,
 * e.g. extensions→apps): the webhook is then sent the request as that resource.
 */
import type { AdmissionTarget } from '../admission-attributes.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';
import type { Webhook, WebhookRule } from './webhook-configurations.ts';

/** The group/version/resource a webhook is called for: the requested one or an equivalent. */
export interface MatchedResource {
  info: ResourceInfo;
}

function exactOrWildcard(items: readonly string[], requested: string): boolean {
  return items.some((item) => item === '*' || item === requested);
}

/** kube: a namespace is cluster-scoped even though its requests carry its own name as namespace. */
function isNamespaceResource(info: ResourceInfo): boolean {
  return info.group === '' && info.version === 'v1' && info.resource === 'namespaces';
}

function scopeMatches(rule: WebhookRule, target: AdmissionTarget, info: ResourceInfo): boolean {
  switch (rule.scope) {
    case '*':
      return true;
    case 'Namespaced':
      return !isNamespaceResource(info) && target.namespace !== '';
    case 'Cluster':
      return isNamespaceResource(info) || target.namespace === '';
    default:
      return false;
  }
}

function resourceMatches(rule: WebhookRule, resource: string, subresource: string): boolean {
  return rule.resources.some((entry) => {
    const slash = entry.indexOf('/');
    const res = slash < 0 ? entry : entry.slice(0, slash);
    const sub = slash < 0 ? '' : entry.slice(slash + 1);
    return (res === '*' || res === resource) && (sub === '*' || sub === subresource);
  });
}

export function ruleMatches(rule: WebhookRule, target: AdmissionTarget, info: ResourceInfo = target.info): boolean {
  return (
    scopeMatches(rule, target, info) &&
    rule.operations.some((op) => op === '*' || op === target.operation) &&
    exactOrWildcard(rule.apiGroups, info.group) &&
    exactOrWildcard(rule.apiVersions, info.version) &&
    resourceMatches(rule, info.resource, target.subresource)
  );
}

/**
 * The resource the webhook is called for, or undefined when no rule matches (kube's
 * ShouldCallHook before selectors and match conditions are consulted).
 */
export function matchRules(webhook: Webhook, target: AdmissionTarget, equivalents: () => readonly ResourceInfo[]): MatchedResource | undefined {
  if (webhook.rules.some((rule) => ruleMatches(rule, target))) return { info: target.info };
  if (webhook.matchPolicy !== 'Equivalent') return undefined;
  for (const rule of webhook.rules) {
    for (const equivalent of equivalents()) {
      if (equivalent === target.info || (equivalent.group === target.info.group && equivalent.version === target.info.version)) continue;
      if (ruleMatches(rule, target, equivalent)) return { info: equivalent };
    }
  }
  return undefined;
}
