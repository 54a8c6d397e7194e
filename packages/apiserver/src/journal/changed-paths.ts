/**
 * Which fields a write changed, old version against new, as people name them:
 * `status.conditions[type=Ready].lastTransitionTime`, `spec.template.spec.containers[name=web].image`,
 * `metadata.annotations["example.com/stamp"]`.
 *
 * - A changed scalar is named by its own path; a map or list item that appeared or disappeared
 *   as a whole is named once, by its path (not each of its fields).
 * - List items are matched by their key the way Kubernetes lists are keyed in practice: by
 *   `type` when every item has a distinct one (conditions), else by `name` (containers, ports,
 *   volumes), else by position. A list of scalars that differs is named as a whole.
 * - `metadata.resourceVersion` and `metadata.managedFields` change on every write and say
 *   nothing about what the writer meant: they are left out.
 * - At most `limit` paths (default 50), in document order.
 */
import { isDeepStrictEqual } from 'node:util';

type Json = unknown;

const ignoredAtMetadata = new Set(['resourceVersion', 'managedFields']);
const plainName = /^[A-Za-z_][A-Za-z0-9_-]*$/;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldPath(parent: string, name: string): string {
  if (!plainName.test(name)) return `${parent}[${JSON.stringify(name)}]`;
  return parent ? `${parent}.${name}` : name;
}

/** The field that keys a list's items, if every item is an object with a distinct value of it. */
function listKey(...lists: Json[][]): string | undefined {
  for (const key of ['type', 'name']) {
    const ok = lists.every((items) => {
      const seen = new Set<unknown>();
      for (const item of items) {
        if (!isObject(item)) return false;
        const value = item[key];
        if ((typeof value !== 'string' && typeof value !== 'number') || seen.has(value)) return false;
        seen.add(value);
      }
      return true;
    });
    if (ok && lists.some((items) => items.length > 0)) return key;
  }
  return undefined;
}

class PathCollector {
  readonly paths: string[] = [];
  constructor(readonly limit: number) {}

  get full(): boolean {
    return this.paths.length >= this.limit;
  }

  add(path: string): void {
    if (!this.full) this.paths.push(path || '.');
  }

  walk(path: string, before: Json, after: Json, atMetadata: boolean): void {
    if (this.full || before === after) return;
    if (isObject(before) && isObject(after)) return this.walkMaps(path, before, after, atMetadata);
    if (Array.isArray(before) && Array.isArray(after)) return this.walkLists(path, before, after);
    if (!isDeepStrictEqual(before, after)) this.add(path);
  }

  walkMaps(path: string, before: Record<string, Json>, after: Record<string, Json>, atMetadata: boolean): void {
    for (const name of Object.keys(after)) {
      if (atMetadata && ignoredAtMetadata.has(name)) continue;
      const child = fieldPath(path, name);
      if (!Object.hasOwn(before, name)) this.add(child);
      else this.walk(child, before[name], after[name], path === '' && name === 'metadata');
    }
    for (const name of Object.keys(before)) {
      if (atMetadata && ignoredAtMetadata.has(name)) continue;
      if (!Object.hasOwn(after, name)) this.add(fieldPath(path, name));
    }
  }

  walkLists(path: string, before: Json[], after: Json[]): void {
    const key = listKey(before, after);
    if (key === undefined) {
      if (before.length !== after.length || !before.every((item) => isObject(item) || Array.isArray(item))) {
        if (!isDeepStrictEqual(before, after)) this.add(path);
        return;
      }
      before.forEach((item, i) => this.walk(`${path}[${i}]`, item, after[i], false));
      return;
    }
    const itemPath = (item: Json) => `${path}[${key}=${String((item as Record<string, Json>)[key])}]`;
    const old = new Map(before.map((item) => [(item as Record<string, Json>)[key], item] as const));
    for (const item of after) {
      const id = (item as Record<string, Json>)[key];
      if (!old.has(id)) this.add(itemPath(item));
      else this.walk(itemPath(item), old.get(id), item, false);
      old.delete(id);
    }
    for (const item of old.values()) this.add(itemPath(item));
  }
}

export function changedPaths(before: Json, after: Json, limit = 50): string[] {
  const collector = new PathCollector(limit);
  collector.walk('', before, after, false);
  return collector.paths;
}
