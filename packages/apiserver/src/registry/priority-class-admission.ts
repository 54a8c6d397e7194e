/**
 * The Priority admission plugin's rule for PriorityClasses (plugin/pkg/admission/priority): only
 * one class may be the global default.
 */
import { newForbidden, type KubeObject } from '@dojo/kube-api';
import type { RevisionedStore } from '../storage/revisioned-store.ts';
import type { Admission } from './admission.ts';
import { priorityClasses } from './builtin/scheduling-kinds.ts';
import type { ResourceInfo } from './resource-info.ts';

/** getDefaultPriorityClass: the global default with the lowest value, if any. */
function globalDefault(store: RevisionedStore): KubeObject | undefined {
  return store
    .list(priorityClasses.bucket)
    .map((stored) => JSON.parse(stored.json) as KubeObject)
    .filter((pc) => pc.globalDefault === true)
    .sort((a, b) => Number(a.value ?? 0) - Number(b.value ?? 0))[0];
}

export function priorityClassAdmission(store: RevisionedStore): Admission {
  /** A create may not add a second default; an update may not make another class one. */
  const admit = (info: ResourceInfo, obj: KubeObject, isUpdate: boolean): void => {
    if (info.bucket !== priorityClasses.bucket || obj.globalDefault !== true) return;
    const existing = globalDefault(store);
    if (existing && (!isUpdate || existing.metadata.name !== obj.metadata.name)) {
      throw newForbidden(
        { group: info.group, resource: info.resource },
        obj.metadata.name ?? '',
        `PriorityClass ${existing.metadata.name ?? ''} is already marked as default. Only one default can exist`,
      );
    }
  };
  return {
    admitCreate: (info, obj) => admit(info, obj, false),
    admitUpdate: (info, obj) => admit(info, obj, true),
  };
}
