/**
 * How a list differs on the wire between built-in kinds and custom resources.
 *
 * What a list's items say about their own type. kube-apiserver decodes a built-in kind's list
 * into its typed Go list (ConfigMapList's `Items []ConfigMap`), whose items' TypeMeta is empty
 * and omitted from JSON: only the list names the kind. A custom resource list is unstructured,
 * and each item keeps the `apiVersion` and `kind` it was stored with.
 *
 * An unstructured list's metadata also always carries `continue`, empty on the last page
 * (apiextensions-apiserver sets it from the storage list unconditionally), where a typed
 * ListMeta omits it.
 */
import type { KubeList, KubeObject, ListMeta } from '@dojo/kube-api';
import type { ResourceInfo } from './resource-info.ts';

export function listItemsCarryTypeMeta(info: Pick<ResourceInfo, 'customResource'>): boolean {
  return info.customResource === true;
}

/** The list as kube-apiserver encodes it in JSON: typed lists' items without apiVersion/kind. */
export function listForWire(info: Pick<ResourceInfo, 'customResource'>, list: KubeList): KubeList {
  if (listItemsCarryTypeMeta(info)) return { ...list, metadata: listMetaForWire(info, list.metadata) };
  return { ...list, items: list.items.map(withoutTypeMeta) };
}

/** A custom resource list's metadata with its always-present `continue`. */
export function listMetaForWire(info: Pick<ResourceInfo, 'customResource'>, metadata: ListMeta): ListMeta {
  if (!listItemsCarryTypeMeta(info) || metadata.continue !== undefined) return metadata;
  return { ...metadata, continue: '' };
}

function withoutTypeMeta(obj: KubeObject): KubeObject {
  if (obj.apiVersion === undefined && obj.kind === undefined) return obj;
  const { apiVersion: _apiVersion, kind: _kind, ...rest } = obj;
  return rest as KubeObject;
}

// Stored JSON written from a client's object nearly always opens with these two members.
const leadingTypeMeta = /^\{"apiVersion":"(?:[^"\\]|\\.)*","kind":"(?:[^"\\]|\\.)*",/;

/** An item's stored JSON without apiVersion/kind, cut textually when they lead (no parse). */
export function storedJsonWithoutTypeMeta(json: string): string {
  return storedJsonFragmentsWithoutTypeMeta(json).join('');
}

/**
 * The same, as fragments to write one after the other: `{` and a slice of the stored text,
 * which V8 keeps as a view of it (no copy, where the concatenation would be a new string).
 */
export function storedJsonFragmentsWithoutTypeMeta(json: string): readonly string[] {
  const lead = leadingTypeMeta.exec(json);
  if (lead) return ['{', json.slice(lead[0].length)];
  return [JSON.stringify(withoutTypeMeta(JSON.parse(json) as KubeObject))];
}
