/**
 * serverSideApply: `PATCH` with `application/apply-patch+yaml` (the body already decoded).
 *
 * - every field in the configuration is set, and the applier owns exactly those fields;
 * - fields the applier applied before but omits now are removed, unless another manager owns them;
 * - changing a field another manager owns is a 409 conflict naming manager and field, unless
 *   `force`, which takes the field over; setting it to the value it already has shares it;
 * - for the manager "kubectl", fields its client-side apply recorded in last-applied-configuration
 *   are taken over without conflict, and that annotation follows the configuration (last-applied.ts);
 * - fields the write removes are taken from every other manager.
 *
 * Returns the object to store (managedFields set) or throws a StatusError. Inputs are not mutated.
 */
import { newBadRequest, type KubeObject, type ManagedFieldsEntry } from '@dojo/kube-api';
import { newApplyConflict, type ApplyConflict } from './apply-conflict.ts';
import { typedPatchProblems } from './apply-typed-problems.ts';
import { mergeApplied } from './apply-merge.ts';
import { pruneUnowned } from './apply-prune.ts';
import { compareFields } from './compare-fields.ts';
import { emptyObjectLike } from './empty-object.ts';
import { FieldSet } from './field-set.ts';
import { fieldSetOf } from './field-set-of.ts';
import { isJsonObject, jsonEqual, type JsonObject } from './json-value.ts';
import { conflictsNotClaimedByLastApplied, withLastAppliedUpdated } from './last-applied.ts';
import {
  capUpdateManagers,
  decodeManagedFields,
  encodeManagedFields,
  managerIdentity,
  resetFieldSet,
  stripSystemFields,
  withoutManagedFields,
  type ManagedFields,
} from './managed-fields.ts';
import type { ResetFields } from '../registry/field-tracker.ts';
import { newPatchServerError } from './patch-errors.ts';
import type { PatchMeta } from './patch-meta.ts';

export interface ServerSideApplyArgs {
  /** The stored object; undefined when the apply creates it. */
  live: KubeObject | undefined;
  /** The apply configuration (the decoded YAML/JSON body). */
  applied: KubeObject;
  manager: string;
  force: boolean;
  /** The apiVersion the request is served at; the configuration must carry the same. */
  apiVersion: string;
  /** RFC 3339, second precision. */
  time: string;
  meta?: PatchMeta | undefined;
  subresource?: string | undefined;
  /** The endpoint's reset fields: never the applier's, never a conflict (SMD's IgnoreFilter). */
  resetFields?: ResetFields | undefined;
  /** A custom resource: the merged object keeps the configuration's nulls (see mergeApplied). */
  keepNulls?: boolean;
}

export interface ServerSideApplyResult {
  object: KubeObject;
  managedFields: ManagedFieldsEntry[];
  /** False when the configuration changed nothing but ownership. */
  changed: boolean;
}

export function serverSideApply(args: ServerSideApplyArgs): ServerSideApplyResult {
  const { applied, meta } = args;
  if ((applied.apiVersion ?? '') !== args.apiVersion) {
    throw newBadRequest(`Incorrect version specified in apply patch. Specified patch version: ${applied.apiVersion ?? ''}, expected: ${args.apiVersion}`);
  }
  if (applied.metadata?.managedFields !== undefined && applied.metadata.managedFields !== null) {
    throw newBadRequest('metadata.managedFields must be nil');
  }
  const problems = typedPatchProblems(applied, meta, []);
  if (problems.length) {
    // objectGVKNN(patchObj): the configuration's own namespace and name, whatever the live object's.
    const { namespace = '', name = '' } = applied.metadata ?? {};
    // SMD's ValidationErrors: one error inline, several as an indented "errors:" block.
    const detail = problems.length === 1 ? problems[0] : `errors:\n  ${problems.join('\n  ')}`;
    throw newPatchServerError(`failed to create typed patch object (${namespace}/${name}; ${gvkString(args.apiVersion, applied.kind)}): ${detail}`);
  }

  let managed: ManagedFields;
  try {
    managed = decodeManagedFields(args.live?.metadata?.managedFields);
  } catch (err) {
    throw newPatchServerError(`failed to decode managed fields: ${(err as Error).message}`);
  }
  const live: JsonObject = args.live ? withoutManagedFields(args.live) : emptyObjectLike(applied, meta);
  const id = managerIdentity({ manager: args.manager, operation: 'Apply', apiVersion: args.apiVersion, subresource: args.subresource });
  const previous = managed.get(id);
  const reset = args.resetFields?.length ? resetFieldSet(args.resetFields) : undefined;
  const ignoringReset = (set: FieldSet): FieldSet => (reset ? set.recursiveDifference(reset) : set);
  const configured = ignoringReset(stripSystemFields(fieldSetOf(applied, meta)));
  managed.set(id, {
    manager: args.manager,
    operation: 'Apply',
    apiVersion: args.apiVersion,
    ...(args.subresource ? { subresource: args.subresource } : {}),
    ...(previous?.time ? { time: previous.time } : {}),
    fields: configured,
  });

  let object = mergeApplied(live, applied, meta, args.keepNulls === true) as JsonObject;
  if (previous) {
    const owned = [...managed.values()].reduce((all, e) => all.union(e.fields), new FieldSet());
    object = pruneUnowned(object, previous.fields.difference(configured), owned, meta);
  }

  const compared = compareFields(live, object, meta);
  const changedFields = ignoringReset(compared.modified.union(compared.added));
  const removed = ignoringReset(compared.removed);
  const conflicts: ApplyConflict[] = [];
  for (const [otherId, entry] of managed) {
    if (otherId === id) continue;
    const contested = entry.fields.intersection(changedFields);
    for (const path of contested.paths()) conflicts.push({ owner: entry, path });
    managed.set(otherId, { ...entry, fields: entry.fields.difference(contested).difference(removed) });
  }
  if (conflicts.length > 0 && !args.force) {
    // kubectl's upgrade from client-side apply: what it owned by last-applied is no conflict.
    const unclaimed = conflictsNotClaimedByLastApplied(conflicts, args.live, { manager: args.manager, apiVersion: args.apiVersion, meta });
    if (unclaimed.length > 0) throw newApplyConflict(unclaimed);
  }

  const changed = !jsonEqual(live, object);
  const mine = managed.get(id)!;
  // Like the fieldmanager, the applier's time moves only when the object changed.
  if (changed) managed.set(id, { ...mine, time: args.time });
  const managedFields = encodeManagedFields(capUpdateManagers(managed));
  const metadata = isJsonObject(object.metadata) ? { ...object.metadata } : {};
  if (managedFields.length) metadata.managedFields = managedFields;
  else delete metadata.managedFields;
  // Type and object metadata lead, as they do in every object kube-apiserver writes.
  const { apiVersion, kind, ...rest } = object;
  const result = withLastAppliedUpdated({ apiVersion, kind, ...rest, metadata } as KubeObject, applied, args.manager);
  return { object: result, managedFields, changed };
}

/** `apps/v1, Kind=Deployment` (`/v1, Kind=Pod` in the core group), as Go prints a GVK. */
function gvkString(apiVersion: string, kind: unknown): string {
  const gv = apiVersion.includes('/') ? apiVersion : `/${apiVersion}`;
  return `${gv}, Kind=${typeof kind === 'string' ? kind : ''}`;
}
