import { describe, expect, it } from 'vitest';
import { builtinResources } from '../../registry/builtin/builtin-resources.ts';
import { ResourceRegistry } from '../../registry/resource-registry.ts';
import { equivalentResourcesIn } from './equivalent-resources.ts';

const registry = new ResourceRegistry();
registry.add(...builtinResources);
const equivalents = equivalentResourcesIn(registry);
const hpa = { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' };

describe('equivalent resources (matchPolicy Equivalent)', () => {
  it('are every served version of the same stored resource, each with its own kind, for the object and its status', () => {
    for (const subresource of ['', 'status']) {
      expect(equivalents(hpa, subresource).map((e) => [e.resource.version, e.kind])).toEqual(
        expect.arrayContaining([
          ['v1', { group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler' }],
          ['v2', { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' }],
        ]),
      );
    }
  });

  it('are of kind autoscaling/v1 Scale for a scale subresource, and none where the subresource is not served', () => {
    expect(equivalents({ group: 'apps', version: 'v1', resource: 'deployments' }, 'scale').map((e) => e.kind)).toEqual([
      { group: 'autoscaling', version: 'v1', kind: 'Scale' },
    ]);
    expect(equivalents(hpa, 'scale')).toEqual([]);
    expect(equivalents({ group: 'example.com', version: 'v1', resource: 'unserved' }, '')).toEqual([]);
  });
});
