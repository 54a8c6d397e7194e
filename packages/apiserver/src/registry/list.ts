/**
 * LIST for the generic store: selectors, and pagination with continue tokens
 * (continue-token.ts). Pages after the first, and Exact lists, read a past revision from the
 * paging snapshots (storage/list-snapshot.ts), as etcd serves them; once that revision is
 * compacted away the list answers 410. A label or field selector filters each page, so a page
 * may hold fewer than `limit` items and only an unfiltered list says how many remain.
 */
import { FieldSelector, formatObjectKey, LabelSelector, goQuote, newBadRequest, newResourceExpired, type KubeList, type KubeObject } from '@dojo/kube-api';
import type { ListSnapshots } from '../storage/list-snapshot.ts';
import type { RevisionedStore, StoredObject } from '../storage/revisioned-store.ts';
import { decodeContinue, encodeContinue, newContinueExpired } from './continue-token.ts';
import { listItemsCarryTypeMeta, listMetaForWire, storedJsonFragmentsWithoutTypeMeta, storedJsonWithoutTypeMeta } from './list-wire-form.ts';
import type { ListOptions } from './request-options.ts';
import { apiVersionOfInfo, type ResourceInfo } from './resource-info.ts';

/** Where a list reads from: the latest state, and (when given) the state at past revisions. */
export interface ListSource {
  store: RevisionedStore;
  /** Lists at past revisions (paging snapshots); without it every page reads the latest state. */
  snapshots?: ListSnapshots;
}

/** Objects are stored under "namespace/name", cluster-scoped ones under their name. */
export const storageName = (namespace: string | undefined, name: string): string => formatObjectKey({ namespace, name });

/**
 * A list's answer before decoding: the stored versions it holds, in order. Kinds whose stored
 * JSON is their wire form answer with those bytes as they are (encodeStoredList), so a LIST
 * neither parses nor re-serialises its items.
 */
export interface StoredList {
  apiVersion: string;
  kind: string;
  metadata: KubeList['metadata'];
  items: StoredObject[];
}

export function listObjects(
  source: ListSource,
  info: ResourceInfo,
  namespace: string | undefined,
  options: ListOptions,
  decode: (json: string) => KubeObject,
): KubeList {
  const { list, decoded } = collect(source, info, namespace, options, decode);
  return { ...list, items: list.items.map((stored, i) => decoded[i] ?? decode(stored.json)) };
}

export function listStoredObjects(
  source: ListSource,
  info: ResourceInfo,
  namespace: string | undefined,
  options: ListOptions,
  decode: (json: string) => KubeObject,
): StoredList {
  return collect(source, info, namespace, options, decode).list;
}

/**
 * The list as JSON with each item's stored JSON spliced in unparsed (for servesStoredJson kinds
 * only); a built-in kind's items lose their apiVersion/kind as in kube's typed lists.
 */
export function encodeStoredList(info: Pick<ResourceInfo, 'customResource'>, list: StoredList): string {
  // `items` is the last key, so the envelope ends with `[]}`: the items go between the brackets.
  const envelope = JSON.stringify({ ...storedListEnvelope(info, list), items: [] });
  const itemJson = listItemsCarryTypeMeta(info) ? (i: StoredObject) => i.json : (i: StoredObject) => storedJsonWithoutTypeMeta(i.json);
  return `${envelope.slice(0, -2)}${list.items.map(itemJson).join(',')}]}`;
}

/** A stored list's members before `items`, as they go on the wire. */
export function storedListEnvelope(info: Pick<ResourceInfo, 'customResource'>, list: StoredList): Omit<StoredList, 'items'> {
  return { apiVersion: list.apiVersion, kind: list.kind, metadata: listMetaForWire(info, list.metadata) };
}

/** One stored item's wire JSON, as fragments: as stored, or without apiVersion/kind for a built-in kind. */
export function storedItemJson(info: Pick<ResourceInfo, 'customResource'>): (item: StoredObject) => string | readonly string[] {
  return listItemsCarryTypeMeta(info) ? (i) => i.json : (i) => storedJsonFragmentsWithoutTypeMeta(i.json);
}

