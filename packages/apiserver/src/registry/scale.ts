/** The scale subresource: an autoscaling/v1 Scale view of any kind with replica paths. */
import { LabelSelector, newNotFound, type KubeObject, type LabelSelectorObject } from '@dojo/kube-api';
import type { ResourceInfo, ScaleSubresource } from './resource-info.ts';
import { groupResourceOf } from './resource-info.ts';

export interface Scale {
  kind: 'Scale';
  apiVersion: 'autoscaling/v1';
  metadata: KubeObject['metadata'];
  spec: { replicas?: number };
  status: { replicas: number; selector?: string };
}

function pathParts(path: string): string[] {
  return path.replace(/^\./, '').split('.');
}

function readPath(obj: unknown, path: string): unknown {
  let v = obj;
  for (const p of pathParts(path)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}

function writePath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const parts = pathParts(path);
  let v = obj;
  for (const p of parts.slice(0, -1)) {
    const next = v[p];
    if (next === null || typeof next !== 'object') v[p] = {};
    v = v[p] as Record<string, unknown>;
  }
  v[parts[parts.length - 1]!] = value;
}

function scaleOf(info: ResourceInfo): ScaleSubresource {
  if (!info.scale) throw newNotFound(groupResourceOf(info), 'scale');
  return info.scale;
}

export function toScale(info: ResourceInfo, obj: KubeObject): Scale {
  const paths = scaleOf(info);
  const { name, namespace, uid, resourceVersion, creationTimestamp } = obj.metadata;
  const replicas = readPath(obj, paths.specReplicasPath);
  let selector: string | undefined;
  if (info.group === 'apps') {
    try {
      selector = LabelSelector.fromObject(readPath(obj, '.spec.selector') as LabelSelectorObject).toString();
    } catch {
      selector = undefined;
    }
  } else if (paths.labelSelectorPath) {
    const s = readPath(obj, paths.labelSelectorPath);
    if (typeof s === 'string') selector = s;
  }
  const scale: Scale = {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name, namespace, uid, resourceVersion, creationTimestamp },
    spec: {},
    status: { replicas: Number(readPath(obj, paths.statusReplicasPath) ?? 0) },
  };
  if (typeof replicas === 'number') scale.spec.replicas = replicas;
  if (selector) scale.status.selector = selector;
  return scale;
}

/** Applies a Scale's spec.replicas to the object (the write path of PUT/PATCH .../scale). */
export function applyScale(info: ResourceInfo, obj: KubeObject, scale: Partial<Scale>): KubeObject {
  const paths = scaleOf(info);
  const out = structuredClone(obj);
  writePath(out as Record<string, unknown>, paths.specReplicasPath, scale.spec?.replicas ?? 0);
  if (scale.metadata?.resourceVersion) out.metadata.resourceVersion = scale.metadata.resourceVersion;
  return out;
}
