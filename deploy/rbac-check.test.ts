import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import type { TelemetryRecord } from '@dojo/runtime';
import { callsFromJournal, grantsFor, parseResourceName, uncoveredCalls, unusedGrants, type ApiCall, type Grant } from './rbac-check.ts';

const clusterWide = (...rules: Grant['rules']): Grant => ({ role: 'ClusterRole/test', rules });
const inNamespace = (namespace: string, ...rules: Grant['rules']): Grant => ({ role: `Role/${namespace}/test`, rules, namespace });
const call = (verb: string, group: string, resource: string, extra: Partial<ApiCall> = {}): ApiCall => ({ verb, group, resource, ...extra });

describe('uncoveredCalls', () => {
  it('allows a call when the group, the resource and the verb each match', () => {
    const grants = [clusterWide({ apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'list'] })];
    expect(uncoveredCalls(grants, [call('list', 'apps', 'deployments', { namespace: 'a' }), call('get', 'apps', 'deployments')])).toEqual([]);
    expect(uncoveredCalls(grants, [call('update', 'apps', 'deployments')])).toEqual([call('update', 'apps', 'deployments')]);
    expect(uncoveredCalls(grants, [call('get', '', 'deployments')])).toHaveLength(1);
    expect(uncoveredCalls(grants, [call('get', 'apps', 'replicasets')])).toHaveLength(1);
  });

  it('needs "resource/subresource" for a subresource: the resource alone does not cover its status', () => {
    const grants = [clusterWide({ apiGroups: ['core.jutsu.com'], resources: ['dojos'], verbs: ['update'] })];
    expect(uncoveredCalls(grants, [call('update', 'core.jutsu.com', 'dojos', { subresource: 'status' })])).toHaveLength(1);
    const withStatus = [clusterWide({ apiGroups: ['core.jutsu.com'], resources: ['dojos/status'], verbs: ['update'] })];
    expect(uncoveredCalls(withStatus, [call('update', 'core.jutsu.com', 'dojos', { subresource: 'status' })])).toEqual([]);
    expect(uncoveredCalls(withStatus, [call('update', 'core.jutsu.com', 'dojos')])).toHaveLength(1);
  });

  it('honours "*" for groups, resources, verbs and "*/subresource"', () => {
    const grants = [clusterWide({ apiGroups: ['*'], resources: ['*/scale'], verbs: ['*'] })];
    expect(
      uncoveredCalls(grants, [
        call('patch', 'core.jutsu.com', 'dojos', { subresource: 'scale' }),
        call('get', 'apps', 'deployments', { subresource: 'scale' }),
      ]),
    ).toEqual([]);
    expect(uncoveredCalls(grants, [call('get', 'apps', 'deployments')])).toHaveLength(1);
    expect(
      uncoveredCalls([clusterWide({ apiGroups: ['*'], resources: ['*'], verbs: ['*'] })], [call('delete', '', 'pods', { subresource: 'eviction' })]),
    ).toEqual([]);
  });

  it('lets resourceNames limit get and update to named objects, and never allow create', () => {
    const grants = [
      inNamespace('ns', { apiGroups: ['coordination.k8s.io'], resources: ['leases'], resourceNames: ['leader'], verbs: ['get', 'update', 'create'] }),
    ];
    const lease = (verb: string, name?: string): ApiCall => call(verb, 'coordination.k8s.io', 'leases', { namespace: 'ns', ...(name ? { name } : {}) });
    expect(uncoveredCalls(grants, [lease('get', 'leader'), lease('update', 'leader')])).toEqual([]);
    expect(uncoveredCalls(grants, [lease('get', 'other')])).toHaveLength(1);
    // RBAC authorizes a create before the name in its body is known.
    expect(uncoveredCalls(grants, [lease('create', 'leader')])).toHaveLength(1);
    expect(uncoveredCalls(grants, [lease('list')])).toHaveLength(1);
  });

  it('limits a Role to its namespace, and a cluster-wide call needs a ClusterRole', () => {
    const grants = [inNamespace('ns', { apiGroups: [''], resources: ['secrets'], verbs: ['list'] })];
    expect(uncoveredCalls(grants, [call('list', '', 'secrets', { namespace: 'ns' })])).toEqual([]);
    expect(uncoveredCalls(grants, [call('list', '', 'secrets', { namespace: 'other' })])).toHaveLength(1);
    expect(uncoveredCalls(grants, [call('list', '', 'secrets')])).toHaveLength(1);
  });

  it('ignores non-resource rules when matching resources', () => {
    const grants = [clusterWide({ nonResourceURLs: ['*'], verbs: ['get'] })];
    expect(uncoveredCalls(grants, [call('get', '', 'pods')])).toHaveLength(1);
  });

  it('reports each uncovered call once', () => {
    const calls = [call('get', '', 'pods', { namespace: 'a', name: 'x' }), call('get', '', 'pods', { namespace: 'a', name: 'x' })];
    expect(uncoveredCalls([], calls)).toEqual([calls[0]]);
  });
});

