/**
 * One CRUD implementation for every kind (the apiserver's registry/generic/registry/store.go),
 * driven by the stateless per-kind `Strategy` in `ResourceInfo`. Each write runs its
 * read-check-write synchronously against the revisioned store, so preconditions and
 * resourceVersion checks can never race; the reply waits for the durable commit.
 */
import {
  isNotFound,
  newAlreadyExists,
  newBadRequest,
  newConflict,
  newInvalid,
  newNotFound,
  newResourceExpired,
  FieldSelector,
  LabelSelector,
  type KubeList,
  type KubeObject,
} from '@dojo/kube-api';
import type { ListSnapshots } from '../storage/list-snapshot.ts';
import type { RevisionedStore, StoredObject } from '../storage/revisioned-store.ts';
import { defaultFieldManager, type FieldTracker } from './field-tracker.ts';
import { nowTimestamp, prepareMetaForCreate, prepareMetaForUpdate, validateObjectMeta, validateObjectMetaUpdate } from './object-meta.ts';
import type { DeleteOptions, ListOptions, WriteOptions, WriteResult } from './request-options.ts';
import { apiVersionOfInfo, groupResourceOf, type ResourceInfo } from './resource-info.ts';
import { finalizeStrategy, specOf, statusStrategy, type Strategy } from './strategy.ts';
import { decodeContinue, encodeContinue, newContinueExpired } from './continue-token.ts';

export interface Admission {
  /** Rejects writes into missing or terminating namespaces (NamespaceLifecycle). */
  admitCreate(info: ResourceInfo, obj: KubeObject): void;
}

export interface GenericStoreDeps {
  store: RevisionedStore;
  admission: Admission;
  fieldTracker?: FieldTracker;
  /** Lists at past revisions (paging snapshots); without it every page reads the latest state. */
  snapshots?: ListSnapshots;
  now?: () => number;
}

export type Subresource = 'status' | 'finalize' | undefined;

export const storageName = (namespace: string | undefined, name: string): string => (namespace ? `${namespace}/${name}` : name);

function isDeepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class GenericStore {
  private readonly now: () => number;

  constructor(private readonly deps: GenericStoreDeps) {
    this.now = deps.now ?? Date.now;
  }

  private decodeStored(info: ResourceInfo, json: string): KubeObject {
    return info.fromStorage(JSON.parse(json) as KubeObject);
  }

  private render(info: ResourceInfo, obj: KubeObject, rev: number): string {
    obj.metadata.resourceVersion = String(rev);
    return JSON.stringify(info.toStorage(obj));
  }

  get(info: ResourceInfo, namespace: string | undefined, name: string): KubeObject {
    const stored = this.deps.store.get(info.bucket, storageName(namespace, name));
    if (!stored) throw newNotFound(groupResourceOf(info), name);
    return this.decodeStored(info, stored.json);
  }

  /** The latest state including uncommitted writes: the base for read-modify-write. */
  getLatest(info: ResourceInfo, namespace: string | undefined, name: string): KubeObject | undefined {
    const stored = this.deps.store.getLatest(info.bucket, storageName(namespace, name));
    return stored ? this.decodeStored(info, stored.json) : undefined;
  }

  list(info: ResourceInfo, namespace: string | undefined, options: ListOptions): KubeList {
    const revision = this.deps.store.revision;
    const labels = options.labelSelector ? parseSelector(() => LabelSelector.parse(options.labelSelector!)) : undefined;
    const fields = options.fieldSelector ? parseSelector(() => FieldSelector.parse(options.fieldSelector!)) : undefined;
    if (fields) checkSelectableFields(info, fields);
    let listRevision = options.resourceVersionMatch === 'Exact' && options.resourceVersion ? Number(options.resourceVersion) : revision;
    let startAfter: string | undefined;
    if (options.continue) {
      const token = decodeContinue(options.continue);
      listRevision = token.rv < 0 ? revision : token.rv;
      startAfter = token.start;
    }
    const prefix = namespace ? `${namespace}/` : '';
    const pinnedName = fields?.exactValue('metadata.name');
    const items: KubeObject[] = [];
    let nextStart: string | undefined;
    let remaining = 0;
    const limit = options.limit && options.limit > 0 ? options.limit : Infinity;
    const snapshot = this.listAt(info.bucket, prefix, listRevision, startAfter);
    for (const stored of snapshot) {
      if (startAfter !== undefined && stored.name <= startAfter) continue;
      if (pinnedName !== undefined && !stored.name.endsWith(`/${pinnedName}`) && stored.name !== pinnedName) continue;
      if (items.length >= limit) {
        if (nextStart === undefined) nextStart = items[items.length - 1] ? storageName(items[items.length - 1]!.metadata.namespace, items[items.length - 1]!.metadata.name!) : undefined;
        remaining++;
        continue;
      }
      const obj = this.decodeStored(info, stored.json);
      if (labels && !labels.matches(obj.metadata.labels)) continue;
      if (fields && !fields.matches(selectableFieldsOf(info, obj))) continue;
      items.push(obj);
    }
    const metadata: KubeList['metadata'] = { resourceVersion: String(listRevision) };
    if (nextStart !== undefined) {
      metadata.continue = encodeContinue({ rv: listRevision, start: nextStart });
      if (!labels && !fields) metadata.remainingItemCount = remaining;
    }
    return { apiVersion: apiVersionOfInfo(info), kind: info.listKind, metadata, items };
  }

  /** A list at a past revision (a later page, an Exact list), or 410 once it is compacted. */
  private listAt(bucket: string, prefix: string, rev: number, continueFrom: string | undefined): StoredObject[] {
    const listed = rev >= this.deps.store.revision || !this.deps.snapshots ? this.deps.store.list(bucket, prefix) : this.deps.snapshots.listAt(bucket, prefix, rev);
    if (listed) return listed;
    throw continueFrom === undefined ? newResourceExpired('The resourceVersion for the provided list is too old.') : newContinueExpired(continueFrom);
  }

  async create(info: ResourceInfo, namespace: string | undefined, body: KubeObject, options: WriteOptions): Promise<WriteResult<KubeObject>> {
    const obj = body;
    const warnings = [...(info.strategy.warnings?.(obj) ?? []), ...this.decode(info, info.strategy, obj, options)];
    if (info.namespaced) {
      if (obj.metadata.namespace && namespace && obj.metadata.namespace !== namespace) {
        throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
      }
      if (namespace) obj.metadata.namespace = namespace;
    } else if (obj.metadata.namespace === '') delete obj.metadata.namespace;
    const now = this.now();
    prepareMetaForCreate(obj, now);
    if (info.strategy.tracksGeneration) obj.metadata.generation = 1;
    else delete obj.metadata.generation;
    info.strategy.prepareForCreate(obj);
    const errors = [...validateObjectMeta(obj, info.namespaced, info.nameValidation ?? 'subdomain'), ...info.strategy.validate(obj)];
    if (errors.length) throw newInvalid({ group: info.group, kind: info.kind }, obj.metadata.name ?? obj.metadata.generateName ?? '', errors);
    this.deps.admission.admitCreate(info, obj);
    const name = obj.metadata.name!;
    const key = storageName(obj.metadata.namespace, name);
    if (this.deps.store.getLatest(info.bucket, key)) throw newAlreadyExists(groupResourceOf(info), name);
    this.track(info, obj, undefined, options, undefined);
    if (options.dryRun) return { object: obj, code: 201, warnings };
    const written = this.deps.store.put(info.bucket, key, (rev) => this.render(info, obj, rev));
    await written.committed;
    return this.result(info, obj, 201, warnings, written.json);
  }

  /**
   * PUT semantics. `mutate` lets PATCH compute the new object from the latest state inside the
   * same synchronous section, so patches never lose a concurrent write.
   */
  async update(
    info: ResourceInfo,
    namespace: string | undefined,
    name: string,
    newObject: KubeObject | ((current: KubeObject) => KubeObject),
    options: WriteOptions,
    subresource: Subresource = undefined,
  ): Promise<WriteResult<KubeObject>> {
    const strategy =
      subresource === 'status' ? statusStrategy(info.strategy) : subresource === 'finalize' ? finalizeStrategy(info.strategy) : info.strategy;
    const key = storageName(namespace, name);
    const current = this.getLatest(info, namespace, name);
    if (!current) throw newNotFound(groupResourceOf(info), name);
    const obj = typeof newObject === 'function' ? newObject(structuredClone(current)) : newObject;
    if (!obj.metadata || typeof obj.metadata !== 'object') obj.metadata = {};
    if (obj.metadata.name && obj.metadata.name !== name) {
      throw newBadRequest(`the name of the object (${obj.metadata.name}) does not match the name on the URL (${name})`);
    }
    obj.metadata.name = name;
    if (info.namespaced) {
      if (obj.metadata.namespace && obj.metadata.namespace !== namespace) {
        throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
      }
      obj.metadata.namespace = namespace;
    }
    const warnings = [...(strategy.warnings?.(obj) ?? []), ...this.decode(info, strategy, obj, options)];
    const sentVersion = obj.metadata.resourceVersion;
    if (sentVersion) {
      if (sentVersion !== current.metadata.resourceVersion) throw newConflict(groupResourceOf(info), name);
    } else if (!strategy.allowUnconditionalUpdate) {
      throw newInvalid({ group: info.group, kind: info.kind }, name, [
        { type: 'FieldValueInvalid', field: 'metadata.resourceVersion', value: '0x0', detail: 'must be specified for an update' },
      ]);
    }
    prepareMetaForUpdate(obj, current);
    strategy.prepareForUpdate(obj, current);
    if (subresource === undefined && strategy.statusSubresource) {
      if (current.status === undefined) delete obj.status;
      else obj.status = current.status;
    }
    if (strategy.tracksGeneration && subresource === undefined) {
      const changed = !isDeepEqual(specOf(obj), specOf(current)) || (!strategy.statusSubresource && !isDeepEqual(obj.status, current.status));
      obj.metadata.generation = (current.metadata.generation ?? 0) + (changed ? 1 : 0);
    }
    const errors = [
      ...validateObjectMetaUpdate(obj, current, info.namespaced, info.nameValidation ?? 'subdomain'),
      ...strategy.validateUpdate(obj, current),
    ];
    if (errors.length) throw newInvalid({ group: info.group, kind: info.kind }, name, errors);
    this.track(info, obj, current, options, subresource);
    obj.metadata.resourceVersion = current.metadata.resourceVersion;
    if (isDeepEqual(obj, current)) return { object: current, code: 200, warnings };
    if (this.finalizedAway(strategy, obj)) return this.remove(info, key, obj, options, warnings);
    if (options.dryRun) return { object: obj, code: 200, warnings };
    const written = this.deps.store.put(info.bucket, key, (rev) => this.render(info, obj, rev));
    await written.committed;
    return this.result(info, obj, 200, warnings, written.json);
  }

  private result(info: ResourceInfo, object: KubeObject, code: number, warnings: string[], json: string): WriteResult<KubeObject> {
    const result: WriteResult<KubeObject> = { object, code, warnings };
    if (info.version === info.storageVersion && info.wireEqualsStorage !== false) result.json = json;
    return result;
  }

  /** An object being deleted goes away once nothing holds it any more. */
  private finalizedAway(strategy: Strategy, obj: KubeObject): boolean {
    return Boolean(obj.metadata.deletionTimestamp) && !(obj.metadata.finalizers?.length) && !strategy.blocksRemoval?.(obj);
  }

  private async remove(info: ResourceInfo, key: string, obj: KubeObject, options: WriteOptions, warnings: string[]): Promise<WriteResult<KubeObject>> {
    if (options.dryRun) return { object: obj, code: 200, warnings, deleted: true };
    const deleted = this.deps.store.delete(info.bucket, key, (rev) => this.render(info, obj, rev));
    await deleted.committed;
    return { object: obj, code: 200, warnings, deleted: true };
  }

  async delete(info: ResourceInfo, namespace: string | undefined, name: string, options: DeleteOptions): Promise<WriteResult<KubeObject>> {
    const key = storageName(namespace, name);
    const current = this.getLatest(info, namespace, name);
    if (!current) throw newNotFound(groupResourceOf(info), name);
    const pre = options.preconditions;
    if (pre?.uid && pre.uid !== current.metadata.uid) {
      throw newConflict(groupResourceOf(info), name, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${current.metadata.uid ?? ''}`);
    }
    if (pre?.resourceVersion && pre.resourceVersion !== current.metadata.resourceVersion) {
      throw newConflict(
        groupResourceOf(info),
        name,
        `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${current.metadata.resourceVersion ?? ''}`,
      );
    }
    const obj = structuredClone(current);
    const finalizers = new Set(obj.metadata.finalizers ?? []);
    if (options.propagationPolicy === 'Orphan') finalizers.add('orphan');
    if (options.propagationPolicy === 'Foreground') finalizers.add('foregroundDeletion');
    if (options.propagationPolicy === 'Background') {
      finalizers.delete('orphan');
      finalizers.delete('foregroundDeletion');
    }
    const strategy = info.strategy;
    const graceful = finalizers.size > 0 || Boolean(strategy.blocksRemoval?.(obj));
    if (!graceful) return this.remove(info, key, obj, options, []);
    const changedFinalizers = !isDeepEqual([...finalizers].sort(), [...(obj.metadata.finalizers ?? [])].sort());
    if (obj.metadata.deletionTimestamp && !changedFinalizers) return { object: current, code: 200, warnings: [] };
    obj.metadata.finalizers = [...finalizers];
    if (!obj.metadata.deletionTimestamp) {
      obj.metadata.deletionTimestamp = nowTimestamp(this.now());
      obj.metadata.deletionGracePeriodSeconds = 0;
      // kube-apiserver's markAsDeleting: starting deletion is a change controllers filtering on
      // generation (GenerationChangedPredicate) must see.
      if ((obj.metadata.generation ?? 0) > 0) obj.metadata.generation = obj.metadata.generation! + 1;
      strategy.beginDeletion?.(obj);
    }
    if (options.dryRun) return { object: obj, code: 200, warnings: [] };
    const written = this.deps.store.put(info.bucket, key, (rev) => this.render(info, obj, rev));
    await written.committed;
    return { object: obj, code: 200, warnings: [] };
  }

  async deleteCollection(info: ResourceInfo, namespace: string | undefined, listOptions: ListOptions, options: DeleteOptions): Promise<KubeList> {
    const list = this.list(info, namespace, { ...listOptions, limit: undefined, continue: undefined });
    const deleted: KubeObject[] = [];
    for (const item of list.items) {
      try {
        deleted.push((await this.delete(info, item.metadata.namespace, item.metadata.name!, options)).object);
      } catch (err) {
        // Already gone is fine: deletecollection races with other deleters by design.
        if (!isNotFound(err)) throw err;
      }
    }
    return { ...list, items: deleted };
  }

  /** Defaulting/pruning and fieldValidation (Strict fails, Warn warns, Ignore drops silently). */
  private decode(info: ResourceInfo, strategy: Strategy, obj: KubeObject, options: WriteOptions): string[] {
    if (!strategy.decode) return [];
    const { unknownFields } = strategy.decode(obj);
    if (unknownFields.length === 0 || options.fieldValidation === 'Ignore') return [];
    const messages = unknownFields.map((path) => `unknown field "${path.replace(/^\./, '')}"`);
    if (options.fieldValidation === 'Strict') {
      throw newBadRequest(`${info.kind} in version "${info.version}" cannot be handled as a ${info.kind}: strict decoding error: ${messages.join(', ')}`);
    }
    return messages;
  }

  private track(info: ResourceInfo, obj: KubeObject, old: KubeObject | undefined, options: WriteOptions, subresource: Subresource): void {
    const tracker = this.deps.fieldTracker;
    if (!tracker) return;
    tracker.update({
      obj,
      old,
      manager: options.fieldManager ?? defaultFieldManager(options.userAgent),
      apiVersion: apiVersionOfInfo(info),
      subresource,
      time: nowTimestamp(this.now()),
    });
  }
}

function parseSelector<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    throw newBadRequest((err as Error).message);
  }
}

export function selectableFieldsOf(info: ResourceInfo, obj: KubeObject): Record<string, string> {
  return {
    'metadata.name': obj.metadata.name ?? '',
    'metadata.namespace': obj.metadata.namespace ?? '',
    ...info.selectableFields?.(obj),
  };
}

function checkSelectableFields(info: ResourceInfo, selector: FieldSelector): void {
  const probe = selectableFieldsOf(info, { metadata: {} });
  for (const r of selector.requirements) {
    if (!(r.field in probe)) throw newBadRequest(`field label not supported: ${r.field}`);
  }
}
