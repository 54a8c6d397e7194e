/** What the PATCH handler needs from the patch machinery (implemented in ../patch/). */
import type { KubeObject } from '@dojo/kube-api';
import type { ResourceInfo } from '../registry/resource-info.ts';
import type { ResetFields } from '../registry/field-tracker.ts';
import type { PatchKind } from '../patch/patch-types.ts';

export interface PatchEngine {
  /** Applies a JSON, merge or strategic-merge patch to a copy of `current`. */
  patch(type: Exclude<PatchKind, 'apply'>, info: ResourceInfo, current: KubeObject, patch: unknown): KubeObject;
  /**
   * Server-side apply of `applied` onto `current` (absent: create). Throws 409 on conflicts.
   * `subresource` (status) is stamped on the manager's managedFields entry, as kube does.
   */
  apply(args: {
    info: ResourceInfo;
    current: KubeObject | undefined;
    applied: KubeObject;
    manager: string;
    force: boolean;
    time: string;
    subresource?: string | undefined;
    resetFields?: ResetFields | undefined;
  }): KubeObject;
}
