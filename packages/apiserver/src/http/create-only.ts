/**
 * Resources that are only ever created and never stored, as kube-apiserver serves the review
 * kinds (TokenReview, SubjectAccessReview, ...) and the `serviceaccounts/token` subresource:
 * POST a request object, get the answer back as 201, nothing persisted; every other verb is
 * 405. The endpoints themselves live with what they answer (auth/reviews/); this is the HTTP
 * edge: decode the body as the endpoint's kind, check its type, call, encode.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { newBadRequest, newMethodNotSupported, newStatusError, type KubeObject } from '@dojo/kube-api';
import type { UserInfo } from '../auth/user-info.ts';
import type { RequestNote } from '../journal/request-note.ts';
import { builtinPatchMeta } from '../patch/builtin-patch-meta.ts';
import { managedFieldsAfterUpdate } from '../patch/update-managed-fields.ts';
import { defaultFieldManager } from '../registry/field-tracker.ts';
import { nowTimestamp } from '../registry/object-meta.ts';
import { groupResourceOf, type ResourceInfo } from '../registry/resource-info.ts';
import { decodeObjectBody, mediaTypeOf, readBody } from './body.ts';
import { kindMismatchError } from './kind-mismatch.ts';
import { mediaOf, negotiateRendering } from './negotiation.ts';
import { strictDecodingFailure, typedDecoder } from '../registry/builtin/typed-decode.ts';
import { messageOf } from './protobuf/envelope.ts';
import { writeOptionsOf } from './query.ts';
import { setWarnings, writeObject } from './responses.ts';

export interface CreateOnlyRequest {
  user: UserInfo;
  /** The URL's namespace (namespaced resources only). */
  namespace?: string;
  /** The URL's object name (a subresource's parent). */
  name?: string;
  body: KubeObject;
  dryRun: boolean;
}

export interface CreateOnlyEndpoint {
  /** The kind posted and answered. */
  apiVersion: string;
  kind: string;
  create(request: CreateOnlyRequest): Promise<{ object: KubeObject; warnings?: string[] }>;
}

/** Which create-only endpoint serves a resource (or one of its subresources), if any. */
export interface CreateOnlyEndpoints {
  endpointOf(info: ResourceInfo, subresource: string | undefined): CreateOnlyEndpoint | undefined;
}

/** go-restful's answer to a method no route serves (kube's review kinds have only POST). */
const methodNotAllowed = () => newStatusError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource', {});

const groupOf = (apiVersion: string): string => (apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '');

function checkTypeMeta(endpoint: CreateOnlyEndpoint, body: Record<string, unknown>): KubeObject {
  // Typed decoding: apiVersion and kind default from the URL; if given they must match.
  if (body.kind === undefined || body.kind === '') body.kind = endpoint.kind;
  if (body.apiVersion === undefined || body.apiVersion === '') body.apiVersion = endpoint.apiVersion;
  if (body.apiVersion !== endpoint.apiVersion) {
    throw newBadRequest(`the API version in the data (${String(body.apiVersion)}) does not match the expected API version (${endpoint.apiVersion})`);
  }
  if (body.kind !== endpoint.kind)
    throw kindMismatchError(endpoint.apiVersion, String(body.kind), { group: groupOf(endpoint.apiVersion), kind: endpoint.kind });
  if (body.metadata === undefined || body.metadata === null) body.metadata = {};
  if (typeof body.metadata !== 'object' || Array.isArray(body.metadata)) throw newBadRequest('metadata must be an object');
  return body as KubeObject;
}

/** kube's EnsureObjectNamespaceMatchesRequestNamespace: fill it in, clear it on cluster scope, or refuse a different one. */
function matchNamespace(obj: KubeObject, namespace: string | undefined): void {
  const given = obj.metadata.namespace ?? '';
  const expected = namespace ?? '';
  if (given === expected) return;
  if (given === '' || expected === '') {
    if (expected) obj.metadata.namespace = expected;
    else delete obj.metadata.namespace;
    return;
  }
  throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
}

/**
 * kube's create handler runs the field manager on every create, stored or not, before the REST
 * Create answers: a review that echoes its request (SubjectAccessReview, TokenReview,
 * TokenRequest) carries the poster's Update entry; one built anew (SelfSubjectReview) does not.
 */
function recordCreator(body: KubeObject, endpoint: CreateOnlyEndpoint, subresource: string | undefined, manager: string): void {
  const entries = managedFieldsAfterUpdate({
    old: undefined,
    new: body,
    manager,
    apiVersion: endpoint.apiVersion,
    time: nowTimestamp(),
    ...(subresource ? { subresource } : {}),
    meta: builtinPatchMeta(endpoint.apiVersion, endpoint.kind),
  });
  if (entries?.length) body.metadata.managedFields = entries;
  else delete body.metadata.managedFields;
}

export async function serveCreateOnly(
  req: IncomingMessage,
  res: ServerResponse,
  endpoint: CreateOnlyEndpoint,
  request: {
    info: ResourceInfo;
    namespace: string | undefined;
    name: string | undefined;
    subresource: string | undefined;
    query: URLSearchParams;
    user: UserInfo;
  },
  note: RequestNote,
): Promise<void> {
  const { info, name, subresource } = request;
  if (req.method !== 'POST') throw methodNotAllowed();
  if (subresource === undefined && name !== undefined) throw newMethodNotSupported(groupResourceOf(info), 'create');
  if (subresource !== undefined && name === undefined) throw methodNotAllowed();
  const kind = { apiVersion: endpoint.apiVersion, kind: endpoint.kind };
  const protobufKind = messageOf(kind.apiVersion, kind.kind) ? kind : undefined;
  const rendering = negotiateRendering(req.headers.accept, protobufKind !== undefined);
  note.verb = 'create';
  const options = writeOptionsOf(request.query, req.headers['user-agent'], 'CreateOptions');
  note.dryRun = options.dryRun;
  const body = checkTypeMeta(endpoint, decodeObjectBody(mediaTypeOf(req), await readBody(req), protobufKind));
  // Decoded into the kind's Go type as kube does: wrong types are 400, unknown fields follow fieldValidation.
  const warnings: string[] = [];
  if (protobufKind) {
    const version = endpoint.apiVersion.split('/').pop()!;
    const unknown = typedDecoder(
      messageOf(kind.apiVersion, kind.kind)!,
      endpoint.kind,
      version,
    )(body).unknownFields.map((path) => `unknown field "${path.replace(/^\./, '')}"`);
    if (unknown.length && options.fieldValidation === 'Strict') throw strictDecodingFailure(endpoint.kind, version, unknown);
    if (options.fieldValidation === 'Warn') warnings.push(...unknown);
  }
  matchNamespace(body, request.namespace);
  recordCreator(body, endpoint, subresource, options.fieldManager ?? defaultFieldManager(options.userAgent));
  const result = await endpoint.create({
    user: request.user,
    ...(request.namespace !== undefined ? { namespace: request.namespace } : {}),
    ...(name !== undefined ? { name } : {}),
    body,
    dryRun: options.dryRun,
  });
  warnings.push(...(result.warnings ?? []));
  if (warnings.length) setWarnings(res, warnings);
  note.object = result.object;
  writeObject(res, 201, { ...result.object, apiVersion: endpoint.apiVersion, kind: endpoint.kind }, mediaOf(rendering));
}
