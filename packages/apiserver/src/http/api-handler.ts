/**
 * The API server's request entry point: authentication (a token names its user: the admin, a
 * connected client or a ServiceAccount), authorization (the one place every request is
 * checked, by auth/authorizer.ts; a 403 in kube's words when not allowed), then routing to
 * discovery, OpenAPI, health, the issuer's OpenID documents, the request journal's stream or a
 * resource. Every request is journaled once its answer has left (journal/). Every
 * failure leaves as a Status object; nothing a client sends can crash the process.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { newStatusError, newUnauthorized, parseRequestPath } from '@dojo/kube-api';
import type { Authorizer } from '../auth/authorizer.ts';
import type { ServiceAccountTokens } from '../auth/service-account-tokens.ts';
import { forbidden } from '../auth/forbidden.ts';
import { impersonatedUser } from '../auth/impersonation.ts';
import { requestAttributesOf } from '../auth/request-attributes-of.ts';
import type { UserInfo } from '../auth/user-info.ts';
import type { Authenticator } from '../clients/authenticator.ts';
import { adminUser } from '../clients/client-kubeconfigs.ts';
import { injectRequestFault } from '../client-controls/request-faults-hook.ts';
import type { RequestFaults } from '../client-controls/request-faults.ts';
import { serveJournalStream, type JournalStreamSettings } from '../journal/journal-stream.ts';
import { noteFailure, noteStored, recordRequest } from '../journal/record-request.ts';
import type { RequestJournal } from '../journal/request-journal.ts';
import { RequestNote } from '../journal/request-note.ts';
import type { ResourceRegistry } from '../registry/resource-registry.ts';
import { AggregatedDiscoveryDocuments, serveAggregatedDiscovery } from './aggregated-discovery.ts';
import { apiGroup, apiGroupList, apiResourceList, apiVersions, servesGroup } from './discovery.ts';
import { negotiateAggregatedDiscovery, requirePlainDocumentMedia } from './negotiation.ts';
import { groupVersionDocument, openApiHash, openApiPathOf, openApiV3Root } from './openapi.ts';
import { writeOpenApiDocument } from './openapi-document-response.ts';
import { builtinOpenApiDocuments } from './openapi-builtin.ts';
import { openApiV2Body } from './openapi-v2.ts';
import { handleResource, type ResourceHandlerDeps } from './resource-handler.ts';
import { isMutatingMethod, seatHolderOf, type InflightLimiter } from './inflight-limiter.ts';
import { toStatusError, writeError, writeJson, writeNotFoundPage } from './responses.ts';
import { kubernetesVersion } from './version.ts';

export interface ApiHandlerDeps extends ResourceHandlerDeps {
  registry: ResourceRegistry;
  authenticator: Authenticator;
  authorizer: Authorizer;
  /** ServiceAccount token issuer: its OpenID discovery documents; absent: they are 404. */
  serviceAccountTokens?: ServiceAccountTokens;
  /** The request journal; absent: nothing is journaled and /debug/requests is 404. */
  journal?: RequestJournal;
  journalStream: JournalStreamSettings;
  /** Bounds the requests served at once, per client and in all (429 beyond). */
  inflight: InflightLimiter;
  /** Faults injected into connected clients' requests (`dojo-console client NAME fault`). */
  requestFaults?: RequestFaults;
}

/** Endpoints that kube-apiserver's default RBAC opens to unauthenticated clients. */
const publicTargets = new Set(['health', 'version']);

/** The user of a request without a valid token (kube-apiserver's name for it). */
const anonymous = 'system:anonymous';

const verbOfMethod: Record<string, RequestNote['verb']> = { POST: 'create', PUT: 'update', PATCH: 'patch', DELETE: 'delete' };

