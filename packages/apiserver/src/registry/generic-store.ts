/**
 * One CRUD implementation for every kind (the apiserver's registry/generic/registry/store.go),
 * driven by stateless strategies. A store serves one resource with one create, update and
 * delete strategy; `/status` and `/finalize` are the same store with another update strategy
 * (resource-storage.ts), so nothing here knows which endpoint it serves. Each write runs its
 * read-check-write synchronously against the revisioned store, so preconditions and
 * resourceVersion checks can never race; the reply waits for the durable commit.
 *
 * A write some admission webhook could be called for takes the awaiting path instead
 * (admission/async-admission.ts explains the order): it checks, once the calls come back, that
 * the stored object is the one it started from, and starts again from the new state when not,
 * as kube's GuaranteedUpdate retries its tryUpdate. Every other write never awaits before its
 * synchronous section, exactly as before webhooks existed.
 */
import {
  StatusError,
  deepCopy,
  fieldError,
  isNotFound,
  jsonEqual,
  newAlreadyExists,
  newBadRequest,
  newConflict,
  newInternalError,
  newInvalid,
  newNotFound,
  newRequestEntityTooLarge,
  semanticEqual,
  uniqueFieldErrors,
  type FieldError,
  type KubeList,
  type KubeObject,
} from '@dojo/kube-api';
import { checkMetadataTypes, goDecodeErrorOf, strictDecodingFailure } from './builtin/typed-decode.ts';
import type { Admission } from './admission.ts';
import type { AdmissionOperation, AdmissionView } from '../admission/admission-attributes.ts';
import type { AsyncAdmission } from '../admission/async-admission.ts';
import { admissionAttributes, admissionTarget, requestNamespace } from '../admission/store-admission.ts';
import { deletionWarnings, planDeletion } from './deletion.ts';
import { defaultFieldManager, specResetFields, statusResetFields, type FieldTracker, type ResetFields } from './field-tracker.ts';
import { listObjects, listStoredObjects, storageName, type ListSource, type StoredList } from './list.ts';
import {
  nowTimestamp,
  prepareMetaForCreate,
  prepareMetaForUpdate,
  validateObjectMeta,
  validateObjectMetaAccessorUpdate,
  validateObjectMetaUpdate,
} from './object-meta.ts';
import type { DeleteOptions, ListOptions, WriteOptions, WriteResult } from './request-options.ts';
import { apiVersionOfInfo, groupResourceOf, invalidGroupKindOf, servesStoredJson, type ResourceInfo } from './resource-info.ts';
import type { CreateStrategy, DeleteStrategy, UpdateStrategy } from './strategy.ts';

/** The revisioned store and, for paging, its snapshots at past revisions (list.ts). */
export interface GenericStoreDeps extends ListSource {
  admission: Admission;
  /** Admission that calls out (webhooks): awaited only for writes it says it handles. */
  asyncAdmission?: AsyncAdmission;
  fieldTracker?: FieldTracker;
  now?: () => number;
}

/** The strategies of one store, as kube-apiserver's Store has Create/Update/DeleteStrategy. */
export interface StoreStrategies {
  create: CreateStrategy;
  update: UpdateStrategy;
  delete: DeleteStrategy;
}

/**
 * The largest object the store keeps, as stored JSON. kube's etcd refuses requests over
 * 1.5 MiB; ours is the request body limit plus room for metadata, so whatever a client may
 * send can be stored, and nothing a patch grows can exhaust memory or disk.
 */
export const maxStoredObjectBytes = 4 * 1024 * 1024;

export class GenericStore {
  private readonly now: () => number;

  /**
   * `fieldsSubresource` only labels this store's writes in managedFields (an entry owned
   * "with subresource status"); what a write may do comes from the strategies alone.
   */
  constructor(
    private readonly deps: GenericStoreDeps,
    readonly info: ResourceInfo,
    private readonly strategies: StoreStrategies = { create: info.strategy, update: info.strategy, delete: info.strategy },
    private readonly fieldsSubresource?: string,
    /** What webhooks are sent for this endpoint when it serves another kind (`/scale`). */
    private readonly admissionView?: AdmissionView,
  ) {
    this.now = deps.now ?? Date.now;
  }

