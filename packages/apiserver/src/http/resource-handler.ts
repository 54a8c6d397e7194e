/**
 * The REST verbs on one resource: route the request to the resource's store, its status or
 * finalize store, or its scale storage; decode, call, encode the answer (object, list, Table or
 * Status). No storage logic lives here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  fieldError,
  newBadRequest,
  newInvalid,
  newMethodNotSupported,
  newStatusError,
  type KubeObject,
  booleanParam,
  isParamTrue,
  type RequestTarget,
} from '@dojo/kube-api';
import { deletionWarnings } from '../registry/deletion.ts';
import type { RequestJournal } from '../journal/request-journal.ts';
import type { RequestNote } from '../journal/request-note.ts';
import { defaultFieldManager } from '../registry/field-tracker.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { nowTimestamp } from '../registry/object-meta.ts';
import { apiVersionOfInfo, groupResourceOf, servesStoredJson, type ResourceInfo } from '../registry/resource-info.ts';
import type { ResourceRegistry } from '../registry/resource-registry.ts';
import type { WriteOptions } from '../registry/request-options.ts';
import type { ResourceStorage, ResourceStorages } from '../registry/resource-storage.ts';
import type { Scale, ScaleStorage } from '../registry/scale.ts';
import type { RevisionedStore } from '../storage/revisioned-store.ts';
import type { WatchCache } from '../storage/watch-cache.ts';
import { patchKindOf } from '../patch/patch-types.ts';
import { validatePatchOptions } from '../patch/patch-options.ts';
import { strictJsonPatchErrors } from './json-patch-strict.ts';
import { checkMergePatchBody, decodeObjectBody, mediaTypeOf, parseApplyPatch, parsePatchJson, readBody, readDeleteOptions } from './body.ts';
import { mediaOf, negotiateRendering } from './negotiation.ts';
import { patchedObjectRefused, refuseUnconvertible } from './patch-refusal.ts';
import { messageOf } from './protobuf/envelope.ts';
import { renderList, renderObject, renderStoredList } from './render.ts';
import type { PatchEngine } from './patch-engine.ts';
import type { UserInfo } from '../auth/user-info.ts';
import { serveCreateOnly, type CreateOnlyEndpoints } from './create-only.ts';
import { kindMismatchError } from './kind-mismatch.ts';
import { deleteResponseOf } from './delete-response.ts';
import { awaitResourceVersion } from './fresh-read.ts';
import { deleteOptionsOf, listOptionsOf, writeOptionsOf } from './query.ts';
import { setWarnings, writeObject } from './responses.ts';
import { serveWatch, type WatchSettings } from './watch-handler.ts';
import { servePodLog, type PodLogDeps } from '../logs/pod-log-handler.ts';
import type { ClientControls } from '../client-controls/client-controls.ts';
import { viewListOptions, viewObject } from '../client-controls/view-reads.ts';

export interface ResourceHandlerDeps {
  registry: ResourceRegistry;
  storage: ResourceStorages;
  revisioned: RevisionedStore;
  watchCache: WatchCache;
  watchSettings: WatchSettings;
  patches: PatchEngine;
  journal?: RequestJournal;
  /** The never-stored resources and subresources (reviews, serviceaccounts/token). */
  createOnly?: CreateOnlyEndpoints;
  /** `pods/log`: the Pods and their containers' logs (absent: 404, as on a server without nodes). */
  podLogs?: PodLogDeps;
  /** Connected clients' view controls: held watch events, reads as of a pause or a stale view. */
  clientControls?: ClientControls;
}

type ResourceTarget = Extract<RequestTarget, { type: 'resource' }>;

const notFoundPath = () => newStatusError(404, 'NotFound', 'the server could not find the requested resource', {});

/** What a request addresses: the object through one of its stores, or its Scale. */
type Endpoint = { kind: 'object'; store: GenericStore } | { kind: 'scale'; scale: ScaleStorage };