export function createApiHandler(deps: ApiHandlerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const openapiCache = new Map<string, string>();
  deps.registry.onChange(() => openapiCache.clear());
  /** The generated document of a group version kube's recorded ones do not describe (a CRD's). */
  const generatedDocument = (group: string, version: string): string => {
    const key = `${group}/${version}`;
    let doc = openapiCache.get(key);
    if (doc === undefined) {
      doc = JSON.stringify(groupVersionDocument(deps.registry, group, version));
      openapiCache.set(key, doc);
    }
    return doc;
  };
  const generatedWithHash = (group: string, version: string) => {
    const text = generatedDocument(group, version);
    return { bytes: text, hash: openApiHash(text) };
  };

  const aggregatedDiscovery = new AggregatedDiscoveryDocuments(deps.registry);

  const handle = async (req: IncomingMessage, res: ServerResponse, note: RequestNote, requester: UserInfo | undefined): Promise<void> => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'https://127.0.0.1');
    } catch {
      throw newStatusError(400, 'BadRequest', 'malformed request URL');
    }
    const target = parseRequestPath(url.pathname);
    note.path = url.pathname;
    note.verb = verbOfMethod[req.method ?? 'GET'] ?? 'get';
    if (!publicTargets.has(target.type) && !requester) throw newUnauthorized();
    // Impersonation follows authentication (kube's filter order); the journal keeps both names.
    const user =
      requester &&
      impersonatedUser(requester, req.headersDistinct, deps.authorizer, (u) =>
        requestAttributesOf(u, req.method ?? 'GET', url.pathname, url.searchParams, target),
      );
    if (user && user !== requester) note.client.impersonatedUser = user.name;
    // kube's order: authentication, then the in-flight bound (max-in-flight / APF), then authorization.
    const seatHolder = seatHolderOf(req, target, url.searchParams, user);
    if (seatHolder !== undefined) res.once('close', deps.inflight.acquire(seatHolder, isMutatingMethod(req.method)));
    // The request journal is the console's own, guarded below; probes are answered to anyone.
    if (user && target.type !== 'request-journal' && target.type !== 'health') {
      const attributes = requestAttributesOf(user, req.method ?? 'GET', url.pathname, url.searchParams, target);
      const decision = deps.authorizer.authorize(attributes);
      if (decision.decision !== 'Allow') {
        note.refused(attributes);
        throw forbidden(attributes, decision.reason);
      }
      // A client without fault rules pays this one map lookup (client-controls/request-faults.ts).
      // Rules are the connected client's, by its name: the user it is authorized as may be a ServiceAccount.
      if (attributes.resourceRequest && deps.requestFaults?.rulesOf(note.client.user))
        await injectRequestFault({ faults: deps.requestFaults, registry: deps.registry, revisioned: deps.revisioned }, attributes, url.searchParams, note);
    }
    switch (target.type) {
      case 'request-journal':
        note.skip = true;
        if (!deps.journal) throw newStatusError(404, 'NotFound', 'the server could not find the requested resource', {});
        if (note.client.user !== adminUser) {
          throw newStatusError(
            403,
            'Forbidden',
            `forbidden: User "${note.client.user}" cannot get path "${url.pathname}": the request journal is served to the admin credential only`,
          );
        }
        return serveJournalStream(req, res, url.searchParams, deps.journal, deps.journalStream);
      case 'health':
        // Probes are answered, not journaled: they would drown every client's requests.
        note.skip = true;
        res.statusCode = 200;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('ok');
        return;
      case 'version':
        return writeJson(res, 200, kubernetesVersion);
      case 'api-versions':
      case 'api-groups': {
        // /api and /apis: the aggregated document for a client that asks for it, else the legacy one.
        const aggregatedMedia = negotiateAggregatedDiscovery(req.headers.accept);
        const root = target.type === 'api-versions' ? 'api' : 'apis';
        if (aggregatedMedia) return serveAggregatedDiscovery(req, res, aggregatedDiscovery, root, aggregatedMedia);
        requirePlainDocumentMedia(req.headers.accept);
        return writeJson(res, 200, root === 'api' ? apiVersions(req.socket.localPort) : apiGroupList(deps.registry));
      }
      case 'api-group':
        // No handler claims an unserved group's paths: kube's mux answers its plain 404 page.
        if (!servesGroup(deps.registry, target.group)) return writeNotFoundPage(res);
        requirePlainDocumentMedia(req.headers.accept);
        return writeJson(res, 200, apiGroup(deps.registry, target.group));
      case 'api-resources':
        if (!servesGroup(deps.registry, target.group)) return writeNotFoundPage(res);
        requirePlainDocumentMedia(req.headers.accept);
        return writeJson(res, 200, apiResourceList(deps.registry, target.group, target.version));
      case 'openapi-v3-root':
        return writeJson(res, 200, openApiV3Root(deps.registry, await builtinOpenApiDocuments(), generatedDocument));
      case 'openapi-v3-group':
        // kube-openapi's handler answers a group version it has no document for with a bare 404.
        if (deps.registry.resourcesFor(target.group, target.version).length === 0) {
          res.statusCode = 404;
          res.end();
          return;
        }
        // A built-in group version is described by kube's own recorded document (openapi-builtin.ts).
        return writeOpenApiDocument(
          req,
          res,
          url,
          (await builtinOpenApiDocuments()).get(openApiPathOf(target.group, target.version)) ?? generatedWithHash(target.group, target.version),
        );
      case 'openapi-v3-document': {
        const recorded = (await builtinOpenApiDocuments()).get(target.path);
        if (recorded === undefined) {
          res.statusCode = 404;
          res.end();
          return;
        }
        return writeOpenApiDocument(req, res, url, recorded);
      }
      case 'openapi-v2': {
        const { contentType, body } = openApiV2Body(req.headers.accept);
        res.statusCode = 200;
        res.setHeader('Content-Type', contentType);
        res.end(body);
        return;
      }
      case 'openid-configuration':
      case 'openid-jwks': {
        const tokens = deps.serviceAccountTokens;
        if (!tokens) throw newStatusError(404, 'NotFound', 'the server could not find the requested resource', {});
        const body = JSON.stringify(
          target.type === 'openid-jwks' ? tokens.jwks() : tokens.openIdConfiguration(`https://${req.headers.host ?? '127.0.0.1'}/openid/v1/jwks`),
        );
        // kube's headers: a JSON document or a JWK set, cacheable for an hour (unlike API answers).
        res.statusCode = 200;
        res.setHeader('Content-Type', target.type === 'openid-jwks' ? 'application/jwk-set+json' : 'application/json');
        res.setHeader('Cache-Control', 'public, max-age=3600');
        res.end(body);
        return;
      }
      case 'unknown':
        // Outside /api and /apis no API handler is registered: the mux's plain 404 page.
        if (!/^\/apis?\//.test(url.pathname)) return writeNotFoundPage(res);
        throw newStatusError(404, 'NotFound', 'the server could not find the requested resource', {});
      case 'resource':
        if (!servesGroup(deps.registry, target.group)) return writeNotFoundPage(res);
        note.path = undefined;
        return handleResource(req, res, target, url, deps, note, user!);
    }
  };

  const journal = deps.journal;
  return (req, res) => {
    const userAgent = req.headers['user-agent'];
    const authentication = deps.authenticator.authenticate(req.headers.authorization);
    const user = authentication?.user;
    // A client authorized as a ServiceAccount is still journaled under its own name.
    const client = { user: authentication?.client ?? user?.name ?? anonymous, ...(userAgent ? { userAgent } : {}) };
    const note = new RequestNote(client, Date.now(), performance.now());
    // A watch journals itself (watch-open, its events, watch-close); everything else is one record.
    if (journal) {
      note.onStored = (obj) => noteStored(journal, note, obj);
      res.once('finish', () => !note.skip && !note.watch && recordRequest(journal, note, res.statusCode, performance.now()));
    }
    handle(req, res, note, user).catch((err: unknown) => {
      if (journal) noteFailure(journal, note, toStatusError(err));
      if (!res.headersSent) writeError(res, err, req.headers.accept);
      else res.end();
    });
  };
}