  /** The same store with another update strategy: how a status or finalize endpoint is served. */
  withUpdateStrategy(update: UpdateStrategy, fieldsSubresource: string): GenericStore {
    return new GenericStore(this.deps, this.info, { ...this.strategies, update }, fieldsSubresource);
  }

  /** The same store, its writes shown to webhooks as `view` (the scale subresource's Scale). */
  withAdmissionView(view: AdmissionView): GenericStore {
    return new GenericStore(this.deps, this.info, this.strategies, this.fieldsSubresource, view);
  }

  private decodeStored(json: string): KubeObject {
    return this.info.fromStorage(JSON.parse(json) as KubeObject);
  }

  private render(obj: KubeObject, rev: number): string {
    obj.metadata.resourceVersion = String(rev);
    const json = JSON.stringify(this.info.toStorage(obj));
    if (json.length > maxStoredObjectBytes)
      throw newRequestEntityTooLarge(`the object would be ${json.length} bytes, over the limit of ${maxStoredObjectBytes}`);
    return json;
  }

  get(namespace: string | undefined, name: string): KubeObject {
    const stored = this.deps.store.get(this.info.bucket, storageName(namespace, name));
    if (!stored) throw newNotFound(groupResourceOf(this.info), name);
    return this.decodeStored(stored.json);
  }

  /** The latest state including uncommitted writes: the base for read-modify-write. */
  getLatest(namespace: string | undefined, name: string): KubeObject | undefined {
    const stored = this.deps.store.getLatest(this.info.bucket, storageName(namespace, name));
    return stored ? this.decodeStored(stored.json) : undefined;
  }

  list(namespace: string | undefined, options: ListOptions): KubeList {
    return listObjects(this.deps, this.info, namespace, options, (json) => this.decodeStored(json));
  }

  /** The list with its items as stored: for answering in the stored JSON (encodeStoredList). */
  listStored(namespace: string | undefined, options: ListOptions): StoredList {
    return listStoredObjects(this.deps, this.info, namespace, options, (json) => this.decodeStored(json));
  }

  /** Order: decode -> prepare -> validate (metadata, then the kind's rules) -> admission -> write. */
  async create(namespace: string | undefined, body: KubeObject, options: WriteOptions): Promise<WriteResult<KubeObject>> {
    const warnings = this.decode(this.strategies.create, body, options);
    const name = body.metadata.name ?? '';
    const admission = this.asyncAdmissionFor('CREATE', requestNamespace(this.info, namespace ?? body.metadata.namespace, name, 'CREATE'));
    if (admission) return withWarnings(warnings, () => this.createAdmitted(namespace, body, options, warnings, admission));
    return withWarnings(warnings, () => this.createDecoded(namespace, body, options, warnings));
  }

  /** The asynchronous admission step, when it handles this request (`/scale` only with its Scale view). */
  private asyncAdmissionFor(operation: AdmissionOperation, namespace: string): AsyncAdmission | undefined {
    const admission = this.deps.asyncAdmission;
    if (!admission || (this.fieldsSubresource === 'scale' && !this.admissionView)) return undefined;
    return admission.handles(admissionTarget(this.info, this.fieldsSubresource ?? '', operation, namespace)) ? admission : undefined;
  }

  private async createDecoded(namespace: string | undefined, obj: KubeObject, options: WriteOptions, warnings: string[]): Promise<WriteResult<KubeObject>> {
    this.placeForCreate(namespace, obj);
    prepareMetaForCreate(obj, this.now());
    const tracked = this.defaultForCreate(obj, options);
    this.prepareAndValidateCreate(obj, options, tracked);
    return this.writeCreated(obj, options, warnings);
  }

