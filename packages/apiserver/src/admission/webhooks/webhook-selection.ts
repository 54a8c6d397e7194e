/**
 * Whether one webhook is called for one request, in kube's order (generic.Webhook.ShouldCallHook)
 * on the matchers policies share (`../matching/`): namespaceSelector, objectSelector, then
 * `rules` (matchPolicy Equivalent: as the first equivalent resource a rule names), then the
 * selectors' error, then `matchConditions`. Unlike policies, webhooks have no
 * excludeResourceRules or resourceNames, and a selector's error fails the request as the
 * StatusError itself (404 for a namespace that does not exist).
 */
import { newForbidden, type KubeObject, type StatusError } from '@dojo/kube-api';
import { isViewed, kindOf, resourceOf, type AdmissionAttributes, type AdmissionTarget } from '../admission-attributes.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';
import type { EquivalentResources } from '../matching/equivalent-resources.ts';
import { evaluateMatchConditions, type ConditionsResult } from '../matching/match-conditions.ts';
import { matchCriteria } from '../matching/match-criteria.ts';
import { matchedResource } from '../matching/matched-resource.ts';
import type { NamespaceLabels } from '../matching/selectors.ts';
import { newPolicyActivation } from '../policies/policy-activation.ts';
import type { PolicyDeclarations } from '../policies/policy-cel.ts';
import { objectAs } from './admission-review.ts';
import type { Webhook } from './webhook-configurations.ts';

export interface SelectionContext {
  /** The namespace's labels, undefined when it does not exist. */
  namespaceLabels: NamespaceLabels;
  /** The same resource served under other versions or groups (matchPolicy Equivalent). */
  equivalentResources: EquivalentResources;
}

/** Called, and as which resource; skipped; or the request fails (namespace missing, a match condition's error). */
export type Selection = { call: true; as: ResourceInfo } | { call: false } | { call: false; error: StatusError };

/**
 * The resource the webhook's rules call it for (the requested one or an equivalent), or
 * undefined when no rule matches; enough for `handles`, before the objects are known.
 */
export function webhookRulesMatch(webhook: Webhook, target: AdmissionTarget, equivalentResources: EquivalentResources): ResourceInfo | undefined {
  const matched = matchedResource(webhook.rules, webhook.matchPolicy, target, () => equivalentResources(target.resource, target.subresource));
  if (!matched) return undefined;
  return matched.as === 'requested' ? target.info : matched.equivalent.info;
}

/** A webhook's conditions see neither params nor, yet, the authorizer. */
const webhookDeclarations: PolicyDeclarations = { params: false, authorizer: false, patchTypes: false };

/** The conditions over the request as the webhook is called for it (kube's VersionedAttributes: objects converted to that version). */
function matchConditionsOf(webhook: Webhook, attributes: AdmissionAttributes, called: ResourceInfo): ConditionsResult {
  if (webhook.matchConditions.length === 0) return { matches: true };
  const viewed = isViewed(attributes);
  const seen = (obj: KubeObject | undefined): KubeObject | undefined => (viewed ? obj : objectAs(obj, attributes.info, called));
  const activation = newPolicyActivation({
    attributes: { ...attributes, oldObject: seen(attributes.oldObject) },
    object: seen(attributes.object),
    params: undefined,
    matchedResource: resourceOf(called),
    matchedKind: viewed ? attributes.kind : kindOf(called),
    namespace: undefined,
    variables: [],
    declarations: webhookDeclarations,
  });
  return evaluateMatchConditions(webhook.matchConditions, activation, webhook.failurePolicy, webhookDeclarations);
}

export function selectWebhook(webhook: Webhook, attributes: AdmissionAttributes, context: SelectionContext): Selection {
  const selected = matchCriteria(webhook, attributes, context.namespaceLabels, () => webhookRulesMatch(webhook, attributes, context.equivalentResources));
  if (!selected.matches) return 'error' in selected ? { call: false, error: selected.error } : { call: false };
  const called = selected.matched;
  const result = matchConditionsOf(webhook, attributes, called);
  if ('error' in result) {
    const { group, resource } = attributes.resource;
    return { call: false, error: newForbidden({ group, resource }, attributes.name, result.error) };
  }
  return result.matches ? { call: true, as: called } : { call: false };
}
