/**
 * The Priority admission plugin's rule for PriorityClasses (plugin/pkg/admission/priority): only
 * one class may be the global default.
 */
import { newForbidden, type KubeObject } from '@dojo/kube-api';
import type { RevisionedStore } from '../storage/revisioned-store.ts';
import type { Admission } from './admission.ts';
import { priorityClasses } from './builtin/scheduling-kinds.ts';
import type { ResourceInfo } from './resource-info.ts';

export function priorityClassAdmission(store: RevisionedStore): Admission {
  return {
    admitCreate(info: ResourceInfo, obj: KubeObject): void {
      if (info.bucket !== priorityClasses.bucket || obj.globalDefault !== true) return;
      for (const stored of store.list(priorityClasses.bucket)) {
        const existing = JSON.parse(stored.json) as KubeObject;
        if (existing.globalDefault === true && existing.metadata.name !== obj.metadata.name) {
          throw newForbidden({ group: info.group, resource: info.resource }, obj.metadata.name ?? '', `PriorityClass ${existing.metadata.name ?? ''} is already marked as default. Only one default can exist`);
        }
      }
    },
  };
}

/** Admission plugins in order; the first to refuse decides. */
export function admissionChain(...plugins: Admission[]): Admission {
  return { admitCreate: (info, obj) => plugins.forEach((p) => p.admitCreate(info, obj)) };
}
