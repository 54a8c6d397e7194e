import { describe, expect, it } from 'vitest';
import { builtinResources } from '../../registry/builtin/builtin-resources.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';
import { resourceOf, type AdmissionOperation } from '../admission-attributes.ts';
import { ruleMatches, type AdmissionRule } from './rule-matcher.ts';

const info = (group: string, version: string, resource: string): ResourceInfo =>
  builtinResources.find((i) => i.group === group && i.version === version && i.resource === resource)!;
const pods = info('', 'v1', 'pods');
const namespaces = info('', 'v1', 'namespaces');

const rule = (more: Partial<AdmissionRule>): AdmissionRule => ({
  operations: ['*'],
  apiGroups: ['*'],
  apiVersions: ['*'],
  resources: ['*'],
  scope: '*',
  ...more,
});
const target = (resource: ResourceInfo, more: { subresource?: string; operation?: AdmissionOperation; namespace?: string } = {}) => ({
  resource: resourceOf(resource),
  subresource: more.subresource ?? '',
  operation: more.operation ?? 'CREATE',
  namespace: more.namespace ?? (resource.namespaced ? 'default' : ''),
});

describe('an admission rule', () => {
  it('matches "*" and exact names of groups, versions, resources and operations', () => {
    expect(ruleMatches(rule({}), target(pods))).toBe(true);
    expect(ruleMatches(rule({ apiGroups: [''], apiVersions: ['v1'], resources: ['pods'], operations: ['CREATE'] }), target(pods))).toBe(true);
    expect(ruleMatches(rule({ apiGroups: ['apps'] }), target(pods))).toBe(false);
    expect(ruleMatches(rule({ operations: ['UPDATE', 'DELETE'] }), target(pods))).toBe(false);
  });

  it('matches a subresource only when the resource entry names it', () => {
    expect(ruleMatches(rule({ resources: ['pods'] }), target(pods, { subresource: 'status' }))).toBe(false);
    expect(ruleMatches(rule({ resources: ['pods/status'] }), target(pods, { subresource: 'status' }))).toBe(true);
    expect(ruleMatches(rule({ resources: ['pods/*'] }), target(pods, { subresource: 'status' }))).toBe(true);
    expect(ruleMatches(rule({ resources: ['*/status'] }), target(pods, { subresource: 'status' }))).toBe(true);
    expect(ruleMatches(rule({ resources: ['*'] }), target(pods, { subresource: 'status' }))).toBe(false);
    expect(ruleMatches(rule({ resources: ['*/*'] }), target(pods))).toBe(true);
  });

  it('counts namespaces as cluster-scoped, though their requests carry a namespace', () => {
    expect(ruleMatches(rule({ scope: 'Namespaced' }), target(pods))).toBe(true);
    expect(ruleMatches(rule({ scope: 'Cluster' }), target(pods))).toBe(false);
    expect(ruleMatches(rule({ scope: 'Cluster' }), target(namespaces, { operation: 'UPDATE', namespace: 'team' }))).toBe(true);
    expect(ruleMatches(rule({ scope: 'Namespaced' }), target(namespaces, { operation: 'UPDATE', namespace: 'team' }))).toBe(false);
  });

  it('matches nothing with an absent list or an unknown scope, everything in scope with an absent scope', () => {
    expect(ruleMatches({ apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }, target(pods))).toBe(false);
    expect(ruleMatches(rule({ scope: 'Anywhere' }), target(pods))).toBe(false);
    expect(
      ruleMatches(
        { operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] },
        target(namespaces, { operation: 'UPDATE', namespace: 'team' }),
      ),
    ).toBe(true);
  });
});
