/**
 * managedFields of a write through `/scale` (k8s.io/apimachinery's managedfields.ScaleHandler).
 * kube converts the parent's entries to the Scale (each owner of the replicas path owns the
 * Scale's `spec.replicas`), runs the field manager on the two Scales, and converts back:
 *
 * - when the replicas change, the writer ("manager", Update, `subresource: scale`) owns the
 *   parent's replicas path, and every other owner loses it (an entry left empty goes);
 * - the writer's parent entry holds nothing else (ToParent sets it to the replicas path
 *   alone), and keeps the parent's time for it: none when it is new;
 * - when they do not change, nothing does.
 */
import type { KubeObject, ManagedFieldsEntry } from '@dojo/kube-api';
import { fieldElement } from './field-path.ts';
import { FieldSet } from './field-set.ts';
import { jsonEqual } from './json-value.ts';
import { decodeManagedFields, encodeManagedFields, managerIdentity, type ManagedFields } from './managed-fields.ts';

export interface ScaleManagedFieldsArgs {
  old: KubeObject;
  new: KubeObject;
  manager: string;
  /** The parent's apiVersion (the scale entry is recorded in it, as ToParent does). */
  apiVersion: string;
  /** The parent's spec replicas path as field names, e.g. ['spec', 'replicas']. */
  replicasPath: readonly string[];
}

/** The parent's entries after the scale write; undefined leaves them as they are (unchanged or unreadable). */
export function managedFieldsAfterScale(args: ScaleManagedFieldsArgs): ManagedFieldsEntry[] | undefined {
  if (jsonEqual(valueAt(args.old, args.replicasPath), valueAt(args.new, args.replicasPath))) return undefined;
  let parent: ManagedFields;
  try {
    parent = decodeManagedFields(args.old.metadata.managedFields);
  } catch {
    return undefined;
  }
  const path = args.replicasPath.map(fieldElement);
  const replicas = FieldSet.of([path]);
  const writer = managerIdentity({ manager: args.manager, operation: 'Update', apiVersion: args.apiVersion, subresource: 'scale' });
  const managers: ManagedFields = new Map();
  for (const [id, entry] of parent) {
    if (id === writer || !entry.fields.has(path)) {
      managers.set(id, entry);
      continue;
    }
    const rest = entry.fields.difference(replicas);
    if (!rest.isEmpty()) managers.set(id, { ...entry, fields: rest });
  }
  const previous = parent.get(writer);
  if (!previous?.fields.has(path)) {
    managers.set(writer, {
      manager: args.manager,
      operation: 'Update',
      apiVersion: args.apiVersion,
      subresource: 'scale',
      ...(previous?.time ? { time: previous.time } : {}),
      fields: replicas,
    });
  }
  return encodeManagedFields(managers);
}

function valueAt(obj: unknown, path: readonly string[]): unknown {
  let value = obj;
  for (const name of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}
