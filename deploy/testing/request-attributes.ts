/**
 * What the Kubernetes authorizer sees of an HTTP request (the apiserver's RequestInfoFactory):
 * a resource request becomes verb, API group, resource, subresource, namespace and name; any
 * other path (/api, /apis/GROUP, /openapi/v3, /version) is a non-resource request, which the
 * built-in system:discovery role grants to every authenticated identity.
 */
import type { ApiCall } from '../rbac-check.ts';

export type RequestAttributes = ({ readonly kind: 'resource' } & ApiCall) | { readonly kind: 'nonResource'; readonly verb: string; readonly path: string };

// The namespace's own subresources: /api/v1/namespaces/NAME/status is the Namespace's status.
const namespaceSubresources = new Set(['status', 'finalize']);

function verbOf(method: string, hasName: boolean, watch: boolean): string {
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
      return watch ? 'watch' : hasName ? 'get' : 'list';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return hasName ? 'delete' : 'deletecollection';
    default:
      return method.toLowerCase();
  }
}

export function requestAttributes(method: string, url: string): RequestAttributes {
  const parsed = new URL(url, 'http://localhost');
  const parts = parsed.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const nonResource = { kind: 'nonResource', verb: method.toLowerCase(), path: parsed.pathname } as const;
  let rest: string[];
  let group: string;
  if (parts[0] === 'api' && parts.length >= 2) {
    group = '';
    rest = parts.slice(2);
  } else if (parts[0] === 'apis' && parts.length >= 3) {
    group = parts[1]!;
    rest = parts.slice(3);
  } else {
    return nonResource;
  }
  if (rest.length === 0) return nonResource;

  // The deprecated /watch/ prefix still means watch.
  let watch = ['true', '1'].includes(parsed.searchParams.get('watch') ?? '');
  if (rest[0] === 'watch') {
    watch = true;
    rest = rest.slice(1);
  }
  let namespace: string | undefined;
  if (rest[0] === 'namespaces' && rest.length > 1) {
    namespace = rest[1];
    if (rest.length > 2 && !namespaceSubresources.has(rest[2]!)) rest = rest.slice(2);
  }
  const [resource, pathName, subresource] = rest;
  // A list or watch narrowed to one object by metadata.name is authorized for that name.
  const selected = /(?:^|,)metadata\.name==?([^,]+)/.exec(parsed.searchParams.get('fieldSelector') ?? '')?.[1];
  const name = pathName ?? (method.toUpperCase() === 'GET' ? selected : undefined);
  return {
    kind: 'resource',
    verb: verbOf(method, pathName !== undefined, watch),
    group,
    resource: resource!,
    ...(subresource !== undefined ? { subresource } : {}),
    ...(namespace !== undefined ? { namespace } : {}),
    ...(name !== undefined ? { name } : {}),
  };
}
