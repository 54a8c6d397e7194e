/**
 * PatchMeta: what the Go struct tags and OpenAPI extensions of a type say about merging it. One
 * tree serves both strategic merge patch (patchStrategy / patchMergeKey tags) and server-side
 * apply (x-kubernetes-list-type / list-map-keys / map-type). A missing node means "nothing
 * special": objects merge field by field, lists are replaced (SMP) or atomic (SSA).
 */

export type PatchStrategy = 'merge' | 'replace' | 'retainKeys' | 'merge,retainKeys';

export interface PatchMeta {
  /** Declared fields of an object. */
  readonly fields?: { readonly [name: string]: PatchMeta };
  /** Meta of every map value (map[string]T) or list item, when fields do not name it. */
  readonly items?: PatchMeta;
  /** The `patchStrategy` struct tag. */
  readonly patchStrategy?: PatchStrategy;
  /** The `patchMergeKey` struct tag: the one field SMP matches list items by. */
  readonly patchMergeKey?: string;
  /** x-kubernetes-list-type; when absent it follows the patch strategy (as schemaconv does). */
  readonly listType?: 'atomic' | 'set' | 'map';
  /** x-kubernetes-list-map-keys; defaults to [patchMergeKey]. */
  readonly listMapKeys?: readonly string[];
  /** Defaults of list-map keys a client may omit (a container port's protocol is "TCP"). */
  readonly listMapKeyDefaults?: { readonly [key: string]: string | number | boolean };
  /**
   * A custom resource's structural schema declares this object's fields (no
   * x-kubernetes-preserve-unknown-fields, no additionalProperties): `fields` names every one,
   * and server-side apply refuses any other ("field not declared in schema").
   */
  readonly declaredOnly?: boolean;
  /**
   * What SMD's typed conversion accepts here (a built-in kind's OpenAPI type, as kube-openapi's
   * schemaconv converts it): a string, a number, a boolean, any scalar (a Quantity, a Time, a
   * string of another format), a list or a map (null always). Absent: anything.
   */
  readonly atom?: 'string' | 'numeric' | 'boolean' | 'scalar' | 'list' | 'map';
  /** x-kubernetes-map-type / structType atomic: owned and replaced as one value by SSA. */
  readonly atomic?: boolean;
  /**
   * Go always serializes this field, even empty (a non-pointer struct, or a list without
   * omitempty), so the empty object a create is compared against already has it.
   */
  readonly alwaysSerialized?: boolean;
}

export type ListType =
  | { readonly kind: 'atomic' }
  | { readonly kind: 'set' }
  | {
      readonly kind: 'map';
      readonly keys: readonly string[];
      readonly keyDefaults: { readonly [key: string]: string | number | boolean };
    };

const atomicList: ListType = { kind: 'atomic' };

export function fieldMeta(meta: PatchMeta | undefined, name: string): PatchMeta | undefined {
  const fields = meta?.fields;
  return (fields && Object.hasOwn(fields, name) ? fields[name] : undefined) ?? meta?.items;
}

export function itemMeta(meta: PatchMeta | undefined): PatchMeta | undefined {
  return meta?.items;
}

/** How SSA treats a list: explicit list-type first, then what the patch strategy implies. */
export function listTypeOf(meta: PatchMeta | undefined): ListType {
  if (!meta) return atomicList;
  const keys = meta.listMapKeys ?? (meta.patchMergeKey ? [meta.patchMergeKey] : []);
  const kind = meta.listType ?? (smpStrategyOf(meta) === 'merge' ? (keys.length ? 'map' : 'set') : 'atomic');
  if (kind === 'map') return { kind, keys: [...keys].sort(), keyDefaults: meta.listMapKeyDefaults ?? {} };
  return kind === 'set' ? { kind } : atomicList;
}

/** The SMP strategy with "retainKeys" split off (it only guides patch creation, not merging). */
export function smpStrategyOf(meta: PatchMeta | undefined): 'merge' | 'replace' | '' {
  const strategies = (meta?.patchStrategy ?? '').split(',');
  if (strategies.includes('merge')) return 'merge';
  return strategies.includes('replace') ? 'replace' : '';
}