/** The resource's own store, the status or finalize store, or the scale storage; none: 404. */
function endpointOf(storage: ResourceStorage, subresource: string | undefined): Endpoint | undefined {
  switch (subresource) {
    case undefined:
      return { kind: 'object', store: storage.main };
    case 'status':
      return storage.status && { kind: 'object', store: storage.status };
    case 'finalize':
      return storage.finalize && { kind: 'object', store: storage.finalize };
    case 'scale':
      return storage.scale && { kind: 'scale', scale: storage.scale };
    default:
      return undefined;
  }
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
  if (body.kind !== info.kind) {
    // Custom resources decode as unstructured: no scheme to convert from, only the mismatch.
    if (info.customResource) throw newBadRequest(`the kind in the data (${String(body.kind)}) does not match the expected kind (${info.kind})`);
    throw kindMismatchError(expected, String(body.kind), info);
  }
  if (body.metadata === undefined || body.metadata === null) body.metadata = {};
  if (typeof body.metadata !== 'object' || Array.isArray(body.metadata)) throw newBadRequest('metadata must be an object');
  return body as KubeObject;
}

/** The resourceVersion a write body carries (a PUT's object, a merge patch's metadata). */
function resourceVersionIn(body: unknown): string | undefined {
  const rv = (body as { metadata?: { resourceVersion?: unknown } } | undefined)?.metadata?.resourceVersion;
  return typeof rv === 'string' && rv ? rv : undefined;
}

