/**
 * mergeApplied: the live object with an apply configuration laid over it (SMD's Merge, the
 * configuration winning). Granular maps merge field by field, granular lists item by item
 * (matched by key or value), leaves and atomic values are replaced. Items keep their live
 * position unless the configuration orders shared items differently; new items follow the
 * configuration's order. A null replaces a leaf (the field goes) but leaves a non-empty granular
 * map or list as it is (SMD's doMap/doList only treat null as a value when both sides are empty).
 * With `keepNulls` (a custom resource: the merged object is never decoded into a Go struct, so
 * SMD's nulls stay in it and its validation sees them) a null leaf is kept; otherwise it goes,
 * as the Go struct a built-in kind converts to leaves it out.
 */
import { cloneJson, hasKey, isJsonObject, presentEntries, setMember, type JsonObject } from './json-value.ts';
import { fieldMeta, itemMeta, type PatchMeta } from './patch-meta.ts';
import { namedItems, type NamedItem } from './field-set-of.ts';
import { shapeOf } from './typed-value.ts';

export function mergeApplied(live: unknown, config: unknown, meta: PatchMeta | undefined, keepNulls = false): unknown {
  const cloneConfig = keepNulls ? cloneJson : cloneWithoutNulls;
  if (live === undefined || live === null) return cloneConfig(config);
  // SMD merges a null into a non-empty granular map or list as if it had no items: the live ones stay.
  if (config === null && isNonEmptyGranular(live, meta)) return cloneJson(live);
  const shape = shapeOf(config, meta);
  if (shape === 'leaf' || shape !== shapeOf(live, meta)) return cloneConfig(config);
  if (shape === 'map') return mergeMaps(live as JsonObject, config as JsonObject, meta, keepNulls);
  return mergeLists(live as unknown[], config as unknown[], meta, keepNulls);
}

function mergeMaps(live: JsonObject, config: JsonObject, meta: PatchMeta | undefined, keepNulls: boolean): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of presentEntries(live)) {
    setMember(out, key, hasKey(config, key) ? mergeApplied(value, config[key], fieldMeta(meta, key), keepNulls) : cloneJson(value));
  }
  for (const [key, value] of presentEntries(config)) {
    if (!hasKey(live, key)) setMember(out, key, keepNulls ? cloneJson(value) : cloneWithoutNulls(value));
  }
  if (!keepNulls) for (const [key, value] of presentEntries(config)) if (value === null && out[key] === null) delete out[key];
  return out;
}

function isNonEmptyGranular(value: unknown, meta: PatchMeta | undefined): boolean {
  const shape = shapeOf(value, meta);
  if (shape === 'map') return presentEntries(value as JsonObject).length > 0;
  return shape === 'list' && (value as unknown[]).length > 0;
}

/**
 * A copy of configuration data without null members: a null in a configuration sets the field
 * to its zero value, which serializes as absent.
 */
function cloneWithoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneWithoutNulls);
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of presentEntries(value)) if (child !== null) setMember(out, key, cloneWithoutNulls(child));
  return out;
}

/** Live duplicates of a key stay as they are; only the first is matched against the config. */
function uniqueKeys(items: NamedItem[]): NamedItem[] {
  const seen = new Set<string>();
  return items.map((named, i) => {
    if (!seen.has(named.key)) {
      seen.add(named.key);
      return named;
    }
    return { ...named, key: `${named.key}#${i}` };
  });
}

function mergeLists(live: unknown[], config: unknown[], meta: PatchMeta | undefined, keepNulls: boolean): unknown[] {
  const left = uniqueKeys(namedItems(live, meta));
  const right = namedItems(config, meta);
  const liveByKey = new Map(left.map((n) => [n.key, n.item] as const));
  const configByKey = new Map(right.map((n) => [n.key, n.item] as const));
  const merge = (key: string) => mergeApplied(liveByKey.get(key), configByKey.get(key), itemMeta(meta), keepNulls);
  // Shared items are emitted in the configuration's order; `next` is the one due next.
  const shared = right.map((n) => n.key).filter((key) => liveByKey.has(key));
  let next = 0;
  const emitted = new Set<string>();
  const out: unknown[] = [];
  const emitConfigItem = (key: string) => {
    out.push(merge(key));
    emitted.add(key);
    if (shared[next] === key) next++;
  };
  let l = 0;
  let r = 0;
  while (l < left.length || r < right.length) {
    const liveKey = left[l]?.key;
    const configKey = right[r]?.key;
    if (liveKey !== undefined && liveKey === configKey) {
      emitConfigItem(liveKey);
      l++;
      r++;
      continue;
    }
    if (liveKey !== undefined) {
      if (!configByKey.has(liveKey)) {
        out.push(cloneJson(left[l]!.item));
        l++;
        continue;
      }
      // A shared live item waits for its turn in the configuration's order.
      if (emitted.has(liveKey) || (configKey !== undefined && shared[next] !== liveKey)) {
        l++;
        continue;
      }
    }
    if (configKey !== undefined) {
      emitConfigItem(configKey);
      r++;
    }
  }
  return out;
}
