/**
 * Admission the generic store consults before a write is stored (after validation), as
 * kube-apiserver's admission chain: NamespaceLifecycle (namespace-lifecycle.ts) and RBAC
 * escalation prevention (../rbac/escalation-admission.ts). The first plugin to throw refuses.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { WriteOptions } from './request-options.ts';
import type { ResourceInfo } from './resource-info.ts';

export interface Admission {
  admitCreate(info: ResourceInfo, obj: KubeObject, options?: WriteOptions): void;
  /** Validating admission of an update of the resource itself (not its subresources), after validation. */
  admitUpdate?(info: ResourceInfo, obj: KubeObject, old: KubeObject, options: WriteOptions): void;
}

/** Plugins asked in order. */
export function admissionChain(...plugins: Admission[]): Admission {
  return {
    admitCreate(info, obj, options) {
      for (const plugin of plugins) plugin.admitCreate(info, obj, options);
    },
    admitUpdate(info, obj, old, options) {
      for (const plugin of plugins) plugin.admitUpdate?.(info, obj, old, options);
    },
  };
}
