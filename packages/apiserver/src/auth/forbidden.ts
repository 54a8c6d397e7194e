/**
 * The 403 kube-apiserver answers a request its authorizers did not allow
 * (endpoints/handlers/responsewriters.ForbiddenStatusError): "<resource> "<name>" is forbidden:
 * User "<user>" cannot <verb> resource "<resource/sub>" in API group "<group>" in the namespace
 * "<ns>"" (or "at the cluster scope", or "cannot <verb> path "<path>""), then ": <reason>" when
 * an authorizer gave one; details name the group, the resource (as kind) and the name.
 */
import { newStatusError, type StatusError } from '@dojo/kube-api';
import type { RequestAttributes } from '../rbac/request-attributes.ts';

function forbiddenMessage(a: RequestAttributes): string {
  const user = JSON.stringify(a.user.name);
  if (!a.resourceRequest) return `User ${user} cannot ${a.verb} path ${JSON.stringify(a.path)}`;
  const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  const scope = a.namespace ? `in the namespace ${JSON.stringify(a.namespace)}` : 'at the cluster scope';
  return `User ${user} cannot ${a.verb} resource ${JSON.stringify(resource)} in API group ${JSON.stringify(a.apiGroup)} ${scope}`;
}

export function forbidden(attributes: RequestAttributes, reason: string): StatusError {
  const why = reason ? `${forbiddenMessage(attributes)}: ${reason}` : forbiddenMessage(attributes);
  if (!attributes.resourceRequest) return newStatusError(403, 'Forbidden', `forbidden: ${why}`, {});
  const { apiGroup: group, resource, name } = attributes;
  const qualified = group ? `${resource}.${group}` : resource;
  const target = name ? `${qualified} ${JSON.stringify(name)}` : qualified;
  return newStatusError(403, 'Forbidden', `${target} is forbidden: ${why}`, { ...(name ? { name } : {}), ...(group ? { group } : {}), kind: resource });
}
