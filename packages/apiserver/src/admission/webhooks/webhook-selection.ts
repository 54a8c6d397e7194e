/**
 * Whether one webhook is called for one request, in kube's order (generic.Webhook.ShouldCallHook)
 * on the matchers policies share (`../matching/`): namespaceSelector, objectSelector, then
 * `rules` (matchPolicy Equivalent: as the first equivalent resource a rule names), then the
 * selectors' error, then `matchConditions`. Unlike policies, webhooks have no
 * excludeResourceRules or resourceNames, and a selector's error fails the request as the
 * StatusError itself (404 for a namespace that does not exist).
 */
import { newForbidden, type StatusError } from '@dojo/kube-api';
import { isViewed, type AdmissionAttributes, type AdmissionTarget } from '../admission-attributes.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';
import type { EquivalentResources } from '../matching/equivalent-resources.ts';
import { matchCriteria } from '../matching/match-criteria.ts';
import { matchedResource } from '../matching/matched-resource.ts';
import type { NamespaceLabels } from '../matching/selectors.ts';
import { admissionRequest, objectAs } from './admission-review.ts';
import { evaluateMatchConditions } from './match-conditions.ts';
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

/** CEL's `request` (cel.CreateAdmissionRequest): the AdmissionRequest without uid, object, oldObject. */
function celRequest(attributes: AdmissionAttributes, called: ResourceInfo): Record<string, unknown> {
  const { uid: _uid, object: _object, oldObject: _oldObject, ...request } = admissionRequest('', attributes, called);
  return request;
}

export function selectWebhook(webhook: Webhook, attributes: AdmissionAttributes, context: SelectionContext): Selection {
  const selected = matchCriteria(webhook, attributes, context.namespaceLabels, () => webhookRulesMatch(webhook, attributes, context.equivalentResources));
  if (!selected.matches) return 'error' in selected ? { call: false, error: selected.error } : { call: false };
  const called = selected.matched;
  const viewed = isViewed(attributes);
  const result = evaluateMatchConditions(
    webhook.matchConditions,
    {
      object: (viewed ? attributes.object : objectAs(attributes.object, attributes.info, called)) ?? null,
      oldObject: (viewed ? attributes.oldObject : objectAs(attributes.oldObject, attributes.info, called)) ?? null,
      request: celRequest(attributes, called),
    },
    webhook.failurePolicy,
  );
  if ('error' in result) {
    const { group, resource } = attributes.resource;
    return { call: false, error: newForbidden({ group, resource }, attributes.name, result.error) };
  }
  return result.matches ? { call: true, as: called } : { call: false };
}
