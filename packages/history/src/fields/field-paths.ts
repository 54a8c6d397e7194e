/**
 * An object's fields as people name them, one value per field (its "leaves"):
 * `spec.replicas`, `status.conditions[type=Ready].status`,
 * `spec.template.spec.containers[name=web].image`, `metadata.labels["app.kubernetes.io/name"]`.
 *
 * The names the request journal uses for changed paths: list items are keyed by `type` when
 * every item has a distinct one (conditions), else by `name` (containers, ports, volumes), else
 * by position when they are objects; a list of scalars, an empty list and an empty map are one
 * field each. `metadata.resourceVersion` and `metadata.managedFields` change on every write and
 * are no field of anyone's: they are left out.
 */

const plainName = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const ignoredAtMetadata = new Set(['resourceVersion', 'managedFields']);

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function fieldPath(parent: string, name: string): string {
  if (!plainName.test(name)) return `${parent}[${JSON.stringify(name)}]`;
  return parent ? `${parent}.${name}` : name;
}

/** The field that keys a list's items, if every item is an object with a distinct value of it. */
export function listKey(items: readonly unknown[]): 'type' | 'name' | undefined {
  if (items.length === 0) return undefined;
  for (const key of ['type', 'name'] as const) {
    const seen = new Set<unknown>();
    const keyed = items.every((item) => {
      if (!isObject(item)) return false;
      const value = item[key];
      if ((typeof value !== 'string' && typeof value !== 'number') || seen.has(value)) return false;
      seen.add(value);
      return true;
    });
    if (keyed) return key;
  }
  return undefined;
}

/** The path of one item of a list at `parent`, by its key or position. */
export function itemPath(parent: string, key: 'type' | 'name' | undefined, item: unknown, index: number): string {
  return key ? `${parent}[${key}=${String((item as Record<string, unknown>)[key])}]` : `${parent}[${index}]`;
}

/** Whether a list is walked item by item (keyed, or all objects), or is one field. */
export function walksItems(items: readonly unknown[]): boolean {
  return items.length > 0 && items.every((item) => isObject(item) || Array.isArray(item));
}

/** Every field of `value` with its value, in document order. */
export function leavesOf(value: unknown): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  const walk = (path: string, node: unknown, atMetadata: boolean): void => {
    if (isObject(node)) {
      const names = Object.keys(node);
      if (names.length === 0 && path) leaves.set(path, {});
      for (const name of names) {
        if (atMetadata && ignoredAtMetadata.has(name)) continue;
        walk(fieldPath(path, name), node[name], path === '' && name === 'metadata');
      }
    } else if (Array.isArray(node) && walksItems(node)) {
      const key = listKey(node);
      node.forEach((item, i) => walk(itemPath(path, key, item, i), item, false));
    } else if (path) {
      leaves.set(path, node);
    }
  };
  walk('', value, false);
  return leaves;
}