  /**
   * kube's create handler: mutating admission after the field manager, before the strategy
   * (so webhooks see no uid, and no name yet for generateName); validating admission after
   * validation. AlreadyExists is checked when the write is made, after the calls.
   */
  private async createAdmitted(
    namespace: string | undefined,
    obj: KubeObject,
    options: WriteOptions,
    warnings: string[],
    admission: AsyncAdmission,
  ): Promise<WriteResult<KubeObject>> {
    this.placeForCreate(namespace, obj);
    // kube's create handler updates managedFields before mutating admission: what a webhook adds belongs to no manager.
    if (!this.defaultForCreate(obj, options)) this.track(obj, undefined, options);
    const target = admissionTarget(this.info, this.fieldsSubresource ?? '', 'CREATE', requestNamespace(this.info, obj.metadata.namespace, '', 'CREATE'));
    // kube's built-in mutating plugins come before MutatingAdmissionWebhook in its chain.
    this.deps.admission.mutateCreate?.(this.info, obj, options);
    const mutated = await admission.admit(admissionAttributes(target, obj.metadata.name ?? '', obj, undefined, options));
    warnings.push(...mutated.warnings);
    const admitted = mutated.changed ? this.decodeMutated(mutated.object!) : mutated.object!;
    // A webhook's change makes kube run the mutating chain again (its reinvoker), built-in plugins included.
    if (mutated.changed) this.deps.admission.mutateCreate?.(this.info, admitted, options);
    // A patch may have moved the object to another namespace: kube's BeforeCreate refuses that.
    this.placeForCreate(namespace, admitted);
    prepareMetaForCreate(admitted, this.now());
    this.prepareAndValidateCreate(admitted, options, true, true);
    const validated = await admission.validate(admissionAttributes(target, admitted.metadata.name ?? '', admitted, undefined, options));
    warnings.push(...validated.warnings);
    return this.writeCreated(admitted, options, warnings);
  }

  /**
   * A webhook's patch is decoded into the kind again and defaulted, as kube decodes the patched
   * JSON into its Go type and runs the defaulter; a value of the wrong type is kube's InternalError.
   * A custom resource is defaulted and pruned by its schema again (apiextensions prunes what
   * mutating webhooks add, silently).
   */
  private decodeMutated(obj: KubeObject): KubeObject {
    if (!this.info.typedDecode && this.info.customResource) {
      this.strategies.create.decode?.(obj, { serverSideApply: false });
      return obj;
    }
    try {
      this.info.typedDecode?.(obj);
    } catch (err) {
      // The decoder's own words, as kube's NewInternalError(err) shows them.
      const goError = goDecodeErrorOf(err);
      if (goError !== undefined) throw newInternalError(new Error(goError));
      throw err;
    }
    this.strategies.create.applyDefaults?.(obj);
    return obj;
  }

  private placeForCreate(namespace: string | undefined, obj: KubeObject): void {
    if (this.info.namespaced) {
      if (obj.metadata.namespace && namespace && obj.metadata.namespace !== namespace) {
        throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
      }
      if (namespace) obj.metadata.namespace = namespace;
    } else if (obj.metadata.namespace === '') delete obj.metadata.namespace;
  }

  /** kube's order: the field manager sees the defaulted request, before PrepareForCreate. True when it has. */
  private defaultForCreate(obj: KubeObject, options: WriteOptions): boolean {
    const strategy = this.strategies.create;
    if (strategy.applyDefaults === undefined) return false;
    strategy.applyDefaults(obj);
    this.track(obj, undefined, options);
    return true;
  }

  private prepareAndValidateCreate(obj: KubeObject, options: WriteOptions, tracksBeforePrepare: boolean, mutatedAlready = false): void {
    const { info } = this;
    const strategy = this.strategies.create;
    strategy.prepareForCreate(obj);
    const errors = this.validationErrors([...validateObjectMeta(obj, info.namespaced, info.nameValidation ?? 'subdomain'), ...strategy.validate(obj)]);
    if (errors.length) throw newInvalid(invalidGroupKindOf(info), obj.metadata.name ?? obj.metadata.generateName ?? '', errors);
    // kube's create handler updates managedFields before admission runs: what a mutating plugin
    // adds (a protection finalizer, a node taint) belongs to no manager.
    if (!tracksBeforePrepare) this.track(obj, undefined, options);
    // Built-in mutations ran before the webhooks when some were called (createAdmitted).
    if (!mutatedAlready) this.deps.admission.mutateCreate?.(info, obj, options);
    this.deps.admission.admitCreate?.(info, obj, options);
  }

