/**
 * kube's EquivalentResourceMapper, for `matchPolicy: Equivalent` in webhooks and policies alike:
 * the resources served from the same storage (every version of a group/resource, and an alias
 * group sharing its bucket), with the kind each serves for the requested subresource (KindFor):
 * the resource's own for the object and `status`, autoscaling/v1 Scale for `scale`. A
 * subresource an equivalent does not serve, or one with no known kind, has no equivalents.
 */
import type { ResourceInfo } from '../../registry/resource-info.ts';
import type { ResourceRegistry } from '../../registry/resource-registry.ts';
import { kindOf, resourceOf, type GroupVersionKind, type GroupVersionResource } from '../admission-attributes.ts';

export interface EquivalentResource {
  resource: GroupVersionResource;
  kind: GroupVersionKind;
  /** How the equivalent is served (an object converts to it through its storage form). */
  info: ResourceInfo;
}

/** The requested resource itself among the rest. */
export type EquivalentResources = (resource: GroupVersionResource, subresource: string) => readonly EquivalentResource[];

const scaleKind: GroupVersionKind = { group: 'autoscaling', version: 'v1', kind: 'Scale' };

function kindFor(info: ResourceInfo, subresource: string): GroupVersionKind | undefined {
  if (subresource === '' || subresource === 'status') return kindOf(info);
  if (subresource === 'scale' && info.subresources.scale) return scaleKind;
  return undefined;
}

export function equivalentResourcesIn(registry: Pick<ResourceRegistry, 'all' | 'lookup'>): EquivalentResources {
  return (resource, subresource) => {
    const requested = registry.lookup(resource.group, resource.version, resource.resource);
    if (!requested) return [];
    return registry.all().flatMap((info) => {
      if (info.bucket !== requested.bucket || info.resource !== requested.resource) return [];
      const kind = kindFor(info, subresource);
      return kind ? [{ resource: resourceOf(info), kind, info }] : [];
    });
  };
}
