/**
 * The patch machinery behind the HTTP PATCH handler (`PatchEngine`): JSON, merge and strategic
 * merge patches, and server-side apply, each choosing its PatchMeta from the resource.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { PatchEngine } from '../http/patch-engine.ts';
import { apiVersionOfInfo, type ResourceInfo } from '../registry/resource-info.ts';
import { builtinPatchMeta } from './builtin-patch-meta.ts';
import { mergePatchObject } from './json-merge-patch.ts';
import { applyJsonPatch } from './json-patch.ts';
import type { PatchMeta } from './patch-meta.ts';
import { patchMetaFromSchema } from './patch-meta-from-schema.ts';
import { strategicMergePatchUnsupported } from './patch-types.ts';
import { serverSideApply } from './server-side-apply.ts';
import { applyStrategicMergePatch } from './strategic-merge-patch.ts';

/**
 * The object's own kind first (a /scale patch carries an autoscaling/v1 Scale whatever the
 * resource), then the resource's built-in table, then its OpenAPI schema (custom resources).
 */
export function patchMetaFor(info: ResourceInfo, obj?: Pick<KubeObject, 'apiVersion' | 'kind'>): PatchMeta | undefined {
  const own = obj?.apiVersion && obj.kind ? builtinPatchMeta(obj.apiVersion, obj.kind) : undefined;
  const builtin = own ?? builtinPatchMeta(apiVersionOfInfo(info), info.kind);
  if (builtin) return builtin;
  return info.schema ? patchMetaFromSchema(info.schema) : undefined;
}

export const kubePatchEngine = {
  patch(type, info, current, patch) {
    switch (type) {
      case 'json':
        return applyJsonPatch(current, patch);
      case 'merge':
        return mergePatchObject(current, patch);
      case 'strategic': {
        const isScale = current.kind === 'Scale' && current.apiVersion === 'autoscaling/v1';
        if (!info.strategicMergePatch && !isScale) throw strategicMergePatchUnsupported();
        return applyStrategicMergePatch(current, patch, patchMetaFor(info, current));
      }
    }
  },
  apply({ info, current, applied, manager, force, time, subresource, resetFields }) {
    const apiVersion = apiVersionOfInfo(info);
    return serverSideApply({
      live: current,
      applied,
      manager,
      force,
      apiVersion,
      time,
      subresource,
      meta: patchMetaFor(info, applied),
      resetFields,
      keepNulls: info.customResource === true,
    }).object;
  },
} satisfies PatchEngine;
