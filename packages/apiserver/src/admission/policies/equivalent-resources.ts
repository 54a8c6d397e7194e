/**
 * kube's EquivalentResourceMapper for `matchPolicy: Equivalent`, from the resource registry:
 * the same group and resource in every version the server serves (HorizontalPodAutoscalers in
 * autoscaling/v1 and v2, a CRD's versions). A resource's `status` subresource has the
 * resource's kind; other subresources (scale, …) get no equivalents here.
 */
import type { ResourceRegistry } from '../../registry/resource-registry.ts';
import type { PolicyContext } from './policy-types.ts';

export function equivalentResourcesIn(registry: Pick<ResourceRegistry, 'all'>): NonNullable<PolicyContext['equivalentResources']> {
  return (resource, subresource) => {
    if (subresource !== '' && subresource !== 'status') return [];
    return registry
      .all()
      .filter((info) => info.group === resource.group && info.resource === resource.resource)
      .map((info) => ({
        resource: { group: info.group, version: info.version, resource: info.resource },
        kind: { group: info.group, version: info.version, kind: info.kind },
      }));
  };
}
