/**
 * Whether one webhook is called for one request, in kube's order (generic.Webhook.ShouldCallHook):
 * rules (with matchPolicy Equivalent), then namespaceSelector against the namespace's labels,
 * objectSelector against the new or the old object's labels, then matchConditions. A selector's
 * error (the namespace does not exist) only counts once the rules match.
 */
import { LabelSelector, newForbidden, newNotFound, type StatusError } from '@dojo/kube-api';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';
import { admissionRequest, objectAs } from './admission-review.ts';
import { evaluateMatchConditions } from './match-conditions.ts';
import type { Webhook } from './webhook-configurations.ts';
import { matchRules } from './webhook-rules.ts';

export interface SelectionContext {
  /** The namespace's labels, undefined when it does not exist. */
  namespaceLabels(name: string): Record<string, string> | undefined;
  /** The same resource served under other versions or groups (matchPolicy Equivalent). */
  equivalentResources(info: ResourceInfo): readonly ResourceInfo[];
}

/** Called, and as which resource; skipped; or the request fails (namespace missing, a match condition's error). */
export type Selection = { call: true; as: ResourceInfo } | { call: false } | { call: false; error: StatusError };

function isNamespaces(info: ResourceInfo): boolean {
  return info.group === '' && info.resource === 'namespaces';
}

function namespaceMatches(webhook: Webhook, attributes: AdmissionAttributes, context: SelectionContext): boolean | StatusError {
  if (attributes.namespace === '' && !isNamespaces(attributes.info)) return true;
  const selector = LabelSelector.fromObject(webhook.namespaceSelector);
  if (selector.isEmpty()) return true;
  // A namespace's own create or update is judged by the labels it is given.
  if (isNamespaces(attributes.info) && attributes.subresource === '' && (attributes.operation === 'CREATE' || attributes.operation === 'UPDATE')) {
    return selector.matches(attributes.object?.metadata.labels);
  }
  const labels = context.namespaceLabels(attributes.namespace);
  if (labels === undefined) return newNotFound({ group: '', resource: 'namespaces' }, attributes.namespace);
  return selector.matches(labels);
}

function objectMatches(webhook: Webhook, attributes: AdmissionAttributes): boolean {
  const selector = LabelSelector.fromObject(webhook.objectSelector);
  if (selector.isEmpty()) return true;
  return [attributes.object, attributes.oldObject].some((obj) => obj !== undefined && selector.matches(obj.metadata.labels));
}

/** CEL's `request` (cel.CreateAdmissionRequest): the AdmissionRequest without uid, object, oldObject. */
function celRequest(attributes: AdmissionAttributes, called: ResourceInfo): Record<string, unknown> {
  const { uid: _uid, object: _object, oldObject: _oldObject, ...request } = admissionRequest('', attributes, called);
  return request;
}

export function selectWebhook(webhook: Webhook, attributes: AdmissionAttributes, context: SelectionContext): Selection {
  const namespace = namespaceMatches(webhook, attributes, context);
  if (namespace === false) return { call: false };
  if (!objectMatches(webhook, attributes)) return { call: false };
  const matched = matchRules(webhook, attributes, () => context.equivalentResources(attributes.info));
  if (!matched) return { call: false };
  if (namespace !== true) return { call: false, error: namespace };
  const result = evaluateMatchConditions(
    webhook.matchConditions,
    {
      object: (attributes.kind ? attributes.object : objectAs(attributes.object, attributes.info, matched.info)) ?? null,
      oldObject: (attributes.kind ? attributes.oldObject : objectAs(attributes.oldObject, attributes.info, matched.info)) ?? null,
      request: celRequest(attributes, matched.info),
    },
    webhook.failurePolicy,
  );
  if ('error' in result) {
    const { group, resource } = attributes.info;
    return { call: false, error: newForbidden({ group, resource }, attributes.name, result.error) };
  }
  return result.matches ? { call: true, as: matched.info } : { call: false };
}
