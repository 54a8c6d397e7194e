/**
 * The one RBAC rule that would allow a refused request, for the journal's record of a 403 (so
 * the console shows the fix beside the refusal): the request's verb, API group and resource
 * (`resource/subresource`, as kube's rules name subresources) or its non-resource URL, and the
 * namespace a Role must hold it in. Names are left out: a Role restricted by resourceNames is
 * rarely what a controller needs, and a `create` cannot be restricted by name at all.
 */
import type { ForbiddenRequest } from '@dojo/console-protocol';
import type { RequestAttributes } from './request-attributes.ts';

export function ruleAllowing(attributes: RequestAttributes): ForbiddenRequest {
  const authorizedAs = attributes.user.name;
  if (!attributes.resourceRequest) return { authorizedAs, verb: attributes.verb, rule: { verbs: [attributes.verb], nonResourceURLs: [attributes.path] } };
  const resource = attributes.subresource ? `${attributes.resource}/${attributes.subresource}` : attributes.resource;
  const rule = { verbs: [attributes.verb], apiGroups: [attributes.apiGroup], resources: [resource] };
  return { authorizedAs, verb: attributes.verb, rule, ...(attributes.namespace ? { namespace: attributes.namespace } : {}) };
}