  private async writeCreated(obj: KubeObject, options: WriteOptions, warnings: string[]): Promise<WriteResult<KubeObject>> {
    const { info } = this;
    const name = obj.metadata.name!;
    const key = storageName(obj.metadata.namespace, name);
    if (this.deps.store.getLatest(info.bucket, key)) throw newAlreadyExists(groupResourceOf(info), name);
    if (options.dryRun) return { object: this.asStored(obj), code: 201, warnings };
    const written = this.deps.store.put(info.bucket, key, (rev) => this.render(obj, rev));
    options.observer?.stored?.(obj);
    await written.committed;
    return this.result(obj, 201, warnings, written.json);
  }

  /**
   * PUT semantics. `mutate` lets PATCH compute the new object from the latest state inside the
   * same synchronous section, so patches never lose a concurrent write. Order: preconditions ->
   * decode -> prepare -> validate -> write (or nothing, when the object did not change).
   */
  async update(
    namespace: string | undefined,
    name: string,
    newObject: KubeObject | ((current: KubeObject) => KubeObject),
    options: WriteOptions,
  ): Promise<WriteResult<KubeObject>> {
    const replacement = typeof newObject === 'function' ? undefined : newObject;
    // kube's UpdateResource decodes a PUT's body in the handler, before the store looks the
    // object up: an ill-typed body is a 400 even where there is no object to replace.
    const decodedEarly = replacement ? this.decodeForUpdate(replacement, name, options) : undefined;
    const admission = this.asyncAdmissionFor('UPDATE', requestNamespace(this.info, namespace, name, 'UPDATE'));
    if (admission) return this.updateAdmitted(namespace, name, newObject, decodedEarly, options, admission);
    const current = this.getLatest(namespace, name);
    if (!current) throw withWarningsOf(decodedEarly ?? [], newNotFound(groupResourceOf(this.info), name));
    const obj = replacement ?? (newObject as (current: KubeObject) => KubeObject)(deepCopy(current));
    const warnings = decodedEarly ?? this.decodeForUpdate(obj, name, options);
    return withWarnings(warnings, () => this.updateDecoded(namespace, name, obj, current, options, warnings));
  }

  private decodeForUpdate(obj: KubeObject, name: string, options: WriteOptions): string[] {
    // A patch may rewrite anything, kind and apiVersion included; kube refuses to change either.
    this.checkTypeUnchanged(obj, name);
    if (obj.metadata === undefined || obj.metadata === null) obj.metadata = {};
    const warnings = this.decode(this.strategies.update, obj, options);
    if (obj.metadata.name && obj.metadata.name !== name) {
      throw withWarningsOf(warnings, newBadRequest(`the name of the object (${obj.metadata.name}) does not match the name on the URL (${name})`));
    }
    return warnings;
  }

  private async updateDecoded(
    namespace: string | undefined,
    name: string,
    obj: KubeObject,
    current: KubeObject,
    options: WriteOptions,
    warnings: string[],
  ): Promise<WriteResult<KubeObject>> {
    this.placeForUpdate(namespace, name, obj);
    this.checkVersion(obj, current, name);
    this.prepareAndValidateUpdate(name, obj, current, options);
    return this.writeUpdated(storageName(namespace, name), obj, current, options, warnings);
  }

