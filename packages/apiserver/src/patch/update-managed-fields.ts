/**
 * updateManagedFields: the ownership bookkeeping of an ordinary create, update or non-apply
 * patch (operation "Update"). The writing manager takes every field the write added or changed,
 * every other manager loses those fields and any the write removed, and entries left empty
 * disappear. An update never conflicts: updaters always win.
 */
import type { KubeObject, ManagedFieldsEntry } from '@dojo/kube-api';
import type { ResetFields } from '../registry/field-tracker.ts';
import { compareFields } from './compare-fields.ts';
import { createdFieldsV1 } from './created-fields.ts';
import { emptyObjectLike } from './empty-object.ts';
import { FieldSet } from './field-set.ts';
import {
  capUpdateManagers,
  decodeManagedFields,
  encodeManagedFields,
  isManagedFieldsReset,
  resetFieldSet,
  managerIdentity,
  stripSystemFields,
  withoutManagedFields,
  type ManagedFields,
} from './managed-fields.ts';
import type { JsonObject } from './json-value.ts';
import type { PatchMeta } from './patch-meta.ts';

export interface UpdateManagedFieldsArgs {
  /** The stored object; undefined for a create. */
  old: KubeObject | undefined;
  /** The object about to be stored; its own managedFields, when sent, replace the stored ones. */
  new: KubeObject;
  manager: string;
  /** Always "Update"; applies go through serverSideApply. */
  operation?: 'Update';
  apiVersion: string;
  /** RFC 3339, second precision: the entry's time when this write changes its fields. */
  time: string;
  subresource?: string | undefined;
  meta?: PatchMeta | undefined;
  /**
   * The endpoint's reset fields (a strategy's GetResetFields: `status` on the resource itself,
   * `spec` on /status): the server decides them, so kube's field manager never records them
   * for anyone (an IgnoreFilter on the comparison). Keep one constant per endpoint: its
   * FieldSet is built once.
   */
  resetFields?: ResetFields | undefined;
}

/** The object without its top-level reset fields, or undefined when a reset path is deeper. */
function withoutTopLevelReset(obj: KubeObject, paths: ResetFields | undefined): KubeObject | undefined {
  if (!paths?.length) return obj;
  if (paths.some((path) => path.length !== 1)) return undefined;
  if (!paths.some(([name]) => obj[name!] !== undefined)) return obj;
  const out = { ...obj };
  for (const [name] of paths) delete out[name!];
  return out;
}

/** Returns a copy of `args.new` whose metadata.managedFields records this write. */
export function updateManagedFields(args: UpdateManagedFieldsArgs): KubeObject {
  const stripped = withoutManagedFields(args.new);
  const entries = managedFieldsAfterUpdate(args);
  if (!entries) return stripped;
  return { ...stripped, metadata: { ...stripped.metadata, ...(entries.length ? { managedFields: entries } : {}) } };
}

/** What updateManagedFields records: the new entries, or undefined to clear them (the stored ones are unreadable). */
export function managedFieldsAfterUpdate(args: UpdateManagedFieldsArgs): ManagedFieldsEntry[] | undefined {
  const base = baseManagedFields(args);
  if (!base) return undefined;
  // kube's skipNonAppliedManager: an update (not a create) that starts from no managed fields —
  // the object has none, or the request reset them — records none; only an apply starts again.
  if (args.old && base.size === 0) return [];
  const created = !args.old && base.size === 0 ? withoutTopLevelReset(args.new, args.resetFields) : undefined;
  if (created) {
    // The common create: one manager takes all it set (created-fields.ts), in one walk.
    const fieldsV1 = createdFieldsV1(created, args.meta);
    if (fieldsV1) return Object.keys(fieldsV1).length === 0 ? [] : [updateEntry(args, fieldsV1)];
  }
  const stripped = withoutManagedFields(args.new);
  const before = args.old ? withoutManagedFields(args.old) : emptyObjectLike(stripped, args.meta);
  const compared = compareFields(before, stripped, args.meta);
  const reset = args.resetFields?.length ? resetFieldSet(args.resetFields) : undefined;
  const removed = reset ? compared.removed.recursiveDifference(reset) : compared.removed;
  let changed = stripSystemFields(compared.modified.union(compared.added));
  if (reset) changed = changed.recursiveDifference(reset);

  const managers: ManagedFields = new Map();
  for (const [id, entry] of base) {
    // Most managers own none of what this write touched: their sets are kept, not copied.
    const touched = entry.fields.overlaps(removed) || entry.fields.overlaps(changed);
    managers.set(id, touched ? { ...entry, fields: entry.fields.difference(removed).difference(changed) } : entry);
  }
  if (!changed.isEmpty()) {
    const id = managerIdentity({ manager: args.manager, operation: 'Update', apiVersion: args.apiVersion, subresource: args.subresource });
    const previous = managers.get(id)?.fields ?? new FieldSet();
    managers.set(id, {
      manager: args.manager,
      operation: 'Update',
      apiVersion: args.apiVersion,
      ...(args.subresource ? { subresource: args.subresource } : {}),
      time: args.time,
      fields: previous.union(changed),
    });
  }
  return encodeManagedFields(capUpdateManagers(managers));
}

/** The wire entry of this write's manager, as encodeManagedFields writes it. */
function updateEntry(args: UpdateManagedFieldsArgs, fieldsV1: JsonObject): ManagedFieldsEntry {
  return {
    manager: args.manager,
    operation: 'Update',
    apiVersion: args.apiVersion,
    ...(args.time ? { time: args.time } : {}),
    fieldsType: 'FieldsV1',
    fieldsV1,
    ...(args.subresource ? { subresource: args.subresource } : {}),
  };
}

/**
 * The ownership this write starts from: what the request sent (so clients can edit
 * managedFields), else what is stored. Subresource writes always start from the stored
 * entries. Undefined when the stored entries are unreadable: like UpdateNoErrors, the write
 * then proceeds with managedFields cleared rather than failing.
 */
function baseManagedFields(args: UpdateManagedFieldsArgs): ManagedFields | undefined {
  const sent = args.new.metadata?.managedFields;
  if (!args.subresource && isManagedFieldsReset(sent)) return new Map();
  if (!args.subresource && Array.isArray(sent) && sent.length > 0) {
    try {
      return decodeManagedFields(sent);
    } catch {
      // Unreadable entries in the request fall back to the stored ones, as kube-apiserver does.
    }
  }
  try {
    return decodeManagedFields(args.old?.metadata?.managedFields);
  } catch {
    return undefined;
  }
}
