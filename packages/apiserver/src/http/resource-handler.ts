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
import { decodeObjectBody, mediaTypeOf, parseJsonBody, parseYamlBody, readBody, requireObject } from './body.ts';
import { contentTypeOf, negotiateRendering, type Rendering } from './negotiation.ts';
import type { PatchEngine } from './patch-engine.ts';
import { booleanParam, isParamTrue } from './boolean-param.ts';
import { deleteResponseOf } from './delete-response.ts';
import { awaitResourceVersion } from './fresh-read.ts';
import { deleteOptionsOf, listOptionsOf, writeOptionsOf } from './query.ts';
import type { RequestTarget } from './request-info.ts';
import { setWarnings, writeJson, writeRawJson } from './responses.ts';
import { partialObjectMetadata, toTable, type IncludeObject } from './table.ts';
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

function render(res: ServerResponse, code: number, info: ResourceInfo, rendering: Rendering, query: URLSearchParams, obj: KubeObject, json?: string): void {
  if (json !== undefined && rendering.as === 'object') writeRawJson(res, code, json);
  else if (rendering.as === 'Table') {
    const table = toTable(info, [obj], { version: rendering.version, includeObject: (query.get('includeObject') ?? 'Metadata') as IncludeObject, withColumns: true });
    writeJson(res, code, table, contentTypeOf(rendering));
  } else if (rendering.as === 'PartialObjectMetadata') {
    writeJson(res, code, partialObjectMetadata(obj, rendering.version), contentTypeOf(rendering));
  } else writeJson(res, code, obj);
}

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

  if (method === 'GET' || method === 'HEAD') {
    const rendering = negotiateRendering(req.headers.accept);
    if (target.legacyWatch || isParamTrue(query, 'watch')) {
      serveWatch(req, res, { info, namespace, name, query, rendering }, { store: deps.revisioned, watchCache: deps.watchCache, settings: deps.watchSettings });
      return;
    }
    if (name === undefined) {
      const listOptions = listOptionsOf(query);
      if (!listOptions.continue) await awaitResourceVersion(deps.revisioned, listOptions.resourceVersion, listOptions.resourceVersionMatch);
      const list = deps.store.list(info, namespace, listOptions);
      if (rendering.as === 'Table') {
        const table = toTable(info, list.items, {
          version: rendering.version,
          includeObject: (query.get('includeObject') ?? 'Metadata') as IncludeObject,
          listMeta: list.metadata,
          withColumns: true,
        });
        writeJson(res, 200, table, contentTypeOf(rendering));
      } else if (rendering.as === 'PartialObjectMetadata') {
        writeJson(
          res,
          200,
          { kind: 'PartialObjectMetadataList', apiVersion: `meta.k8s.io/${rendering.version}`, metadata: list.metadata, items: list.items.map((i) => partialObjectMetadata(i, rendering.version)) },
          contentTypeOf(rendering),
        );
      } else writeJson(res, 200, list);
      return;
    }
    await awaitResourceVersion(deps.revisioned, query.get('resourceVersion') ?? undefined, 'NotOlderThan');
    const obj = deps.store.get(info, namespace, name);
    if (subresource === 'scale') writeJson(res, 200, toScale(info, obj));
    else render(res, 200, info, rendering, query, obj);
    return;
  }

  if (method === 'POST') {
    if (name !== undefined) throw newMethodNotSupported(groupResourceOf(info), 'create');
    const options = writeOptionsOf(query, userAgent);
    const body = checkTypeMeta(info, decodeObjectBody(mediaTypeOf(req), await readBody(req)));
    const result = await deps.store.create(info, namespace, body, options);
    setWarnings(res, result.warnings);
    render(res, result.code, info, negotiateRendering(req.headers.accept), query, result.object, result.json);
    return;
  }

  if (method === 'DELETE') {
    const raw = await readBody(req);
    const body = raw.length > 0 ? requireObject(parseJsonBody(raw.toString('utf8'))) : undefined;
    const options = deleteOptionsOf(query, body, userAgent);
    if (name === undefined) {
      const list = await deps.store.deleteCollection(info, namespace, listOptionsOf(query), options);
      writeJson(res, 200, list);
      return;
    }
    if (subresource !== undefined) throw newMethodNotSupported(groupResourceOf(info), 'delete');
    const response = deleteResponseOf(info, await deps.store.delete(info, namespace, name, options));
    writeJson(res, response.code, response.body);
    return;
  }

  if (name === undefined) throw newMethodNotSupported(groupResourceOf(info), method === 'PUT' ? 'update' : 'patch');
  const options = writeOptionsOf(query, userAgent);
  const storeSubresource: Subresource = subresource === 'status' || subresource === 'finalize' ? subresource : undefined;

  if (method === 'PUT') {
    const body = decodeObjectBody(mediaTypeOf(req), await readBody(req));
    if (subresource === 'scale') {
      const result = await writeScale(deps, info, namespace, name, () => body as Partial<Scale>, options);
      writeJson(res, 200, result);
      return;
    }
    const obj = checkTypeMeta(info, body);
    const result = await deps.store.update(info, namespace, name, obj, options, storeSubresource);
    setWarnings(res, result.warnings);
    render(res, result.code, info, negotiateRendering(req.headers.accept), query, result.object, result.json);
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
        render(res, 201, info, negotiateRendering(req.headers.accept), query, result.object);
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
      render(res, result.code, info, negotiateRendering(req.headers.accept), query, result.object, result.json);
      return;
    }
    const patch = parseJsonBody(text);
    if (subresource === 'scale') {
      const result = await writeScale(deps, info, namespace, name, (scale) => deps.patches.patch(patchType, info, scale as unknown as KubeObject, patch) as unknown as Partial<Scale>, options);
      writeJson(res, 200, result);
      return;
    }
    const result = await deps.store.update(info, namespace, name, (latest) => deps.patches.patch(patchType, info, latest, patch), options, storeSubresource);
    setWarnings(res, result.warnings);
    render(res, result.code, info, negotiateRendering(req.headers.accept), query, result.object, result.json);
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
      const replicas = scale.spec?.replicas;
      if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0) {
        throw newInvalid({ group: 'autoscaling', kind: 'Scale' }, name, [fieldError.invalid('spec.replicas', replicas ?? null, 'must be greater than or equal to 0')]);
      }
      return applyScale(info, latest, scale);
    },
    options,
  );
  return toScale(info, result.object);
}