export async function handleResource(
  req: IncomingMessage,
  res: ServerResponse,
  target: ResourceTarget,
  url: URL,
  deps: ResourceHandlerDeps,
  note: RequestNote,
  user: UserInfo,
): Promise<void> {
  const info = deps.registry.lookup(target.group, target.version, target.resource);
  if (!info) throw notFoundPath();
  if (target.namespace !== undefined && !info.namespaced) throw notFoundPath();
  const namespace = info.namespaced ? target.namespace : undefined;
  const { name, subresource } = target;
  const query = url.searchParams;
  const createOnly = deps.createOnly?.endpointOf(info, subresource);
  if (createOnly) {
    note.addresses(info, namespace, name, subresource);
    return serveCreateOnly(req, res, createOnly, { info, namespace, name, subresource, query, user }, note);
  }
  if (info.createOnly) throw notFoundPath();
  if (subresource === 'log' && info.subresources.log && deps.podLogs && namespace !== undefined && name !== undefined) {
    note.addresses(info, namespace, name, subresource);
    return servePodLog(req, res, { namespace, name, query }, deps.podLogs);
  }
  const method = req.method ?? 'GET';
  const storage = deps.storage.of(info);
  const endpoint = endpointOf(storage, subresource);
  if (!endpoint) throw notFoundPath();
  const userAgent = req.headers['user-agent'];
  note.addresses(info, namespace, name, subresource);
  // kube-apiserver warns on every request to a deprecated version, reads and watches included.
  if (info.deprecationWarning) setWarnings(res, [info.deprecationWarning]);
  // Built-in kinds (and Scale, for any kind) also speak protobuf; custom resources only JSON.
  const kindOfBody = endpoint.kind === 'scale' ? { apiVersion: 'autoscaling/v1', kind: 'Scale' } : { apiVersion: apiVersionOfInfo(info), kind: info.kind };
  const protobufKind = messageOf(kindOfBody.apiVersion, kindOfBody.kind) ? kindOfBody : undefined;
  // Negotiated before anything is written: a 406 must not follow a write.
  const rendering = negotiateRendering(req.headers.accept, protobufKind !== undefined);

  if (method === 'GET' || method === 'HEAD') {
    note.rvSent = query.get('resourceVersion') ?? undefined;
    if (target.legacyWatch || isParamTrue(query, 'watch')) {
      note.watch = true;
      await serveWatch(
        req,
        res,
        { info, namespace, name, query, rendering },
        {
          store: deps.revisioned,
          watchCache: deps.watchCache,
          settings: deps.watchSettings,
          journal: deps.journal,
          client: note.client,
          fault: note.fault,
          controls: deps.clientControls,
        },
      );
      return;
    }
    // A paused client, or one given a stale view, is answered as of an older revision.
    const view = deps.clientControls?.readRevision(note.client.user);
    if (view) note.view = { readsAt: String(view.rev), readReason: view.reason };
    if (name === undefined) {
      note.verb = 'list';
      const listOptions = view ? viewListOptions(listOptionsOf(query), view) : listOptionsOf(query);
      if (!listOptions.continue) await awaitResourceVersion(deps.revisioned, listOptions.resourceVersion, listOptions.resourceVersionMatch);
      if (rendering.as === 'object' && rendering.media === 'json' && servesStoredJson(info)) {
        // The items' stored JSON is their wire form: answered as stored, neither parsed nor re-encoded.
        await renderStoredList(res, info, (note.list = storage.main.listStored(namespace, listOptions)));
      } else await renderList(res, info, rendering, query, (note.list = storage.main.list(namespace, listOptions)));
      return;
    }
    if (view && endpoint.kind === 'object') {
      renderObject(res, 200, info, rendering, query, (note.object = viewObject(deps, info, namespace, name, view)));
      return;
    }
    await awaitResourceVersion(deps.revisioned, query.get('resourceVersion') ?? undefined, 'NotOlderThan');
    if (endpoint.kind === 'scale') writeObject(res, 200, endpoint.scale.get(namespace, name), mediaOf(rendering));
    else renderObject(res, 200, info, rendering, query, (note.object = endpoint.store.get(namespace, name)));
    return;
  }

  if (method === 'POST') {
    if (name !== undefined) throw newMethodNotSupported(groupResourceOf(info), 'create');
    const options = noteWrite(note, writeOptionsOf(query, userAgent, 'CreateOptions'), user);
    const body = checkTypeMeta(info, decodeObjectBody(mediaTypeOf(req), await readBody(req), protobufKind));
    const result = await storage.main.create(namespace, body, options);
    note.object = result.object;
    setWarnings(res, result.warnings);
    renderObject(res, result.code, info, rendering, query, result.object, result.json);
    return;
  }

  if (method === 'DELETE') {
    const options = noteWrite(note, deleteOptionsOf(query, await readDeleteOptions(req), userAgent), user);
    note.rvSent = options.preconditions?.resourceVersion;
    if (name === undefined) {
      // No DELETE route on the collection of a resource without the verb (namespaces): go-restful's 405.
      if (!info.verbs.includes('deletecollection'))
        throw newStatusError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource', {});
      note.verb = 'deletecollection';
      const list = await storage.main.deleteCollection(namespace, listOptionsOf(query), options);
      setWarnings(res, deletionWarnings(options, info.strategy));
      await renderList(res, info, rendering, query, list);
      return;
    }
    if (subresource !== undefined) throw newMethodNotSupported(groupResourceOf(info), 'delete');
    note.current = () => storage.main.getLatest(namespace, name);
    const deleted = await storage.main.delete(namespace, name, options);
    note.object = deleted.object;
    setWarnings(res, deleted.warnings);
    const response = deleteResponseOf(info, deleted);
    writeObject(res, response.code, response.body, mediaOf(rendering));
    return;
  }

  if (name === undefined) throw newMethodNotSupported(groupResourceOf(info), method === 'PUT' ? 'update' : 'patch');
  const options = noteWrite(note, writeOptionsOf(query, userAgent, method === 'PUT' ? 'UpdateOptions' : 'PatchOptions'), user);
  note.current = () => storage.main.getLatest(namespace, name);

  if (method === 'PUT') {
    const body = decodeObjectBody(mediaTypeOf(req), await readBody(req), protobufKind);
    note.rvSent = resourceVersionIn(body);
    if (endpoint.kind === 'scale') {
      const scaled = await endpoint.scale.update(namespace, name, () => body as Partial<Scale>, options);
      note.object = { apiVersion: scaled.apiVersion, kind: scaled.kind, metadata: scaled.metadata };
      writeObject(res, 200, scaled, mediaOf(rendering));
      return;
    }
    const obj = checkTypeMeta(info, body);
    const result = await endpoint.store.update(namespace, name, obj, options);
    note.object = result.object;
    setWarnings(res, result.warnings);
    renderObject(res, result.code, info, rendering, query, result.object, result.json);
    return;
  }

  if (method === 'PATCH') {
    const patchType = patchKindOf(req.headers['content-type'], info.strategicMergePatch || endpoint.kind === 'scale', !info.customResource);
    note.patchType = patchType;
    const force = booleanParam(query, 'force');
    validatePatchOptions({
      apply: patchType === 'apply',
      fieldManager: query.get('fieldManager') ?? undefined,
      force,
      forceText: query.get('force') ?? undefined,
      dryRun: query.getAll('dryRun'),
      fieldValidation: query.get('fieldValidation') ?? undefined,
    });
    const text = (await readBody(req)).toString('utf8');
    if (patchType === 'apply') {
      if (endpoint.kind === 'scale') throw newMethodNotSupported(groupResourceOf(info), 'apply');
      const applied = checkTypeMeta(info, parseApplyPatch(text));
      note.rvSent = resourceVersionIn(applied);
      const manager = options.fieldManager!;
      const time = nowTimestamp();
      const current = endpoint.store.getLatest(namespace, name);
      if (!current) {
        const created = deps.patches.apply({ info, current: undefined, applied, manager, force: force ?? false, time, resetFields: storage.main.resetFields });
        // The patcher's checkName: the configuration must name the object the URL names.
        if (!created.metadata.name) throw newBadRequest(`the name of the object (${name} based on URL) was undeterminable: name must be provided`);
        if (created.metadata.name !== name)
          throw newBadRequest(`the name of the object (${created.metadata.name}) does not match the name on the URL (${name})`);
        const result = await storage.main.create(namespace, created, { ...options, fieldManager: manager, serverSideApply: true });
        note.object = result.object;
        setWarnings(res, result.warnings);
        renderObject(res, 201, info, rendering, query, result.object);
        return;
      }
      const result = await endpoint.store.update(
        namespace,
        name,
        (latest) =>
          deps.patches.apply({ info, current: latest, applied, manager, force: force ?? false, time, subresource, resetFields: endpoint.store.resetFields }),
        { ...options, fieldManager: manager, serverSideApply: true },
      );
      note.object = result.object;
      setWarnings(res, result.warnings);
      renderObject(res, result.code, info, rendering, query, result.object, result.json);
      return;
    }
    const patch = parsePatchJson(text);
    note.rvSent = resourceVersionIn(patch);
    if (endpoint.kind === 'scale') {
      const scaled = await endpoint.scale.update(
        namespace,
        name,
        (scale) => deps.patches.patch(patchType, info, scale as unknown as KubeObject, patch) as unknown as Partial<Scale>,
        options,
      );
      note.object = { apiVersion: scaled.apiVersion, kind: scaled.kind, metadata: scaled.metadata };
      writeObject(res, 200, scaled, mediaOf(rendering));
      return;
    }
    let patched: KubeObject | undefined;
    let strictErrors: string[] = [];
    const result = await endpoint.store
      .update(
        namespace,
        name,
        (latest) => {
          // Inside the update: kube reads the object (a 404 first) before it decodes the patch.
          if (patchType === 'merge') checkMergePatchBody(patch, options.fieldValidation);
          if (patchType === 'json') strictErrors = strictJsonPatchErrors(text, patch, options.fieldValidation);
          patched = deps.patches.patch(patchType, info, latest, patch);
          if (patchType === 'strategic') refuseUnconvertible(messageOf(kindOfBody.apiVersion, kindOfBody.kind), patch, patched);
          if (strictErrors.length && options.fieldValidation === 'Strict') {
            throw newInvalid({ group: '', kind: '' }, '', [
              fieldError.invalid('patch', JSON.stringify(patched), `strict decoding error: ${strictErrors.join(', ')}`),
            ]);
          }
          return patched;
        },
        options,
      )
      .catch((err: unknown) => {
        throw patchedObjectRefused(err, patchType, patch, patched);
      });
    note.object = result.object;
    setWarnings(res, [...strictErrors, ...result.warnings]);
    renderObject(res, result.code, info, rendering, query, result.object, result.json);
    return;
  }
  throw newMethodNotSupported(groupResourceOf(info), method.toLowerCase());
}

/** A write's journal facts: dry run and the field manager the store will record; the store reports what changed. Admission learns who writes. */
function noteWrite<O extends WriteOptions>(note: RequestNote, options: O, user: UserInfo): O {
  options.user = user;
  note.dryRun = options.dryRun;
  note.fieldManager = options.fieldManager ?? defaultFieldManager(options.userAgent);
  options.observer = note;
  return options;
}
