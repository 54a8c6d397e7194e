/**
 * The API server's request entry point: authentication, then routing to discovery, OpenAPI,
 * health or a resource. Every failure leaves as a Status object; nothing a client sends can
 * crash the process.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { newStatusError, newUnauthorized } from '@dojo/kube-api';
import type { ResourceRegistry } from '../registry/resource-registry.ts';
import { apiGroup, apiGroupList, apiResourceList, apiVersions } from './discovery.ts';
import { groupVersionDocument, openApiV3Root } from './openapi.ts';
import { openApiV2Body } from './openapi-v2.ts';
import { parseRequestPath } from './request-info.ts';
import { handleResource, type ResourceHandlerDeps } from './resource-handler.ts';
import { writeError, writeJson, writeRawJson } from './responses.ts';
import { kubernetesVersion } from './version.ts';

export interface ApiHandlerDeps extends ResourceHandlerDeps {
  registry: ResourceRegistry;
  token: string;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Endpoints that kube-apiserver's default RBAC opens to unauthenticated clients. */
const publicTargets = new Set(['health', 'version']);

export function createApiHandler(deps: ApiHandlerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const openapiCache = new Map<string, string>();
  deps.registry.onChange(() => openapiCache.clear());
  const documentFor = (group: string, version: string): string => {
    const key = `${group}/${version}`;
    let doc = openapiCache.get(key);
    if (doc === undefined) {
      doc = JSON.stringify(groupVersionDocument(deps.registry, group, version));
      openapiCache.set(key, doc);
    }
    return doc;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'https://127.0.0.1');
    } catch {
      throw newStatusError(400, 'BadRequest', 'malformed request URL');
    }
    const target = parseRequestPath(url.pathname);
    if (!publicTargets.has(target.type) && !tokenMatches(req.headers.authorization, deps.token)) throw newUnauthorized();
    switch (target.type) {
      case 'health':
        res.statusCode = 200;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('ok');
        return;
      case 'version':
        return writeJson(res, 200, kubernetesVersion);
      case 'api-versions':
        return writeJson(res, 200, apiVersions());
      case 'api-groups':
        return writeJson(res, 200, apiGroupList(deps.registry));
      case 'api-group':
        return writeJson(res, 200, apiGroup(deps.registry, target.group));
      case 'api-resources':
        return writeJson(res, 200, apiResourceList(deps.registry, target.group, target.version));
      case 'openapi-v3-root':
        return writeJson(res, 200, openApiV3Root(deps.registry, documentFor));
      case 'openapi-v3-group':
        return writeRawJson(res, 200, documentFor(target.group, target.version));
      case 'openapi-v2': {
        const { contentType, body } = openApiV2Body(req.headers.accept);
        res.statusCode = 200;
        res.setHeader('Content-Type', contentType);
        res.end(body);
        return;
      }
      case 'unknown':
        throw newStatusError(404, 'NotFound', 'the server could not find the requested resource', {});
      case 'resource':
        return handleResource(req, res, target, url, deps);
    }
  };

  return (req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) writeError(res, err, req.headers.accept);
      else res.end();
    });
  };
}
