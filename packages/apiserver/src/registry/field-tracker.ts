/** How the store records field ownership (metadata.managedFields) for each write. */
import type { KubeObject } from '@dojo/kube-api';

/** Field paths an endpoint's strategy resets (kube's GetResetFields), e.g. [['status']]. */
export type ResetFields = readonly (readonly string[])[];

/** The resource itself resets status when status has its own endpoint; `/status` resets spec. */
export const statusResetFields: ResetFields = [['status']];
export const specResetFields: ResetFields = [['spec']];

export interface FieldTracker {
  /**
   * Records an Update operation by `manager`; sets `obj.metadata.managedFields`. No manager
   * ever owns `resetFields` (the endpoint's strategy sets them, not the writer).
   */
  update(args: {
    obj: KubeObject;
    old: KubeObject | undefined;
    manager: string;
    apiVersion: string;
    subresource?: string | undefined;
    time: string;
    resetFields?: ResetFields | undefined;
    /** A `/scale` write: the parent's spec replicas path, e.g. ['spec', 'replicas'] (kube's ScaleHandler). */
    scaleReplicasPath?: readonly string[];
  }): void;
}

/** kube-apiserver's default manager name: the User-Agent up to the first '/'. */
export function defaultFieldManager(userAgent: string | undefined): string {
  const prefix = (userAgent ?? 'unknown').split('/')[0] ?? 'unknown';
  return prefix.slice(0, 128) || 'unknown';
}
