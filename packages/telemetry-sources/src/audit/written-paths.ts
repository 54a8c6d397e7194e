/**
 * The field paths a patch body sets, named like the journal's changed paths
 * (`status.conditions[type=Ready].status`, `metadata.labels["app.kubernetes.io/name"]`).
 *
 * An audit event holds what the client sent, never the object before the write, so the console
 * cannot tell which of these fields really changed: a patch that sets a field to the value it
 * already had is named here too. It is the best audit offers, and it is what a hot loop looks
 * like from outside (the same fields written again and again).
 *
 * - Merge and strategic-merge patches (and apply configurations): every scalar leaf, and every
 *   list item by its `type` or `name` key, else the list as a whole.
 * - JSON patches (RFC 6902): each operation's `path`, in dotted form.
 * - `apiVersion`, `kind` and `metadata.name` / `namespace` / `uid` name the object, and
 *   `metadata.resourceVersion` / `managedFields` say nothing of intent: left out.
 */
type Json = unknown;

const plainName = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** Fields that name the object (an apply configuration repeats them) or change on every write. */
const ignored: Record<string, ReadonlySet<string>> = {
  '': new Set(['apiVersion', 'kind']),
  metadata: new Set(['name', 'namespace', 'uid', 'resourceVersion', 'managedFields']),
};

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldPath(parent: string, name: string): string {
  if (!plainName.test(name)) return `${parent}[${JSON.stringify(name)}]`;
  return parent ? `${parent}.${name}` : name;
}

function itemKey(items: Json[]): string | undefined {
  for (const key of ['type', 'name']) {
    const values = items.map((item) => (isObject(item) ? item[key] : undefined));
    if (values.every((v) => typeof v === 'string' || typeof v === 'number') && new Set(values).size === values.length) return key;
  }
  return undefined;
}

function collect(path: string, value: Json, out: string[], limit: number): void {
  if (out.length >= limit) return;
  if (isObject(value)) {
    const entries = Object.entries(value).filter(([name]) => !ignored[path]?.has(name) && !name.startsWith('$'));
    if (entries.length === 0 && path) out.push(path);
    for (const [name, child] of entries) collect(fieldPath(path, name), child, out, limit);
    return;
  }
  if (Array.isArray(value) && value.length > 0) {
    const key = itemKey(value);
    if (key) {
      for (const item of value as Record<string, Json>[]) {
        // The key names the item; it is not a field the patch writes.
        const fields = Object.fromEntries(Object.entries(item).filter(([name]) => name !== key));
        collect(`${path}[${key}=${String(item[key])}]`, fields, out, limit);
      }
      return;
    }
  }
  out.push(path || '.');
}

function jsonPointerPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((path, token) => (/^\d+$|^-$/.test(token) ? `${path}[${token}]` : fieldPath(path, token)), '');
}

/** The paths a patch body (a map, or a JSON patch's list of operations) writes; at most `limit`. */
export function writtenPaths(patch: Json, limit = 50): string[] {
  if (Array.isArray(patch)) {
    const paths = patch.flatMap((op) => (isObject(op) && typeof op.path === 'string' && op.op !== 'test' ? [jsonPointerPath(op.path)] : []));
    return [...new Set(paths)].filter((p) => p !== 'metadata.resourceVersion').slice(0, limit);
  }
  const out: string[] = [];
  if (isObject(patch)) collect('', patch, out, limit);
  return out;
}