  /**
   * An update with admission that calls out: kube's GuaranteedUpdate, whose tryUpdate computes
   * the new object (a PATCH from the latest state, a PUT from its body), admits it, and is run
   * again when the stored object changed while the webhooks were asked. A PUT that names a
   * resourceVersion then fails with the 409 it would have got anyway; a PATCH or an
   * unconditional PUT is recomputed from the new state, so no concurrent write is lost.
   */
  private async updateAdmitted(
    namespace: string | undefined,
    name: string,
    newObject: KubeObject | ((current: KubeObject) => KubeObject),
    decodedEarly: string[] | undefined,
    options: WriteOptions,
    admission: AsyncAdmission,
  ): Promise<WriteResult<KubeObject>> {
    const key = storageName(namespace, name);
    const target = admissionTarget(this.info, this.fieldsSubresource ?? '', 'UPDATE', requestNamespace(this.info, namespace, name, 'UPDATE'));
    for (;;) {
      const stored = this.deps.store.getLatest(this.info.bucket, key);
      if (!stored) throw withWarningsOf(decodedEarly ?? [], newNotFound(groupResourceOf(this.info), name));
      const current = this.decodeStored(stored.json);
      const unchangedSince = (): boolean => this.deps.store.getLatest(this.info.bucket, key)?.rev === stored.rev;
      const obj = typeof newObject === 'function' ? newObject(deepCopy(current)) : deepCopy(newObject);
      const warnings = decodedEarly ? [...decodedEarly] : this.decodeForUpdate(obj, name, options);
      const result = await withWarnings(warnings, async () => {
        this.placeForUpdate(namespace, name, obj);
        const sent = deepCopy(obj);
        const view = this.admissionView;
        const mutated = await admission.admit(admissionAttributes(target, name, obj, current, options, view));
        if (!unchangedSince()) return undefined;
        warnings.push(...mutated.warnings);
        const admitted = !mutated.changed ? obj : view ? view.fromView(obj, mutated.object!) : this.decodeMutated(mutated.object!);
        this.placeForUpdate(namespace, name, admitted);
        this.checkVersion(admitted, current, name);
        this.prepareAndValidateUpdate(name, admitted, current, options);
        const validated = await admission.validate(admissionAttributes(target, name, admitted, current, options, view));
        if (!unchangedSince()) return undefined;
        warnings.push(...validated.warnings);
        // kube updates managedFields before mutating admission: what webhooks change belongs to no manager.
        return this.writeUpdated(key, admitted, current, options, warnings, mutated.changed ? sent : undefined);
      });
      if (result) return result;
    }
  }

  private placeForUpdate(namespace: string | undefined, name: string, obj: KubeObject): void {
    const { info } = this;
    obj.metadata.name = name;
    if (info.namespaced) {
      if (obj.metadata.namespace && obj.metadata.namespace !== namespace) {
        throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
      }
      obj.metadata.namespace = namespace;
    }
  }

  private checkVersion(obj: KubeObject, current: KubeObject, name: string): void {
    const sentVersion = obj.metadata.resourceVersion;
    if (sentVersion && sentVersion !== current.metadata.resourceVersion) throw newConflict(groupResourceOf(this.info), name);
  }

  private prepareAndValidateUpdate(name: string, obj: KubeObject, current: KubeObject, options: WriteOptions): void {
    const { info } = this;
    const strategy = this.strategies.update;
    prepareMetaForUpdate(obj, current);
    strategy.prepareForUpdate(obj, current);
    const metadataErrors = validateObjectMetaUpdate(obj, current, info.namespaced, info.nameValidation ?? 'subdomain');
    // A custom resource's strategy validates its metadata's update once more, deduplicated on its
    // own, and nothing filters the whole list (kube's customResourceValidator.ValidateUpdate; a
    // built-in kind's declarative validation filters all of it, one cause per text).
    const errors = info.customResource
      ? [...metadataErrors, ...uniqueFieldErrors(validateObjectMetaAccessorUpdate(obj, current)), ...strategy.validateUpdate(obj, current)]
      : this.validationErrors([...metadataErrors, ...strategy.validateUpdate(obj, current)]);
    if (errors.length) throw newInvalid(invalidGroupKindOf(info), name, errors);
    if (strategy === this.info.strategy) this.deps.admission.admitUpdate?.(info, obj, current, options);
  }

