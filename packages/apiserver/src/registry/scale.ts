/**
 * The scale subresource: an autoscaling/v1 Scale view of any kind with replica paths, served by
 * its own small REST storage over the resource's main store (deployment/storage's ScaleREST), so
 * a scale write is an update of the object itself.
 */
import { fieldError, LabelSelector, newInvalid, newNotFound, type KubeObject, type LabelSelectorObject } from '@dojo/kube-api';
import type { GenericStore } from './generic-store.ts';
import type { WriteOptions } from './request-options.ts';
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

function toScale(info: ResourceInfo, paths: ScaleSubresource, obj: KubeObject): Scale {
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
function applyScale(paths: ScaleSubresource, obj: KubeObject, scale: Partial<Scale>): KubeObject {
  const out = structuredClone(obj);
  writePath(out as Record<string, unknown>, paths.specReplicasPath, scale.spec?.replicas ?? 0);
  if (scale.metadata?.resourceVersion) out.metadata.resourceVersion = scale.metadata.resourceVersion;
  return out;
}

/** kube's ValidateScale, on the Scale a client sent and on one a webhook patched. */
function checkScale(name: string, scale: Partial<Scale>): void {
  // Scale's spec.replicas is a plain int32: absent means 0 (a protobuf Scale of 0 carries none).
  const replicas = scale.spec?.replicas ?? 0;
  if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0) {
    throw newInvalid({ group: 'autoscaling', kind: 'Scale' }, name, [
      fieldError.invalid('spec.replicas', replicas ?? null, 'must be greater than or equal to 0'),
    ]);
  }
}

export class ScaleStorage {
  private readonly main: GenericStore;

  constructor(
    main: GenericStore,
    private readonly paths: ScaleSubresource,
  ) {
    // Admission webhooks for `resource/scale` are sent the Scale (kind autoscaling/v1 Scale) and patch it.
    this.main = main.withAdmissionView({
      kind: { group: 'autoscaling', version: 'v1', kind: 'Scale' },
      toView: (obj) => toScale(main.info, paths, obj) as unknown as KubeObject,
      fromView: (obj, view) => {
        checkScale(obj.metadata.name ?? '', view as unknown as Scale);
        return applyScale(paths, obj, view as unknown as Scale);
      },
    });
  }

  get(namespace: string | undefined, name: string): Scale {
    return toScale(this.main.info, this.paths, this.main.get(namespace, name));
  }

  /** PUT and PATCH .../scale: `nextScale` computes the new Scale from the latest object's. */
  async update(namespace: string | undefined, name: string, nextScale: (current: Scale) => Partial<Scale>, options: WriteOptions): Promise<Scale> {
    const { info } = this.main;
    if (!this.main.getLatest(namespace, name)) throw newNotFound(groupResourceOf(info), name);
    const result = await this.main.update(
      namespace,
      name,
      (latest) => {
        const scale = nextScale(toScale(info, this.paths, latest));
        checkScale(name, scale);
        return applyScale(this.paths, latest, scale);
      },
      options,
    );
    return toScale(info, this.paths, result.object);
  }
}
