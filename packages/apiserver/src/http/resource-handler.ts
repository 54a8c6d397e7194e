/**
 * The REST verbs on one resource: decode the request, call the generic store, encode the
 * answer (object, list, Table or Status). No storage logic lives here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  fieldError,
  newBadRequest,
  newInvalid,
  newMethodNotSupported,
  newNotFound,
  newStatusError,
  type KubeObject,
} from '@dojo/kube-api';
import type { GenericStore, Subresource } from '../registry/generic-store.ts';
import { nowTimestamp } from '../registry/object-meta.ts';
import { apiVersionOfInfo, groupResourceOf, type ResourceInfo } from '../registry/resource-info.ts';
import type { ResourceRegistry } from '../registry/resource-registry.ts';
import { applyScale, toScale, type Scale } from '../registry/scale.ts';
import type { RevisionedStore } from '../storage/revisioned-store.ts';
import type { WatchCache } from '../storage/watch-cache.ts';
import { patchKindOf } from '../patch/patch-types.ts';
import { validatePatchOptions } from '../patch/patch-options.ts';
import { decodeObjectBody, mediaTypeOf, parseJsonBody, parseYamlBody, readBody, readDeleteOptions, requireObject } from './body.ts';
import { mediaOf, negotiateRendering } from './negotiation.ts';
import { messageOf } from './protobuf/envelope.ts';
import { renderList, renderObject } from './render.ts';
import type { PatchEngine } from './patch-engine.ts';
import { booleanParam, isParamTrue } from './boolean-param.ts';
import { deleteResponseOf } from './delete-response.ts';
import { awaitResourceVersion } from './fresh-read.ts';
import { deleteOptionsOf, listOptionsOf, writeOptionsOf } from './query.ts';
import type { RequestTarget } from './request-info.ts';
import { setWarnings, writeObject } from './responses.ts';
import { serveWatch, type WatchSettings } from './watch-handler.ts';

export interface ResourceHandlerDeps {
  registry: ResourceRegistry;
  store: GenericStore;
  revisioned: RevisionedStore;
  watchCache: WatchCache;
  watchSettings: WatchSettings;
  patches: PatchEngine;
}

type ResourceTarget = Extract<RequestTarget, { type: 'resource' }>;

const notFoundPath = () => newStatusError(404, 'NotFound', 'the server could not find the requested resource', {});

/** Checks apiVersion/kind of a body against the resource it is sent to. */
function checkTypeMeta(info: ResourceInfo, body: Record<string, unknown>): KubeObject {
  const expected = apiVersionOfInfo(info);
  // Built-in kinds are decoded into typed structs whose apiVersion/kind default from the URL;
  // custom resources are decoded as unstructured and must name both.
  const typed = info.strategicMergePatch;
  if (typed) {
    if (body.kind === undefined || body.kind === '') body.kind = info.kind;
    if (body.apiVersion === undefined || body.apiVersion === '') body.apiVersion = expected;
  }
  if (body.kind === undefined || body.kind === '') {
    throw newBadRequest(`Object 'Kind' is missing in '${JSON.stringify(body).slice(0, 1024)}'`);
  }
  if (body.apiVersion === undefined || body.apiVersion === '') {
    throw newBadRequest(`Object 'apiVersion' is missing in '${JSON.stringify(body).slice(0, 1024)}'`);
  }
  if (body.apiVersion !== expected) {
    throw newBadRequest(`the API version in the data (${String(body.apiVersion)}) does not match the expected API version (${expected})`);
  }
  if (body.kind !== info.kind) throw newBadRequest(`the kind in the data (${String(body.kind)}) does not match the expected kind (${info.kind})`);
  if (body.metadata === undefined || body.metadata === null) body.metadata = {};
  if (typeof body.metadata !== 'object' || Array.isArray(body.metadata)) throw newBadRequest('metadata must be an object');
  return body as KubeObject;
}

