/**
 * Whether a request is in a policy's `matchConstraints` or a binding's `matchResources`, as
 * k8s.io/apiserver's policy/matching does, on the matchers webhooks share (`../matching/`):
 * namespaceSelector, objectSelector, then what policies alone have: `excludeResourceRules`, and
 * `resourceNames` on each rule; no `resourceRules` matches every resource. The default
 * matchPolicy is Equivalent, the policy then seeing the request as the equivalent resource and
 * kind. A selector's error reaches the caller as its text (`namespaces "x" not found`), which
 * kube wraps in "failed to configure policy: …".
 */
import type { LabelSelectorObject } from '@dojo/kube-api';
import type { AdmissionAttributes, GroupVersionKind, GroupVersionResource } from '../admission-attributes.ts';
import { matchCriteria } from '../matching/match-criteria.ts';
import { matchedResource, type MatchPolicy } from '../matching/matched-resource.ts';
import type { AdmissionRule } from '../matching/rule-matcher.ts';
import type { PolicyContext } from './policy-types.ts';

export interface RuleWithOperations extends AdmissionRule {
  scope?: 'Cluster' | 'Namespaced' | '*';
  resourceNames?: string[];
}

export interface MatchResources {
  namespaceSelector?: LabelSelectorObject;
  objectSelector?: LabelSelectorObject;
  resourceRules?: RuleWithOperations[];
  excludeResourceRules?: RuleWithOperations[];
  matchPolicy?: MatchPolicy;
}

type Matched = { resource: GroupVersionResource; kind: GroupVersionKind };

export type MatchResult = { matches: false; error?: string } | ({ matches: true } & Matched);

/** An empty resourceNames matches every name (a create with generateName has none yet). */
function nameMatches(rule: RuleWithOperations, attributes: AdmissionAttributes): boolean {
  return !rule.resourceNames?.length || rule.resourceNames.includes(attributes.name);
}

function matchesRules(
  rules: readonly RuleWithOperations[],
  matchPolicy: MatchPolicy,
  attributes: AdmissionAttributes,
  context: PolicyContext,
): Matched | undefined {
  const equivalents = () => context.equivalentResources?.(attributes.resource, attributes.subresource) ?? [];
  const matched = matchedResource(rules, matchPolicy, attributes, equivalents, (rule) => nameMatches(rule, attributes));
  if (!matched) return undefined;
  if (matched.as === 'requested') return { resource: attributes.resource, kind: attributes.kind };
  return { resource: matched.equivalent.resource, kind: matched.equivalent.kind };
}

export function matchResources(criteria: MatchResources, attributes: AdmissionAttributes, context: PolicyContext): MatchResult {
  const namespaceLabels = () => (context.namespace ? (context.namespace.metadata.labels ?? {}) : undefined);
  const matchPolicy = criteria.matchPolicy ?? 'Equivalent';
  const result = matchCriteria(criteria, attributes, namespaceLabels, () => {
    if (matchesRules(criteria.excludeResourceRules ?? [], matchPolicy, attributes, context)) return undefined;
    if (!criteria.resourceRules?.length) return { resource: attributes.resource, kind: attributes.kind };
    return matchesRules(criteria.resourceRules, matchPolicy, attributes, context);
  });
  if (result.matches) return { matches: true, ...result.matched };
  return 'error' in result ? { matches: false, error: result.error.message } : { matches: false };
}
