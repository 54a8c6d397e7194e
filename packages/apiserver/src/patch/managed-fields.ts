/**
 * metadata.managedFields as the fieldmanager package keeps it: one entry per manager identity
 * (manager, operation, apiVersion for Update only, subresource), each owning a FieldSet. This
 * file decodes, encodes and tidies them; updates and applies live in their own files.
 */
import type { ManagedFieldsEntry } from '@dojo/kube-api';
import type { ResetFields } from '../registry/field-tracker.ts';
import { FieldSet } from './field-set.ts';
import { fieldElement } from './field-path.ts';
import { fromFieldsV1, toFieldsV1 } from './fields-v1.ts';
import { isJsonObject, presentEntries } from './json-value.ts';

export interface ManagerEntry {
  readonly manager: string;
  readonly operation: 'Apply' | 'Update';
  readonly apiVersion: string;
  readonly subresource?: string | undefined;
  readonly time?: string | undefined;
  readonly fields: FieldSet;
}

/** Entries keyed by managerIdentity. */
export type ManagedFields = Map<string, ManagerEntry>;

/**
 * BuildManagerIdentifier: the JSON of the entry without time and fields. Appliers are one
 * identity whatever apiVersion they apply with; updaters are one per apiVersion.
 */
export function managerIdentity(entry: Pick<ManagerEntry, 'manager' | 'operation' | 'apiVersion' | 'subresource'>): string {
  return JSON.stringify({
    manager: entry.manager || undefined,
    operation: entry.operation,
    apiVersion: entry.operation === 'Update' && entry.apiVersion ? entry.apiVersion : undefined,
    subresource: entry.subresource || undefined,
  });
}

/**
 * Fields no manager ever owns (fieldmanager's stripMeta): identity and system metadata that
 * the server, not a client, decides.
 */
const strippedFields = FieldSet.of(
  [
    ['apiVersion'],
    ['kind'],
    ['metadata'],
    ...['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion'].map((name) => [
      'metadata',
      name,
    ]),
  ].map((path) => path.map(fieldElement)),
);

export function stripSystemFields(set: FieldSet): FieldSet {
  return set.overlaps(strippedFields) ? set.difference(strippedFields) : set;
}

/** Decodes entries; throws an Error with the fieldmanager's wording when one is malformed. */
export function decodeManagedFields(entries: unknown): ManagedFields {
  const managed: ManagedFields = new Map();
  if (entries === undefined || entries === null) return managed;
  if (!Array.isArray(entries)) throw new Error('managedFields must be a list');
  entries.forEach((raw: unknown, i) => {
    if (!isJsonObject(raw)) throw new Error(`managed fields entry ${i} must be an object`);
    const { manager, operation, apiVersion, time, fieldsType, fieldsV1, subresource } = raw;
    if (operation !== 'Apply' && operation !== 'Update') throw new Error('operation must be `Apply` or `Update`');
    if (typeof apiVersion !== 'string' || apiVersion === '') throw new Error('apiVersion must not be empty');
    if (fieldsType === undefined || fieldsType === '') throw new Error(`missing fieldsType in managed fields entry ${i}`);
    if (fieldsType !== 'FieldsV1') throw new Error(`invalid fieldsType ${JSON.stringify(fieldsType)} in managed fields entry ${i}`);
    const entry: ManagerEntry = {
      manager: typeof manager === 'string' ? manager : '',
      operation,
      apiVersion,
      ...(typeof subresource === 'string' && subresource ? { subresource } : {}),
      ...(typeof time === 'string' ? { time } : {}),
      fields: fromFieldsV1(fieldsV1),
    };
    managed.set(managerIdentity(entry), entry);
  });
  return managed;
}

/**
 * True for `[{}]`, the documented way to wipe managedFields: a list with one empty entry. (An
 * empty list means "not sent" and keeps the stored entries.)
 */