  /** `trackedAs`: the object as the writer sent it, when webhooks changed it; managedFields are its. */
  private async writeUpdated(
    key: string,
    obj: KubeObject,
    current: KubeObject,
    options: WriteOptions,
    warnings: string[],
    trackedAs?: KubeObject,
  ): Promise<WriteResult<KubeObject>> {
    const { info } = this;
    // A no-op writes nothing: same resourceVersion, no watch event, managedFields' times kept.
    if (this.changesNothing(obj, current)) return { object: current, code: 200, warnings };
    if (trackedAs) {
      prepareMetaForUpdate(trackedAs, current);
      this.strategies.update.prepareForUpdate(trackedAs, current);
      this.track(trackedAs, current, options);
      obj.metadata.managedFields = trackedAs.metadata.managedFields;
    } else this.track(obj, current, options);
    obj.metadata.resourceVersion = current.metadata.resourceVersion;
    if (this.finalizedAway(obj)) return this.remove(key, obj, options, warnings);
    options.observer?.changed(current, obj);
    if (options.dryRun) return { object: this.asStored(obj), code: 200, warnings };
    const written = this.deps.store.put(info.bucket, key, (rev) => this.render(obj, rev));
    options.observer?.stored?.(obj);
    await written.committed;
    return this.result(obj, 200, warnings, written.json);
  }

  /**
   * kube-apiserver compares what it would store with what it has (etcd3's GuaranteedUpdate skips
   * a write whose encoding is unchanged), so key order and equal values never count. A built-in
   * kind's typed encoding also omits what is empty (semanticEqual); a custom resource keeps its
   * JSON as sent (jsonEqual). managedFields the client left out are the current ones, and the
   * field manager takes nothing for a no-op (managedFieldsUpdater), so it cannot make one a change.
   * managedFields compare exactly: every FieldsV1 leaf is an empty map, which semanticEqual drops,
   * and an apply that only hands fields back (kubectl's client-side apply upgrade) is a write.
   */
  private changesNothing(obj: KubeObject, current: KubeObject): boolean {
    // An empty list is "not sent" too (the fieldmanager's decodeLiveOrNew falls back to the live entries).
    const sent = obj.metadata.managedFields;
    const managedFields = sent?.length ? sent : current.metadata.managedFields;
    if (!jsonEqual(managedFields ?? [], current.metadata.managedFields ?? [])) return false;
    const proposed = { ...obj, metadata: { ...obj.metadata, resourceVersion: current.metadata.resourceVersion, managedFields } };
    return this.info.typedDecode ? semanticEqual(proposed, current) : jsonEqual(proposed, current);
  }

  private result(object: KubeObject, code: number, warnings: string[], json: string): WriteResult<KubeObject> {
    if (servesStoredJson(this.info)) return { object, code, warnings, json };
    // etcd3's store answers a write with the object decoded back from what it stored: a
    // version that converts shows what every later read shows (events.k8s.io's empty fields).
    return { object: this.decodeStored(json), code, warnings };
  }

  /**
   * A dry run stores nothing, but kube's dry-run storage still copies the object through the
   * storage codec (DryRunnableStorage.copyInto): a version that converts answers as a real write does.
   */
  private asStored(obj: KubeObject): KubeObject {
    return servesStoredJson(this.info) ? obj : this.info.fromStorage(JSON.parse(JSON.stringify(this.info.toStorage(obj))) as KubeObject);
  }

  /** An object being deleted goes away once nothing holds it any more. */
  private finalizedAway(obj: KubeObject): boolean {
    return Boolean(obj.metadata.deletionTimestamp) && !obj.metadata.finalizers?.length && !this.strategies.delete.blocksRemoval?.(obj);
  }

  private async remove(key: string, obj: KubeObject, options: WriteOptions, warnings: string[]): Promise<WriteResult<KubeObject>> {
    if (options.dryRun) return { object: obj, code: 200, warnings, deleted: true };
    const deleted = this.deps.store.delete(this.info.bucket, key, (rev) => this.render(obj, rev));
    await deleted.committed;
    return { object: obj, code: 200, warnings, deleted: true };
  }