/** The stored items of a list page; `decoded[i]` is item i's object when a selector had to decode it. */
function collect(
  source: ListSource,
  info: ResourceInfo,
  namespace: string | undefined,
  options: ListOptions,
  decode: (json: string) => KubeObject,
): { list: StoredList; decoded: (KubeObject | undefined)[] } {
  const revision = source.store.revision;
  const labels = options.labelSelector ? parseSelector(() => LabelSelector.parse(options.labelSelector!)) : undefined;
  const fields = options.fieldSelector ? parseSelector(() => FieldSelector.parse(options.fieldSelector!)) : undefined;
  if (fields) checkSelectableFields(info, fields);
  let listRevision = options.resourceVersionMatch === 'Exact' && options.resourceVersion ? Number(options.resourceVersion) : revision;
  let startAfter: string | undefined;
  if (options.continue) {
    const token = decodeContinue(options.continue);
    // A token at revision -1 (from an expired one's 410) goes on from the latest state.
    listRevision = token.rv < 0 ? revision : token.rv;
    startAfter = token.start;
  }
  const prefix = namespace ? `${namespace}/` : '';
  const pinnedName = fields?.exactValue('metadata.name');
  const items: StoredObject[] = [];
  const decoded: (KubeObject | undefined)[] = [];
  let nextStart: string | undefined;
  let remaining = 0;
  // The watch cache's computeListLimit: a list at resourceVersion "0" is served whole, limit ignored.
  const limit = options.limit && options.limit > 0 && options.resourceVersion !== '0' ? options.limit : Infinity;
  for (const stored of listAt(source, info.bucket, prefix, listRevision, startAfter)) {
    if (startAfter !== undefined && stored.name <= startAfter) continue;
    if (pinnedName !== undefined && !stored.name.endsWith(`/${pinnedName}`) && stored.name !== pinnedName) continue;
    if (items.length >= limit) {
      // Storage names are "namespace/name" (or "name"), the order the continue token resumes in.
      nextStart ??= items[items.length - 1]?.name;
      remaining++;
      continue;
    }
    if (labels || fields) {
      const obj = decode(stored.json);
      if (labels && !labels.matches(obj.metadata.labels)) continue;
      if (fields && !fields.matches(selectableFieldsOf(info, obj))) continue;
      decoded[items.length] = obj;
    }
    items.push(stored);
  }
  const metadata: KubeList['metadata'] = { resourceVersion: String(listRevision) };
  if (nextStart !== undefined) {
    metadata.continue = encodeContinue({ rv: listRevision, start: nextStart });
    if (!labels && !fields) metadata.remainingItemCount = remaining;
  }
  return { list: { apiVersion: apiVersionOfInfo(info), kind: info.listKind, metadata, items }, decoded };
}

/** A list at a past revision (a later page, an Exact list), or 410 once it is compacted. */
function listAt(source: ListSource, bucket: string, prefix: string, rev: number, continueFrom: string | undefined): StoredObject[] {
  const { store, snapshots } = source;
  const listed = rev >= store.revision || !snapshots ? store.list(bucket, prefix) : snapshots.listAt(bucket, prefix, rev);
  if (listed) return listed;
  throw continueFrom === undefined ? newResourceExpired('The resourceVersion for the provided list is too old.') : newContinueExpired(continueFrom);
}

function parseSelector<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    throw newBadRequest((err as Error).message);
  }
}

/** The fields a fieldSelector may name: metadata.name/namespace plus the kind's own. */
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
    if (r.field in probe) continue;
    // Kinds with fields of their own (and custom resources) convert labels with a function of
    // their own; the rest use apimachinery's DefaultMetaV1FieldSelectorConversion, worded apart.
    if (info.selectableFields || info.customResource) throw newBadRequest(`field label not supported: ${r.field}`);
    throw newBadRequest(`${goQuote(r.field)} is not a known field selector: only "metadata.name", "metadata.namespace"`);
  }
}
