/**
 * The store's FieldTracker: records every create and update as an "Update" managedFields
 * operation, a `/scale` write through the parent's replicas path (scale-managed-fields.ts). An
 * object that just came out of server-side apply already carries its ownership (the applier's
 * Apply entry changed), and is left as it is.
 */
import type { KubeObject, ManagedFieldsEntry } from '@dojo/kube-api';
import type { FieldTracker } from '../registry/field-tracker.ts';
import { builtinPatchMeta } from './builtin-patch-meta.ts';
import { jsonEqual } from './json-value.ts';
import type { PatchMeta } from './patch-meta.ts';
import { managedFieldsAfterScale } from './scale-managed-fields.ts';
import { managedFieldsAfterUpdate } from './update-managed-fields.ts';

export type PatchMetaResolver = (obj: KubeObject) => PatchMeta | undefined;

const builtinMeta: PatchMetaResolver = (obj) => (obj.apiVersion && obj.kind ? builtinPatchMeta(obj.apiVersion, obj.kind) : undefined);

export function createManagedFieldsTracker(resolveMeta: PatchMetaResolver = builtinMeta): FieldTracker {
  return {
    update({ obj, old, manager, apiVersion, subresource, time, resetFields, scaleReplicasPath }) {
      if (isApplyResult(obj, old, manager)) return;
      if (scaleReplicasPath && old) {
        const scaled = managedFieldsAfterScale({ old, new: obj, manager, apiVersion, replicasPath: scaleReplicasPath });
        if (scaled) obj.metadata.managedFields = scaled;
        return;
      }
      const entries = managedFieldsAfterUpdate({ old, new: obj, manager, apiVersion, time, subresource, meta: resolveMeta(obj), resetFields });
      if (entries?.length) obj.metadata.managedFields = entries;
      else delete obj.metadata.managedFields;
    },
  };
}

/** True when `manager`'s Apply entry differs from the stored one: this write was its apply. */
export function isApplyResult(obj: KubeObject, old: KubeObject | undefined, manager: string): boolean {
  const applies = (o: KubeObject | undefined) =>
    (o?.metadata?.managedFields ?? []).filter((e: ManagedFieldsEntry) => e.operation === 'Apply' && e.manager === manager);
  const before = applies(old);
  return applies(obj).some((entry) => !before.some((b) => jsonEqual(b, entry)));
}
