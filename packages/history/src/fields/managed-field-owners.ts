/**
 * Who owns each field now, from an object's managedFields (server-side apply's field sets,
 * `fieldsV1`), named the way field-paths.ts names fields: `f:spec` → `spec`,
 * `k:{"type":"Ready"}` → `[type=Ready]`, `i:0` → `[0]`; a `v:` set member names its list.
 * A field may have several owners: server-side apply shares a field among managers that
 * applied the same value.
 */
import type { ManagedFieldsEntry } from '@dojo/kube-api';
import { fieldPath, isObject } from './field-paths.ts';

/** Field path -> the managers that own it. */
export function fieldOwners(entries: readonly ManagedFieldsEntry[] | undefined): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const entry of entries ?? []) {
    if (!entry.manager) continue;
    for (const path of ownedPaths(entry.fieldsV1)) {
      const list = owners.get(path) ?? [];
      if (!list.includes(entry.manager)) list.push(entry.manager);
      owners.set(path, list);
    }
  }
  return owners;
}

/** The paths of one field set: its leaves, and the items and maps it owns as a whole (`.`). */
export function ownedPaths(fields: unknown, prefix = ''): string[] {
  if (!isObject(fields)) return [];
  const out: string[] = [];
  for (const [name, child] of Object.entries(fields)) {
    if (name === '.') {
      if (prefix) out.push(prefix);
      continue;
    }
    const path = segment(prefix, name);
    if (path === undefined) continue;
    if (path === prefix || !isObject(child) || Object.keys(child).length === 0) out.push(path);
    else out.push(...ownedPaths(child, path));
  }
  return [...new Set(out)];
}

function segment(prefix: string, name: string): string | undefined {
  const kind = name.slice(0, 2);
  const rest = name.slice(2);
  if (kind === 'f:') return fieldPath(prefix, rest);
  if (kind === 'i:') return `${prefix}[${rest}]`;
  if (kind === 'v:') return prefix;
  if (kind === 'k:') {
    try {
      const key = JSON.parse(rest) as Record<string, unknown>;
      const parts = Object.entries(key);
      if (parts.length === 1 && (parts[0]![0] === 'type' || parts[0]![0] === 'name')) return `${prefix}[${parts[0]![0]}=${String(parts[0]![1])}]`;
      return `${prefix}[${parts.map(([k, v]) => `${k}=${String(v)}`).join(',')}]`;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