  /** DELETE: preconditions, then removal now or graceful deletion (deletion.ts). */
  async delete(namespace: string | undefined, name: string, options: DeleteOptions): Promise<WriteResult<KubeObject>> {
    const admission = this.asyncAdmissionFor('DELETE', requestNamespace(this.info, namespace, name, 'DELETE'));
    if (admission) return this.deleteAdmitted(namespace, name, options, admission);
    const current = this.getLatest(namespace, name);
    if (!current) throw newNotFound(groupResourceOf(this.info), name);
    return this.deleteCurrent(storageName(namespace, name), current, options, []);
  }

  /**
   * kube asks admission about a DELETE with the stored object as oldObject, after the
   * preconditions and before anything is written; a delete that finds the object changed once
   * the webhooks answered starts again, as the storage's compare-and-swap does.
   */
  private async deleteAdmitted(
    namespace: string | undefined,
    name: string,
    options: DeleteOptions,
    admission: AsyncAdmission,
  ): Promise<WriteResult<KubeObject>> {
    const key = storageName(namespace, name);
    const target = admissionTarget(this.info, this.fieldsSubresource ?? '', 'DELETE', requestNamespace(this.info, namespace, name, 'DELETE'));
    for (;;) {
      const stored = this.deps.store.getLatest(this.info.bucket, key);
      if (!stored) throw newNotFound(groupResourceOf(this.info), name);
      const current = this.decodeStored(stored.json);
      this.checkDeletePreconditions(current, options);
      const attributes = admissionAttributes(target, name, undefined, current, options);
      const mutated = await admission.admit(attributes);
      const validated = await withWarnings(mutated.warnings, () => admission.validate(attributes));
      if (this.deps.store.getLatest(this.info.bucket, key)?.rev !== stored.rev) continue;
      return this.deleteCurrent(key, current, options, [...mutated.warnings, ...validated.warnings]);
    }
  }

  private checkDeletePreconditions(current: KubeObject, options: DeleteOptions): void {
    const { info } = this;
    const name = current.metadata.name ?? '';
    const pre = options.preconditions;
    // rest.BeforeDelete names the kind (not the resource) in these conflicts: `on Secret "a"`.
    const kindAsResource = { group: info.group, resource: info.kind };
    if (pre?.uid && pre.uid !== current.metadata.uid) {
      throw newConflict(
        kindAsResource,
        name,
        `the UID in the precondition (${pre.uid}) does not match the UID in record (${current.metadata.uid ?? ''}). The object might have been deleted and then recreated`,
      );
    }
    if (pre?.resourceVersion && pre.resourceVersion !== current.metadata.resourceVersion) {
      throw newConflict(
        kindAsResource,
        name,
        `the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${current.metadata.resourceVersion ?? ''}). The object might have been modified`,
      );
    }
  }

  private async deleteCurrent(key: string, current: KubeObject, options: DeleteOptions, admissionWarnings: string[]): Promise<WriteResult<KubeObject>> {
    const { info } = this;
    this.checkDeletePreconditions(current, options);
    const plan = planDeletion(current, options, this.strategies.delete, this.now());
    const warnings = [...admissionWarnings, ...deletionWarnings(options, this.strategies.delete)];
    if (plan.action === 'remove') return this.remove(key, plan.object, options, warnings);
    if (plan.action === 'unchanged' || options.dryRun) return { object: plan.object, code: 200, warnings };
    const written = this.deps.store.put(info.bucket, key, (rev) => this.render(plan.object, rev));
    options.observer?.stored?.(plan.object);
    await written.committed;
    return { object: plan.object, code: 200, warnings };
  }

  async deleteCollection(namespace: string | undefined, listOptions: ListOptions, options: DeleteOptions): Promise<KubeList> {
    const list = this.list(namespace, { ...listOptions, limit: undefined, continue: undefined });
    const deleted: KubeObject[] = [];
    for (const item of list.items) {
      try {
        deleted.push((await this.delete(item.metadata.namespace, item.metadata.name!, options)).object);
      } catch (err) {
        // Already gone is fine: deletecollection races with other deleters by design.
        if (!isNotFound(err)) throw err;
      }
    }
    return { ...list, items: deleted };
  }

