/** Admission the generic store consults before a create is written (after validation). */
import type { KubeObject } from '@dojo/kube-api';
import type { ResourceInfo } from './resource-info.ts';

export interface Admission {
  /** Rejects writes into missing or terminating namespaces (NamespaceLifecycle). */
  admitCreate(info: ResourceInfo, obj: KubeObject): void;
  /** Validating admission of an update of the resource itself (not its subresources), after validation. */
  admitUpdate?(info: ResourceInfo, obj: KubeObject, old: KubeObject): void;
}
