import { describe, expect, it } from 'vitest';
import { matchResources, type MatchResources } from './match-resources.ts';
import { createDeployment, deployment, namespaceObject, updateDeployment } from './policy-test-fixtures.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';

const deployments = { apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] };
const ns = namespaceObject('test', { environment: 'test' });
const create = createDeployment(deployment('web', 'test', 1, { app: 'web' }));
const matches = (criteria: MatchResources, attributes: AdmissionAttributes = create) => matchResources(criteria, attributes, { namespace: ns }).matches;

describe('matchResources', () => {
  it('matches a rule by group, version, resource and operation, and no other operation', () => {
    expect(matches({ resourceRules: [deployments] })).toBe(true);
    expect(matches({ resourceRules: [{ ...deployments, operations: ['DELETE'] }] })).toBe(false);
    expect(matches({ resourceRules: [{ ...deployments, apiGroups: ['*'], apiVersions: ['*'], operations: ['*'] }] })).toBe(true);
  });

  it('tells a resource from its subresources', () => {
    const status = { ...create, subresource: 'status' };
    expect(matches({ resourceRules: [deployments] }, status)).toBe(false);
    expect(matches({ resourceRules: [{ ...deployments, resources: ['deployments/status'] }] }, status)).toBe(true);
    expect(matches({ resourceRules: [{ ...deployments, resources: ['*/*'] }] }, status)).toBe(true);
  });

  it('keeps a rule to its scope', () => {
    expect(matches({ resourceRules: [{ ...deployments, scope: 'Namespaced' }] })).toBe(true);
    expect(matches({ resourceRules: [{ ...deployments, scope: 'Cluster' }] })).toBe(false);
  });

  it('limits a rule to resourceNames, and excludes what excludeResourceRules name', () => {
    expect(matches({ resourceRules: [{ ...deployments, resourceNames: ['other'] }] })).toBe(false);
    expect(matches({ resourceRules: [{ ...deployments, resourceNames: ['web'] }] })).toBe(true);
    expect(matches({ resourceRules: [deployments], excludeResourceRules: [{ ...deployments, resourceNames: ['web'] }] })).toBe(false);
  });

  it("selects by the namespace's labels and by the new or the old object's labels", () => {
    expect(matches({ resourceRules: [deployments], namespaceSelector: { matchLabels: { environment: 'prod' } } })).toBe(false);
    expect(matches({ resourceRules: [deployments], namespaceSelector: { matchExpressions: [{ key: 'environment', operator: 'In', values: ['test'] }] } })).toBe(
      true,
    );
    const relabel = updateDeployment(deployment('web', 'test', 1, { app: 'new' }), deployment('web', 'test', 1, { app: 'web' }));
    expect(matches({ resourceRules: [deployments], objectSelector: { matchLabels: { app: 'web' } } }, relabel)).toBe(true);
    expect(matches({ resourceRules: [deployments], objectSelector: { matchLabels: { app: 'db' } } }, relabel)).toBe(false);
  });

  it('reports a namespace that does not exist, when the rules match', () => {
    expect(matchResources({ resourceRules: [deployments], namespaceSelector: { matchLabels: { a: 'b' } } }, create, {})).toEqual({
      matches: false,
      error: 'namespaces "test" not found',
    });
  });

  it('matches an equivalent resource under matchPolicy Equivalent and sees the request as that kind', () => {
    const old = { apiGroups: ['extensions'], apiVersions: ['v1beta1'], operations: ['CREATE'], resources: ['deployments'] };
    const equivalentResources = () => [
      { resource: { group: 'apps', version: 'v1', resource: 'deployments' }, kind: { group: 'apps', version: 'v1', kind: 'Deployment' } },
      { resource: { group: 'extensions', version: 'v1beta1', resource: 'deployments' }, kind: { group: 'extensions', version: 'v1beta1', kind: 'Deployment' } },
    ];
    expect(matchResources({ resourceRules: [old], matchPolicy: 'Exact' }, create, { namespace: ns, equivalentResources }).matches).toBe(false);
    expect(matchResources({ resourceRules: [old], matchPolicy: 'Equivalent' }, create, { namespace: ns, equivalentResources })).toEqual({
      matches: true,
      resource: { group: 'extensions', version: 'v1beta1', resource: 'deployments' },
      kind: { group: 'extensions', version: 'v1beta1', kind: 'Deployment' },
    });
  });
});
