/**
 * Admission the generic store consults before a write is stored (after validation), as
 * kube-apiserver's admission chain: NamespaceLifecycle (namespace-lifecycle.ts) and RBAC
 * escalation prevention (../rbac/escalation-admission.ts). The first plugin to throw refuses.
 *
 * Like kube's chain it has two phases: every plugin's mutation (defaults such as a storage class
 * or a protection finalizer), then every plugin's validation. The store runs both together on
 * its synchronous path; when admission webhooks are called it runs the mutations before the
 * mutating webhooks, as kube orders its built-in mutating plugins before MutatingAdmissionWebhook.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { WriteOptions } from './request-options.ts';
import type { ResourceInfo } from './resource-info.ts';

export interface Admission {
  /** Mutating admission of a create (kube's MutationInterface.Admit): may change the object. */
  mutateCreate?(info: ResourceInfo, obj: KubeObject, options?: WriteOptions): void;
  /** Validating admission of a create: refuses by throwing. */
  admitCreate?(info: ResourceInfo, obj: KubeObject, options?: WriteOptions): void;
  /** Validating admission of an update of the resource itself (not its subresources), after validation. */
  admitUpdate?(info: ResourceInfo, obj: KubeObject, old: KubeObject, options: WriteOptions): void;
}

/** Plugins asked in order. */
export function admissionChain(...plugins: Admission[]): Admission {
  return {
    mutateCreate(info, obj, options) {
      for (const plugin of plugins) plugin.mutateCreate?.(info, obj, options);
    },
    admitCreate(info, obj, options) {
      for (const plugin of plugins) plugin.admitCreate?.(info, obj, options);
    },
    admitUpdate(info, obj, old, options) {
      for (const plugin of plugins) plugin.admitUpdate?.(info, obj, old, options);
    },
  };
}
