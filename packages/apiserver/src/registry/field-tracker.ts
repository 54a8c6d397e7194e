/** How the store records field ownership (metadata.managedFields) for each write. */
import type { KubeObject } from '@dojo/kube-api';

export interface FieldTracker {
  /** Records an Update operation by `manager`; sets `obj.metadata.managedFields`. */
  update(args: { obj: KubeObject; old: KubeObject | undefined; manager: string; apiVersion: string; subresource?: string; time: string }): void;
}

/** kube-apiserver's default manager name: the User-Agent up to the first '/'. */
export function defaultFieldManager(userAgent: string | undefined): string {
  const prefix = (userAgent ?? 'unknown').split('/')[0] ?? 'unknown';
  return prefix.slice(0, 128) || 'unknown';
}