describe('unusedGrants', () => {
  it('names each verb and resource a role grants that no call used', () => {
    const grants = [clusterWide({ apiGroups: ['apps'], resources: ['deployments', 'replicasets'], verbs: ['get', 'list'] })];
    const unused = unusedGrants(grants, [call('list', 'apps', 'deployments', { namespace: 'a' })]);
    expect(unused.map((p) => `${p.verb} ${p.resource}`)).toEqual(['get deployments', 'get replicasets', 'list replicasets']);
  });

  it("counts a named grant as used only by a call for that name, in the grant's namespace", () => {
    const grants = [inNamespace('ns', { apiGroups: ['coordination.k8s.io'], resources: ['leases'], resourceNames: ['leader'], verbs: ['get'] })];
    const lease = (namespace: string, name: string): ApiCall => call('get', 'coordination.k8s.io', 'leases', { namespace, name });
    expect(unusedGrants(grants, [lease('ns', 'leader')])).toEqual([]);
    expect(unusedGrants(grants, [lease('ns', 'other')])).toHaveLength(1);
    expect(unusedGrants(grants, [lease('elsewhere', 'leader')])).toHaveLength(1);
  });
});

describe('grantsFor', () => {
  const objects = [
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'reader' },
      rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['list'] }],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: 'lease', namespace: 'ns' },
      rules: [{ apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['create'] }],
    },
    binding('ClusterRoleBinding', 'reader', { kind: 'ClusterRole', name: 'reader' }, 'sa'),
    binding('RoleBinding', 'lease', { kind: 'Role', name: 'lease' }, 'sa', 'ns'),
    binding('RoleBinding', 'reader-in-ns', { kind: 'ClusterRole', name: 'reader' }, 'sa', 'other'),
    binding('ClusterRoleBinding', 'someone-else', { kind: 'ClusterRole', name: 'reader' }, 'another'),
  ] as KubeObject[];

  function binding(kind: string, name: string, roleRef: { kind: string; name: string }, subject: string, namespace?: string) {
    return {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind,
      metadata: { name, ...(namespace ? { namespace } : {}) },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', ...roleRef },
      subjects: [{ kind: 'ServiceAccount', name: subject, namespace: 'ns' }],
    };
  }

  it('follows the bindings whose subjects name the ServiceAccount, and scopes RoleBindings to their namespace', () => {
    expect(grantsFor(objects, { namespace: 'ns', name: 'sa' })).toEqual([
      { role: 'ClusterRole/reader', rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['list'] }] },
      { role: 'Role/ns/lease', rules: [{ apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['create'] }], namespace: 'ns' },
      { role: 'ClusterRole/reader', rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['list'] }], namespace: 'other' },
      // kube's bootstrap policy: every authenticated user is a system:basic-user.
      expect.objectContaining({ role: 'ClusterRole/system:basic-user' }),
    ]);
  });

  it('fails on a binding to a role that is not there', () => {
    const dangling = [binding('ClusterRoleBinding', 'x', { kind: 'ClusterRole', name: 'missing' }, 'sa')] as KubeObject[];
    expect(() => grantsFor(dangling, { namespace: 'ns', name: 'sa' })).toThrow(/ClusterRole missing, which is not among the objects/);
  });
});

describe('callsFromJournal', () => {
  it('reads verb, group, resource and subresource from api-call records, leaving out injected faults and other records', () => {
    const base = { seq: 1, time: 0, controller: 'dojo', key: 'ns/a', code: 200, durationMs: 1 };
    const records = [
      { ...base, type: 'api-call', verb: 'update', resource: 'dojos.core.jutsu.com/status', namespace: 'ns', name: 'a' },
      { ...base, type: 'api-call', verb: 'create', resource: 'deployments.apps', namespace: 'ns', name: 'a' },
      { ...base, type: 'api-call', verb: 'patch', resource: 'events', namespace: 'ns', name: 'a.1' },
      { ...base, type: 'api-call', verb: 'update', resource: 'deployments.apps', namespace: 'ns', name: 'a', code: 409, injected: true },
      { ...base, type: 'dequeue', worker: 0, waitedMs: 0, triggerCount: 1 },
    ] as TelemetryRecord[];
    expect(callsFromJournal(records)).toEqual([
      { verb: 'update', group: 'core.jutsu.com', resource: 'dojos', subresource: 'status', namespace: 'ns', name: 'a' },
      { verb: 'create', group: 'apps', resource: 'deployments', namespace: 'ns', name: 'a' },
      { verb: 'patch', group: '', resource: 'events', namespace: 'ns', name: 'a.1' },
    ]);
  });

  it("parses the runtime's resource names back into group, resource and subresource", () => {
    expect(parseResourceName('secrets')).toEqual({ group: '', resource: 'secrets' });
    expect(parseResourceName('leases.coordination.k8s.io')).toEqual({ group: 'coordination.k8s.io', resource: 'leases' });
    expect(parseResourceName('dojos.core.jutsu.com/scale')).toEqual({ group: 'core.jutsu.com', resource: 'dojos', subresource: 'scale' });
  });
});