export async function handleResource(req: IncomingMessage, res: ServerResponse, target: ResourceTarget, url: URL, deps: ResourceHandlerDeps): Promise<void> {
  const info = deps.registry.lookup(target.group, target.version, target.resource);
  if (!info) throw notFoundPath();
  if (target.namespace !== undefined && !info.namespaced) throw notFoundPath();
  const namespace = info.namespaced ? target.namespace : undefined;
  const { name, subresource } = target;
  const query = url.searchParams;
  const method = req.method ?? 'GET';
  if (subresource !== undefined) {
    const supported =
      (subresource === 'status' && info.statusSubresource) || (subresource === 'scale' && info.scale) || (subresource === 'finalize' && info.finalizeSubresource);
    if (!supported) throw notFoundPath();
  }
  const userAgent = req.headers['user-agent'];
  // kube-apiserver warns on every request to a deprecated version, reads and watches included.
  if (info.deprecationWarning) setWarnings(res, [info.deprecationWarning]);
  // Built-in kinds (and Scale, for any kind) also speak protobuf; custom resources only JSON.
  const kindOfBody = subresource === 'scale' ? { apiVersion: 'autoscaling/v1', kind: 'Scale' } : { apiVersion: apiVersionOfInfo(info), kind: info.kind };
  const protobufKind = messageOf(kindOfBody.apiVersion, kindOfBody.kind) ? kindOfBody : undefined;
  // Negotiated before anything is written: a 406 must not follow a write.
  const rendering = negotiateRendering(req.headers.accept, protobufKind !== undefined);

  if (method === 'GET' || method === 'HEAD') {
    if (target.legacyWatch || isParamTrue(query, 'watch')) {
      serveWatch(req, res, { info, namespace, name, query, rendering }, { store: deps.revisioned, watchCache: deps.watchCache, settings: deps.watchSettings });
      return;
    }
    if (name === undefined) {
      const listOptions = listOptionsOf(query);
      if (!listOptions.continue) await awaitResourceVersion(deps.revisioned, listOptions.resourceVersion, listOptions.resourceVersionMatch);
      const list = deps.store.list(info, namespace, listOptions);
      renderList(res, info, rendering, query, list);
      return;
    }
    await awaitResourceVersion(deps.revisioned, query.get('resourceVersion') ?? undefined, 'NotOlderThan');
    const obj = deps.store.get(info, namespace, name);
    if (subresource === 'scale') writeObject(res, 200, toScale(info, obj), mediaOf(rendering));
    else renderObject(res, 200, info, rendering, query, obj);
    return;
  }

  if (method === 'POST') {
    if (name !== undefined) throw newMethodNotSupported(groupResourceOf(info), 'create');
    const options = writeOptionsOf(query, userAgent);
    const body = checkTypeMeta(info, decodeObjectBody(mediaTypeOf(req), await readBody(req), protobufKind));
    const result = await deps.store.create(info, namespace, body, options);
    setWarnings(res, result.warnings);
    renderObject(res, result.code, info, rendering, query, result.object, result.json);
    return;
  }

  if (method === 'DELETE') {
    const options = deleteOptionsOf(query, await readDeleteOptions(req), userAgent);
    if (name === undefined) {
      const list = await deps.store.deleteCollection(info, namespace, listOptionsOf(query), options);
      renderList(res, info, rendering, query, list);
      return;
    }
    if (subresource !== undefined) throw newMethodNotSupported(groupResourceOf(info), 'delete');
    const response = deleteResponseOf(info, await deps.store.delete(info, namespace, name, options));
    writeObject(res, response.code, response.body, mediaOf(rendering));
    return;
  }

  if (name === undefined) throw newMethodNotSupported(groupResourceOf(info), method === 'PUT' ? 'update' : 'patch');
  const options = writeOptionsOf(query, userAgent);
  const storeSubresource: Subresource = subresource === 'status' || subresource === 'finalize' ? subresource : undefined;

  if (method === 'PUT') {
    const body = decodeObjectBody(mediaTypeOf(req), await readBody(req), protobufKind);
    if (subresource === 'scale') {
      const result = await writeScale(deps, info, namespace, name, () => body as Partial<Scale>, options);
      writeObject(res, 200, result, mediaOf(rendering));
      return;
    }
    const obj = checkTypeMeta(info, body);
    const result = await deps.store.update(info, namespace, name, obj, options, storeSubresource);
    setWarnings(res, result.warnings);
    renderObject(res, result.code, info, rendering, query, result.object, result.json);
    return;
  }

  if (method === 'PATCH') {
    const patchType = patchKindOf(req.headers['content-type'], info.strategicMergePatch || subresource === 'scale');
    const force = booleanParam(query, 'force');
    validatePatchOptions({
      apply: patchType === 'apply',
      fieldManager: query.get('fieldManager') ?? undefined,
      force,
      dryRun: query.getAll('dryRun'),
      fieldValidation: query.get('fieldValidation') ?? undefined,
    });
    const text = (await readBody(req)).toString('utf8');
    if (patchType === 'apply') {
      if (subresource === 'scale') throw newMethodNotSupported(groupResourceOf(info), 'apply');
      const applied = checkTypeMeta(info, requireObject(parseYamlBody(text)));
      const manager = options.fieldManager!;
      const time = nowTimestamp();
      const current = deps.store.getLatest(info, namespace, name);
      if (!current) {
        applied.metadata.name ??= name;
        const created = deps.patches.apply({ info, current: undefined, applied, manager, force: force ?? false, time });
        const result = await deps.store.create(info, namespace, created, { ...options, fieldManager: manager });
        setWarnings(res, result.warnings);
        renderObject(res, 201, info, rendering, query, result.object);
        return;
      }
      const result = await deps.store.update(
        info,
        namespace,
        name,
        (latest) => deps.patches.apply({ info, current: latest, applied, manager, force: force ?? false, time }),
        { ...options, fieldManager: manager },
        storeSubresource,
      );
      setWarnings(res, result.warnings);
      renderObject(res, result.code, info, rendering, query, result.object, result.json);
      return;
    }
    const patch = parseJsonBody(text);
    if (subresource === 'scale') {
      const result = await writeScale(deps, info, namespace, name, (scale) => deps.patches.patch(patchType, info, scale as unknown as KubeObject, patch) as unknown as Partial<Scale>, options);
      writeObject(res, 200, result, mediaOf(rendering));
      return;
    }
    const result = await deps.store.update(info, namespace, name, (latest) => deps.patches.patch(patchType, info, latest, patch), options, storeSubresource);
    setWarnings(res, result.warnings);
    renderObject(res, result.code, info, rendering, query, result.object, result.json);
    return;
  }
  throw newMethodNotSupported(groupResourceOf(info), method.toLowerCase());
}

async function writeScale(
  deps: ResourceHandlerDeps,
  info: ResourceInfo,
  namespace: string | undefined,
  name: string,
  nextScale: (current: Scale) => Partial<Scale>,
  options: ReturnType<typeof writeOptionsOf>,
): Promise<Scale> {
  if (!deps.store.getLatest(info, namespace, name)) throw newNotFound(groupResourceOf(info), name);
  const result = await deps.store.update(
    info,
    namespace,
    name,
    (latest) => {
      const scale = nextScale(toScale(info, latest));
      // Scale's spec.replicas is a plain int32: absent means 0 (a protobuf Scale of 0 carries none).
      const replicas = scale.spec?.replicas ?? 0;
      if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0) {
        throw newInvalid({ group: 'autoscaling', kind: 'Scale' }, name, [fieldError.invalid('spec.replicas', replicas ?? null, 'must be greater than or equal to 0')]);
      }
      return applyScale(info, latest, scale);
    },
    options,
  );
  return toScale(info, result.object);
}
