import { describe, expect, it } from 'vitest';
import { builtinResources } from '../../registry/builtin/builtin-resources.ts';
import { ResourceRegistry } from '../../registry/resource-registry.ts';
import { equivalentResourcesIn } from '../matching/equivalent-resources.ts';
import { matchResources } from './match-resources.ts';
import { createOf, namespaceObject } from './policy-test-fixtures.ts';

describe('equivalentResourcesIn', () => {
  const registry = new ResourceRegistry();
  registry.add(...builtinResources);
  const equivalentResources = equivalentResourcesIn(registry);
  const hpa = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web', namespace: 'test' }, spec: {} };
  const create = createOf(hpa, { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' });
  const v1Rule = { apiGroups: ['autoscaling'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['horizontalpodautoscalers'] };

  it('lets a rule written for autoscaling/v1 see an autoscaling/v2 request, as that version', () => {
    expect(matchResources({ resourceRules: [v1Rule] }, create, { namespace: namespaceObject('test'), equivalentResources })).toEqual({
      matches: true,
      resource: { group: 'autoscaling', version: 'v1', resource: 'horizontalpodautoscalers' },
      kind: { group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler' },
    });
  });

  it('offers nothing for a resource served in one version only, or for a scale subresource', () => {
    expect(equivalentResources({ group: 'apps', version: 'v1', resource: 'deployments' }, '')).toHaveLength(1);
    expect(equivalentResources({ group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' }, 'scale')).toEqual([]);
  });
});
