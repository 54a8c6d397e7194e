/**
 * Turns a request path into what it addresses, like the apiserver's RequestInfoFactory:
 * /api/v1/namespaces/{ns}/{resource}/{name}/{subresource}, /apis/{group}/{version}/..., the
 * legacy /watch/ prefix, the discovery and OpenAPI documents, the ServiceAccount issuer's OpenID
 * documents, and /debug/requests (the request journal's stream).
 */

export type RequestTarget =
  | {
      type: 'resource';
      group: string;
      version: string;
      namespace?: string | undefined;
      resource: string;
      name?: string;
      subresource?: string;
      legacyWatch: boolean;
    }
  | { type: 'api-versions' }
  | { type: 'api-groups' }
  | { type: 'api-group'; group: string }
  | { type: 'api-resources'; group: string; version: string }
  | { type: 'version' }
  | { type: 'openapi-v3-root' }
  | { type: 'openapi-v3-group'; group: string; version: string }
  /** Any other document under /openapi/v3/ (api, apis, apis/{group}, version...). */
  | { type: 'openapi-v3-document'; path: string }
  | { type: 'openapi-v2' }
  | { type: 'health'; check: string }
  | { type: 'request-journal' }
  | { type: 'openid-configuration' }
  | { type: 'openid-jwks' }
  | { type: 'unknown' };

function segmentsOf(path: string): string[] | undefined {
  try {
    return path
      .split('/')
      .filter((s) => s.length > 0)
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

export function parseRequestPath(pathname: string): RequestTarget {
  const parts = segmentsOf(pathname);
  if (!parts) return { type: 'unknown' };
  const [first, ...rest] = parts;
  if (first === 'version' && rest.length === 0) return { type: 'version' };
  if ((first === 'healthz' || first === 'livez' || first === 'readyz') && rest.length <= 1) return { type: 'health', check: first };
  if (first === 'debug' && rest.length === 1 && rest[0] === 'requests') return { type: 'request-journal' };
  // ServiceAccount issuer discovery (a trailing slash is accepted, as kube's routes do).
  if (first === '.well-known' && rest.length === 1 && rest[0] === 'openid-configuration') return { type: 'openid-configuration' };
  if (first === 'openid' && rest.length === 2 && rest[0] === 'v1' && rest[1] === 'jwks') return { type: 'openid-jwks' };
  if (first === 'openapi') {
    if (rest[0] === 'v2' && rest.length === 1) return { type: 'openapi-v2' };
    if (rest[0] === 'v3') {
      if (rest.length === 1) return { type: 'openapi-v3-root' };
      if (rest[1] === 'api' && rest[2] && rest.length === 3) return { type: 'openapi-v3-group', group: '', version: rest[2] };
      if (rest[1] === 'apis' && rest[2] && rest[3] && rest.length === 4) return { type: 'openapi-v3-group', group: rest[2], version: rest[3] };
      return { type: 'openapi-v3-document', path: rest.slice(1).join('/') };
    }
    return { type: 'unknown' };
  }
  let group: string;
  let version: string;
  let tail: string[];
  if (first === 'api') {
    if (rest.length === 0) return { type: 'api-versions' };
    group = '';
    version = rest[0]!;
    tail = rest.slice(1);
  } else if (first === 'apis') {
    if (rest.length === 0) return { type: 'api-groups' };
    if (rest.length === 1) return { type: 'api-group', group: rest[0]! };
    group = rest[0]!;
    version = rest[1]!;
    tail = rest.slice(2);
  } else return { type: 'unknown' };
  if (tail.length === 0) return { type: 'api-resources', group, version };
  let legacyWatch = false;
  if (tail[0] === 'watch') {
    legacyWatch = true;
    tail = tail.slice(1);
  }
  // /namespaces/{ns}/{resource}/... addresses a namespaced resource; /namespaces/{ns}[/status|/finalize]
  // the namespace itself, exactly as kube-apiserver's RequestInfoFactory decides.
  if (tail[0] === 'namespaces' && tail.length === 3 && (tail[2] === 'status' || tail[2] === 'finalize')) {
    return { type: 'resource', group, version, resource: 'namespaces', name: tail[1]!, subresource: tail[2], legacyWatch };
  }
  if (tail[0] === 'namespaces' && tail.length >= 3) {
    const [, namespace, resource, name, subresource, ...extra] = tail;
    if (extra.length > 0) return { type: 'unknown' };
    const target: RequestTarget = { type: 'resource', group, version, namespace, resource: resource!, legacyWatch };
    if (name !== undefined) target.name = name;
    if (subresource !== undefined) target.subresource = subresource;
    return target;
  }
  const [resource, name, subresource, ...extra] = tail;
  if (extra.length > 0) return { type: 'unknown' };
  const target: RequestTarget = { type: 'resource', group, version, resource: resource!, legacyWatch };
  if (name !== undefined) target.name = name;
  if (subresource !== undefined) target.subresource = subresource;
  return target;
}