  /** kube-apiserver answers one cause per error text, for built-in kinds (declarative validation's merge filters them) and custom resources alike (checked against 1.37.2). */
  private validationErrors(errors: FieldError[]): FieldError[] {
    return uniqueFieldErrors(errors);
  }

  private checkTypeUnchanged(obj: KubeObject, name: string): void {
    const { info } = this;
    const apiVersion = apiVersionOfInfo(info);
    const errors = [
      ...(obj.kind === info.kind ? [] : [fieldError.invalid('kind', obj.kind ?? null, `must be ${info.kind}: the kind of an object cannot change`)]),
      ...(obj.apiVersion === apiVersion
        ? []
        : [fieldError.invalid('apiVersion', obj.apiVersion ?? null, `must be ${apiVersion}: the apiVersion of an object cannot change`)]),
    ];
    if (errors.length) throw newInvalid(invalidGroupKindOf(info), name, errors);
  }

  /**
   * Typed decoding (built-ins: every field's type, unknown fields dropped; other kinds: their
   * metadata's types), the kind's own decoding (custom resources: defaulting and pruning), then
   * fieldValidation on what was dropped (Strict fails, Warn warns, Ignore drops silently).
   */
  private decode(strategy: CreateStrategy | UpdateStrategy, obj: KubeObject, options: WriteOptions): string[] {
    const { kind, version } = this.info;
    if (typeof obj.metadata !== 'object' || Array.isArray(obj.metadata)) {
      throw newBadRequest(
        `${kind} in version "${version}" cannot be handled as a ${kind}: json: cannot unmarshal ${Array.isArray(obj.metadata) ? 'array' : typeof obj.metadata} into Go struct field ${kind}.metadata of type v1.ObjectMeta`,
      );
    }
    let unknownFields: string[] = [];
    if (this.info.typedDecode) unknownFields = this.info.typedDecode(obj).unknownFields;
    else checkMetadataTypes(obj, kind, version);
    if (strategy.decode) unknownFields = [...unknownFields, ...strategy.decode(obj, { serverSideApply: options.serverSideApply === true }).unknownFields];
    if (unknownFields.length === 0 || options.fieldValidation === 'Ignore') return [];
    const messages = unknownFields.map((path) => `unknown field "${path.replace(/^\./, '')}"`);
    if (options.fieldValidation === 'Strict') throw strictDecodingFailure(kind, version, messages);
    return messages;
  }

  private track(obj: KubeObject, old: KubeObject | undefined, options: WriteOptions): void {
    const tracker = this.deps.fieldTracker;
    if (!tracker) return;
    tracker.update({
      obj,
      old,
      manager: options.fieldManager ?? defaultFieldManager(options.userAgent),
      apiVersion: apiVersionOfInfo(this.info),
      subresource: this.fieldsSubresource,
      time: nowTimestamp(this.now()),
      resetFields: this.resetFields,
      ...(this.fieldsSubresource === 'scale' && this.info.subresources.scale
        ? { scaleReplicasPath: this.info.subresources.scale.specReplicasPath.replace(/^\./, '').split('.') }
        : {}),
    });
  }

  /**
   * What this endpoint's strategy resets (kube's GetResetFields), never owned by the writer:
   * a kind with a status endpoint resets status on itself and spec on `/status`; a namespace's
   * `/finalize` resets status.
   */
  get resetFields(): ResetFields | undefined {
    const declared = (this.fieldsSubresource ? this.strategies.update : this.info.strategy).resetFields;
    if (declared) return declared;
    switch (this.fieldsSubresource) {
      case undefined:
        return this.info.subresources.status ? statusResetFields : undefined;
      case 'status':
        return specResetFields;
      case 'finalize':
        return statusResetFields;
      default:
        return undefined;
    }
  }
}

/** Runs the rest of a write, handing the decoding's warnings to an error it ends in. */
async function withWarnings<T>(warnings: readonly string[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw err instanceof StatusError ? withWarningsOf(warnings, err) : err;
  }
}

function withWarningsOf(warnings: readonly string[], err: StatusError): StatusError {
  if (warnings.length) err.warnings = [...err.warnings, ...warnings];
  return err;
}
