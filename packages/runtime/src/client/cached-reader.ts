/**
 * Reads for reconcilers, served from informer caches (controller-runtime's cache-backed
 * client): no request, no load on the API server, and the same view the controller's events
 * came from. Types no informer watches are read from the API server instead.
 *
 * The cache may be stale. A cached read can be older than a write this very reconcile just
 * made; that is fine for level-based logic (the write's watch event brings another pass), and
 * optimistic concurrency catches the rest: send the resourceVersion you read, and a 409 says it
 * was stale.
 *
 * Returned objects are deep copies, so a reconciler may edit what it read without corrupting
 * the cache every other reader shares; only what is returned is copied, and not its
 * metadata.managedFields: no reconciler reads ownership bookkeeping, it is often the larger half
 * of an object, and an update sent without it keeps the stored entries (an empty list means
 * "not sent") - controller-runtime's cache.TransformStripManagedFields, applied to the copies
 * only, since the cache's other readers (conflict records, version history) name writers from
 * it. A list with a label
 * selector in one namespace starts from the label index (its most selective `key=value`), so
 * it costs what it finds, not the size of the namespace.
 */
import { deepCopy, FieldSelector, formatObjectKey, LabelSelector, newNotFound, type KubeList, type KubeObject, type ObjectKey } from '@dojo/kube-api';
import { labelIndex, labelIndexValue, namespaceIndex } from '../informer/indexers.ts';
import type { ReadableStore } from '../informer/store.ts';
import type { GetOptions, ListOptions, ObjectReader } from './client.ts';
import { apiVersionOfType, groupResourceOf, type ResourceType } from './resource-type.ts';

/** A type's cache: its store, and a way to wait until the first list is in it. */
export interface CachedType {
  readonly store: ReadableStore;
  waitForSync(signal?: AbortSignal): Promise<void>;
}

/** Where the caches are (the informer factory): undefined for types without an informer. */
export interface ObjectCache {
  cacheFor(type: ResourceType): CachedType | undefined;
}

export class CachedReader implements ObjectReader {
  readonly #cache: ObjectCache;
  readonly #api: ObjectReader;

  constructor(cache: ObjectCache, api: ObjectReader) {
    this.#cache = cache;
    this.#api = api;
  }

  async get<T extends KubeObject = KubeObject>(type: ResourceType, key: ObjectKey, options: GetOptions = {}): Promise<T> {
    const cached = this.#cache.cacheFor(type);
    // Without a namespace the API client applies its default one; let it.
    if (!cached || (type.namespaced && !key.namespace)) return this.#api.get<T>(type, key, options);
    await cached.waitForSync(options.signal);
    const object = cached.store.get(formatObjectKey(type.namespaced ? key : { name: key.name }));
    if (!object) throw newNotFound(groupResourceOf(type), key.name);
    return readerCopy(object as T);
  }

  async list<T extends KubeObject = KubeObject>(type: ResourceType, options: ListOptions = {}): Promise<KubeList<T>> {
    const cached = this.#cache.cacheFor(type);
    const fields = options.fieldSelector ? FieldSelector.parse(options.fieldSelector) : undefined;
    // A cache has no pages, no versions to pin and no per-kind selectable fields; only the
    // server can answer those.
    const serverOnly = options.limit || options.continue || options.resourceVersionMatch || !cacheCanSelect(fields);
    if (!cached || serverOnly) return this.#api.list<T>(type, options);
    await cached.waitForSync(options.signal);
    const labels = typeof options.labelSelector === 'string' ? LabelSelector.parse(options.labelSelector) : options.labelSelector;
    const candidates = candidatesFor(cached.store, type.namespaced ? options.namespace || undefined : '', labels);
    const items = candidates.filter(
      (o) =>
        (!labels || labels.matches(o.metadata.labels)) &&
        (!fields || fields.matches({ 'metadata.name': o.metadata.name ?? '', 'metadata.namespace': o.metadata.namespace ?? '' })),
    );
    return { apiVersion: apiVersionOfType(type), kind: `${type.kind}List`, metadata: {}, items: items.map((item) => readerCopy(item as T)) };
  }
}

function readerCopy<T extends KubeObject>(object: T): T {
  const { managedFields: _ownership, ...metadata } = object.metadata;
  return deepCopy({ ...object, metadata });
}

/**
 * The fewest objects that can match: one label's index entry, else the namespace, else all.
 * `namespace` is "" for a cluster-scoped type, undefined for a namespaced one across namespaces.
 */
function candidatesFor(store: ReadableStore, namespace: string | undefined, labels: LabelSelector | undefined): KubeObject[] {
  if (namespace === undefined) return store.list();
  let narrowest: string | undefined;
  let count = Infinity;
  for (const r of labels?.requirements ?? []) {
    const single = r.operator === 'Equals' || (r.operator === 'In' && r.values.length === 1);
    if (!single) continue;
    const value = labelIndexValue(namespace, r.key, r.values[0]!);
    const n = store.countByIndex(labelIndex, value);
    if (n < count) [narrowest, count] = [value, n];
  }
  if (narrowest !== undefined) return store.byIndex(labelIndex, narrowest);
  return namespace ? store.byIndex(namespaceIndex, namespace) : store.list();
}

const metadataFields = new Set(['metadata.name', 'metadata.namespace']);

function cacheCanSelect(fields: FieldSelector | undefined): boolean {
  return !fields || fields.requirements.every((r) => metadataFields.has(r.field));
}
