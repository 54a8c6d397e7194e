/**
 * Whether a request is in a policy's `matchConstraints` or a binding's `matchResources`, as
 * k8s.io/apiserver's policy/matching does: namespaceSelector, then objectSelector, then
 * excludeResourceRules, then resourceRules (with `resourceNames`, and with `matchPolicy:
 * Equivalent` a rule also matches the same objects served under another group/version, the
 * policy then seeing the request as that resource and kind). Selector errors are reported only
 * when the rules match, as kube does.
 */
import { LabelSelector, type KubeObject, type LabelSelectorObject } from '@dojo/kube-api';
import type { AdmissionAttributes, GroupVersionKind, GroupVersionResource, PolicyContext } from './policy-types.ts';

export interface RuleWithOperations {
  operations?: string[];
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  scope?: 'Cluster' | 'Namespaced' | '*';
  resourceNames?: string[];
}

export interface MatchResources {
  namespaceSelector?: LabelSelectorObject;
  objectSelector?: LabelSelectorObject;
  resourceRules?: RuleWithOperations[];
  excludeResourceRules?: RuleWithOperations[];
  matchPolicy?: 'Exact' | 'Equivalent';
}

export type MatchResult = { matches: false; error?: string } | { matches: true; resource: GroupVersionResource; kind: GroupVersionKind };

function exactOrWildcard(items: readonly string[] | undefined, requested: string): boolean {
  return (items ?? []).some((item) => item === '*' || item === requested);
}

function isNamespaces(resource: GroupVersionResource): boolean {
  return resource.group === '' && resource.version === 'v1' && resource.resource === 'namespaces';
}

/** rules.Matcher: scope, operation, group, version and resource/subresource (`pods/*`, `*\/status`). */
export function ruleMatches(rule: RuleWithOperations, attributes: AdmissionAttributes, resource: GroupVersionResource): boolean {
  const scope = rule.scope ?? '*';
  if (scope === 'Namespaced' && (isNamespaces(resource) || attributes.namespace === '')) return false;
  if (scope === 'Cluster' && !(isNamespaces(resource) || attributes.namespace === '')) return false;
  if (!(rule.operations ?? []).some((op) => op === '*' || op === attributes.operation)) return false;
  if (!exactOrWildcard(rule.apiGroups, resource.group) || !exactOrWildcard(rule.apiVersions, resource.version)) return false;
  return (rule.resources ?? []).some((text) => {
    const slash = text.indexOf('/');
    const [res, sub] = slash < 0 ? [text, ''] : [text.slice(0, slash), text.slice(slash + 1)];
    return (res === '*' || res === resource.resource) && (sub === '*' || sub === attributes.subresource);
  });
}

function nameMatches(rule: RuleWithOperations, attributes: AdmissionAttributes): boolean {
  return !rule.resourceNames?.length || rule.resourceNames.includes(attributes.name);
}

function matchesRules(
  rules: readonly RuleWithOperations[],
  matchPolicy: MatchResources['matchPolicy'],
  attributes: AdmissionAttributes,
  context: PolicyContext,
): MatchResult {
  for (const rule of rules) {
    if (ruleMatches(rule, attributes, attributes.resource) && nameMatches(rule, attributes)) {
      return { matches: true, resource: attributes.resource, kind: attributes.kind };
    }
  }
  if (matchPolicy === undefined || matchPolicy === 'Exact') return { matches: false };
  const equivalents = context.equivalentResources?.(attributes.resource, attributes.subresource) ?? [];
  for (const rule of rules) {
    for (const equivalent of equivalents) {
      const same = equivalent.resource;
      if (same.group === attributes.resource.group && same.version === attributes.resource.version && same.resource === attributes.resource.resource) continue;
      if (ruleMatches(rule, attributes, same) && nameMatches(rule, attributes)) return { matches: true, resource: same, kind: equivalent.kind };
    }
  }
  return { matches: false };
}

function labelsOf(object: KubeObject | undefined): Record<string, string> | undefined {
  return object?.metadata.labels;
}

/** namespace.Matcher.MatchNamespaceSelector; a namespace that does not exist is kube's NotFound. */
function namespaceSelectorMatches(selector: LabelSelectorObject | undefined, attributes: AdmissionAttributes, context: PolicyContext): boolean | string {
  if (attributes.namespace === '' && attributes.resource.resource !== 'namespaces') return true;
  const parsed = LabelSelector.fromObject(selector);
  if (parsed.isEmpty()) return true;
  const ownLabels =
    attributes.resource.resource === 'namespaces' && attributes.subresource === '' && (attributes.operation === 'CREATE' || attributes.operation === 'UPDATE');
  if (ownLabels) return parsed.matches(labelsOf(attributes.object));
  if (!context.namespace) return `namespaces "${attributes.namespace}" not found`;
  return parsed.matches(labelsOf(context.namespace));
}

/** object.Matcher: the new or the old object's labels match (neither on a request without objects). */
function objectSelectorMatches(selector: LabelSelectorObject | undefined, attributes: AdmissionAttributes): boolean {
  const parsed = LabelSelector.fromObject(selector);
  if (parsed.isEmpty()) return true;
  const matches = (object: KubeObject | undefined) => object !== undefined && parsed.matches(labelsOf(object));
  return matches(attributes.object) || matches(attributes.oldObject);
}

export function matchResources(criteria: MatchResources, attributes: AdmissionAttributes, context: PolicyContext): MatchResult {
  const namespaceMatch = namespaceSelectorMatches(criteria.namespaceSelector, attributes, context);
  if (namespaceMatch === false) return { matches: false };
  if (!objectSelectorMatches(criteria.objectSelector, attributes)) return { matches: false };
  const matchPolicy = criteria.matchPolicy ?? 'Equivalent';
  if (matchesRules(criteria.excludeResourceRules ?? [], matchPolicy, attributes, context).matches) return { matches: false };
  const included: MatchResult = criteria.resourceRules?.length
    ? matchesRules(criteria.resourceRules, matchPolicy, attributes, context)
    : { matches: true, resource: attributes.resource, kind: attributes.kind };
  if (!included.matches) return included;
  if (typeof namespaceMatch === 'string') return { matches: false, error: namespaceMatch };
  return included;
}
