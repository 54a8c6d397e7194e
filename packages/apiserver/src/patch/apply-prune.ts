/**
 * pruneUnowned: what makes apply declarative. A field the applier applied last time, left out
 * this time, and that no manager (the applier's new configuration included) owns at or below,
 * is removed. Fields someone else still owns stay, so removing a container another manager
 * touched leaves that manager's fields (and the item's key) behind, as in kube-apiserver.
 * Maps and lists emptied by a removal go too, unless someone owns them as such.
 */
import type { FieldSet } from './field-set.ts';
import { serializePathElement, type FieldPath } from './field-path.ts';
import { namedItems } from './field-set-of.ts';
import { cloneJson, hasKey, isJsonObject, presentEntries } from './json-value.ts';
import { fieldMeta, itemMeta, type PatchMeta } from './patch-meta.ts';

export function pruneUnowned<T>(obj: T, candidates: FieldSet, owned: FieldSet, meta: PatchMeta | undefined): T {
  const out = cloneJson(obj);
  const paths = [...candidates.paths()].filter((path) => !owned.hasAtOrBelow(path) && !isItemKeyField(path)).sort((a, b) => a.length - b.length);
  for (const path of paths) removeAt(out, path, 0, meta, owned);
  return out;
}

/** `...[name="web"].name`: a kept item keeps its key; only the item's own removal drops it. */
function isItemKeyField(path: FieldPath): boolean {
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  return last?.kind === 'field' && parent?.kind === 'key' && parent.fields.some(([name]) => name === last.name);
}

/** Removes `path` below `node`; returns true when that left `node` empty. */
function removeAt(node: unknown, path: FieldPath, depth: number, meta: PatchMeta | undefined, owned: FieldSet): boolean {
  const element = path[depth]!;
  const isLast = depth === path.length - 1;
  const ownedAsIs = () => owned.has(path.slice(0, depth + 1));
  if (isJsonObject(node) && element.kind === 'field') {
    if (!hasKey(node, element.name)) return false;
    if (!isLast && (!removeAt(node[element.name], path, depth + 1, fieldMeta(meta, element.name), owned) || ownedAsIs())) return false;
    delete node[element.name];
    return presentEntries(node).length === 0;
  }
  if (Array.isArray(node) && element.kind !== 'field') {
    const key = serializePathElement(element);
    const index = namedItems(node, meta).findIndex((n) => n.key === key);
    if (index < 0) return false;
    if (!isLast && (!removeAt(node[index], path, depth + 1, itemMeta(meta), owned) || ownedAsIs())) return false;
    node.splice(index, 1);
    return node.length === 0;
  }
  return false;
}
