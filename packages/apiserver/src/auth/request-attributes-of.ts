/**
 * The authorization attributes of an HTTP request, as kube-apiserver's RequestInfoFactory
 * derives them: POST create, GET/HEAD get (list without a name, watch with ?watch or the
 * /watch/ prefix), PUT update, PATCH patch, DELETE delete (deletecollection without a name);
 * a request for a namespace names its own namespace; a list or watch whose fieldSelector pins
 * metadata.name has that name (so resourceNames rules can allow a single-object watch).
 * Anything that is not a resource path is a non-resource request: the lower-case method and
 * the path.
 */
import type { NonResourceAttributes, RequestAttributes } from '../rbac/request-attributes.ts';
import type { RequestTarget } from '@dojo/kube-api';
import type { UserInfo } from './user-info.ts';

const verbOfMethod: Record<string, string> = { POST: 'create', GET: 'get', HEAD: 'get', PUT: 'update', PATCH: 'patch', DELETE: 'delete' };

/** `metadata.name=X` (or `==`) as the whole fieldSelector: the name a list or watch is for. */
function nameInFieldSelector(selector: string | null): string {
  const match = selector ? /^metadata\.name==?([^,=!]*)$/.exec(selector.trim()) : null;
  return match?.[1] ?? '';
}

export function requestAttributesOf(user: UserInfo, method: string, pathname: string, query: URLSearchParams, target: RequestTarget): RequestAttributes {
  if (target.type !== 'resource') {
    return { user, verb: method.toLowerCase(), resourceRequest: false, path: pathname } satisfies NonResourceAttributes;
  }
  let verb = verbOfMethod[method] ?? method.toLowerCase();
  let name = target.name ?? '';
  if (verb === 'get' && (target.legacyWatch || query.get('watch') === 'true' || query.get('watch') === '1')) verb = 'watch';
  else if (verb === 'get' && !name) verb = 'list';
  else if (verb === 'delete' && !name) verb = 'deletecollection';
  if ((verb === 'list' || verb === 'watch') && !name) name = nameInFieldSelector(query.get('fieldSelector'));
  const namespace = target.namespace ?? (target.resource === 'namespaces' && target.name ? target.name : '');
  return {
    user,
    verb,
    resourceRequest: true,
    apiGroup: target.group,
    apiVersion: target.version,
    resource: target.resource,
    subresource: target.subresource ?? '',
    namespace,
    name,
  };
}
