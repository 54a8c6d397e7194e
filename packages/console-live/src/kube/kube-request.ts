/**
 * What a request to `/api/kube/*` asks of the Kubernetes API, decided once from the parsed URL:
 * the target (kube-apiserver's RequestInfo grammar), the verb, and the canonical path that is
 * forwarded. Every later decision (watch refusal, Secret redaction) reads this, never the
 * client's spelling of the URL, and what is forwarded is rebuilt from the same parts, so
 * `%77atch=1`, `watch=%31`, `/watch/` paths, `..` and `%2F` cannot say one thing to the
 * console and another to the API server.
 */
import { newBadRequest, booleanParam, parseRequestPath, type RequestTarget } from '@dojo/kube-api';

export type KubeVerb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

export type KubeRequest =
  | { kind: 'resource'; verb: KubeVerb; target: Extract<RequestTarget, { type: 'resource' }>; path: string; query: URLSearchParams }
  /** Discovery, OpenAPI and /version: documents about the API, never objects. */
  | { kind: 'document'; path: string; query: URLSearchParams };

const documentTargets = new Set<RequestTarget['type']>([
  'api-versions',
  'api-groups',
  'api-group',
  'api-resources',
  'version',
  'openapi-v3-root',
  'openapi-v3-group',
  'openapi-v3-document',
  'openapi-v2',
]);

const hasControlCharacter = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** Percent-decoded segments; a segment that could move the path (`.`, `..`, an encoded `/`) is refused. */
function segmentsOf(path: string): string[] {
  const raw = path.split('/').slice(1);
  // One trailing slash is harmless ("/api/v1/"); empty segments inside the path are not.
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  return raw.map((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw newBadRequest(`malformed percent-encoding in the path segment "${segment}"`);
    }
    if (decoded === '' || decoded === '.' || decoded === '..' || decoded.includes('/') || hasControlCharacter(decoded)) {
      throw newBadRequest(`the path segment "${segment}" is not allowed in a Kubernetes API path`);
    }
    return decoded;
  });
}

function verbOf(method: string, target: Extract<RequestTarget, { type: 'resource' }>, query: URLSearchParams): KubeVerb {
  switch (method) {
    case 'GET':
      // kube-apiserver reads watch=<anything but 0/false> as a watch, as booleanParam does.
      if (target.legacyWatch || booleanParam(query, 'watch') === true) return 'watch';
      return target.name === undefined ? 'list' : 'get';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    default:
      return target.name === undefined ? 'deletecollection' : 'delete';
  }
}

/** `url` is the request's path and query below `/api/kube`; `method` is one of GET, POST, PUT, PATCH, DELETE. */
export function parseKubeRequest(method: string, url: string): KubeRequest {
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  if (!rawPath.startsWith('/')) throw newBadRequest('only Kubernetes API paths can be proxied');
  const segments = segmentsOf(rawPath);
  const path = `/${segments.map(encodeURIComponent).join('/')}`;
  const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  const search = query.size > 0 ? `?${query.toString()}` : '';
  const target = parseRequestPath(path);
  if (target.type === 'resource') return { kind: 'resource', verb: verbOf(method, target, query), target, path: `${path}${search}`, query };
  if (documentTargets.has(target.type) && method === 'GET') return { kind: 'document', path: `${path}${search}`, query };
  throw newBadRequest(`only Kubernetes API paths can be proxied, not ${path}`);
}

/** Requests about Secrets (core/v1 secrets, any verb, any namespace): every answer is redacted. */
export function isSecretRequest(request: KubeRequest): boolean {
  return request.kind === 'resource' && request.target.group === '' && request.target.resource === 'secrets';
}