export function isManagedFieldsReset(entries: unknown): boolean {
  return Array.isArray(entries) && entries.length === 1 && isJsonObject(entries[0]) && presentEntries(entries[0]).length === 0;
}

/** Wire entries in the fieldmanager's order: Apply before Update, then by time, manager, version. */
export function encodeManagedFields(managed: ManagedFields): ManagedFieldsEntry[] {
  const entries = [...managed.values()]
    .filter((e) => !e.fields.isEmpty())
    .map((e): ManagedFieldsEntry => ({
      manager: e.manager,
      operation: e.operation,
      apiVersion: e.apiVersion,
      ...(e.time ? { time: e.time } : {}),
      fieldsType: 'FieldsV1',
      fieldsV1: toFieldsV1(e.fields),
      ...(e.subresource ? { subresource: e.subresource } : {}),
    }));
  const seconds = (e: ManagedFieldsEntry) => (e.time ? Math.floor(Date.parse(e.time) / 1000) : 0);
  const text = (a = '', b = '') => (a < b ? -1 : a > b ? 1 : 0);
  return entries.sort(
    (p, q) =>
      text(p.operation, q.operation) ||
      seconds(p) - seconds(q) ||
      text(p.manager, q.manager) ||
      text(p.apiVersion, q.apiVersion) ||
      text(p.subresource, q.subresource),
  );
}

/** kube-apiserver keeps at most this many Update entries (DefaultMaxUpdateManagers). */
export const maxUpdateManagers = 10;
const oldUpdatesManager = 'ancient-changes';

/**
 * capManagers: when there are too many Update entries, the oldest are folded into one
 * "ancient-changes" entry per apiVersion so managedFields cannot grow without bound.
 */
export function capUpdateManagers(managed: ManagedFields): ManagedFields {
  let updates = 0;
  for (const e of managed.values()) if (e.operation === 'Update') updates++;
  if (updates <= maxUpdateManagers) return managed;
  const out = new Map(managed);
  const updaters = () =>
    [...out.entries()]
      .filter(([, e]) => e.operation === 'Update' && e.manager !== oldUpdatesManager)
      .sort(([ia, a], [ib, b]) => (Date.parse(a.time ?? '0') || 0) - (Date.parse(b.time ?? '0') || 0) || (ia < ib ? -1 : 1));
  const updateCount = () => [...out.values()].filter((e) => e.operation === 'Update').length;
  while (updateCount() > maxUpdateManagers) {
    const oldest = updaters()[0];
    if (!oldest) break;
    const [id, entry] = oldest;
    out.delete(id);
    const bucketId = managerIdentity({ manager: oldUpdatesManager, operation: 'Update', apiVersion: entry.apiVersion });
    const bucket = out.get(bucketId);
    const time = [bucket?.time, entry.time]
      .filter((t): t is string => !!t)
      .sort()
      .pop();
    out.set(bucketId, {
      manager: oldUpdatesManager,
      operation: 'Update',
      apiVersion: entry.apiVersion,
      ...(time ? { time } : {}),
      fields: bucket ? bucket.fields.union(entry.fields) : entry.fields,
    });
  }
  return out;
}

/** A copy of the object without metadata.managedFields: ownership is never itself owned. */
export function withoutManagedFields<T extends { metadata?: unknown }>(obj: T): T {
  const metadata = isJsonObject(obj.metadata) ? { ...obj.metadata } : undefined;
  if (metadata) delete metadata.managedFields;
  return metadata ? { ...obj, metadata } : obj;
}

const resetFieldSets = new WeakMap<ResetFields, FieldSet>();

/** An endpoint's reset fields as a FieldSet, built once per (constant) list of paths. */
export function resetFieldSet(paths: ResetFields): FieldSet {
  let set = resetFieldSets.get(paths);
  if (!set) {
    set = FieldSet.of(paths.map((path) => path.map(fieldElement)));
    resetFieldSets.set(paths, set);
  }
  return set;
}
