import { describe, expect, it } from 'vitest';
import { serviceAccountGroups, serviceAccountUsername, systemAuthenticated, type UserInfo } from '../auth/user-info.ts';
import type { PolicyRule } from './policy-rule.ts';
import { RbacAuthorizer } from './rbac-authorizer.ts';
import type { ClusterRole, RbacPolicySource, Role, RoleBinding, Subject } from './rbac-types.ts';
import type { RequestAttributes } from './request-attributes.ts';

/** An in-memory policy: the evaluator reads only through RbacPolicySource. */
function policy(objects: {
  clusterRoles?: ClusterRole[];
  roles?: Role[];
  clusterRoleBindings?: RoleBinding[];
  roleBindings?: RoleBinding[];
}): RbacPolicySource {
  return {
    clusterRoleBindings: () => objects.clusterRoleBindings ?? [],
    roleBindings: (ns) => (objects.roleBindings ?? []).filter((b) => b.metadata.namespace === ns),
    clusterRole: (name) => objects.clusterRoles?.find((r) => r.metadata.name === name),
    role: (ns, name) => objects.roles?.find((r) => r.metadata.namespace === ns && r.metadata.name === name),
  };
}

const alice: UserInfo = { name: 'alice', groups: ['devs', systemAuthenticated] };
const bot: UserInfo = { name: serviceAccountUsername('team', 'bot'), groups: serviceAccountGroups('team') };

const resource = (user: UserInfo, verb: string, res: string, extra: Partial<Extract<RequestAttributes, { resourceRequest: true }>> = {}): RequestAttributes => {
  const [resourceName, subresource = ''] = res.split('/');
  return { user, verb, resourceRequest: true, apiGroup: '', apiVersion: 'v1', resource: resourceName!, subresource, namespace: 'team', name: '', ...extra };
};
const path = (user: UserInfo, verb: string, p: string): RequestAttributes => ({ user, verb, resourceRequest: false, path: p });

const clusterRole = (name: string, rules: PolicyRule[]): ClusterRole => ({ metadata: { name }, rules });
const crb = (name: string, role: string, subjects: Subject[]): RoleBinding => ({
  metadata: { name },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role },
  subjects,
});
const rb = (ns: string, name: string, kind: 'Role' | 'ClusterRole', role: string, subjects: Subject[]): RoleBinding => ({
  metadata: { name, namespace: ns },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind, name: role },
  subjects,
});
const user = (name: string): Subject => ({ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name });
const group = (name: string): Subject => ({ kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name });

/** Grants `rules` to alice cluster-wide and asks. */
const allowedByRules = (rules: PolicyRule[], attributes: RequestAttributes): boolean =>
  new RbacAuthorizer(policy({ clusterRoles: [clusterRole('r', rules)], clusterRoleBindings: [crb('b', 'r', [user('alice')])] })).authorize(attributes)
    .decision === 'Allow';

describe('one rule against one request (kube RuleAllows)', () => {
  const cases: [string, PolicyRule[], RequestAttributes, boolean][] = [
    ['a rule allows the verb, group and resource it names', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }], resource(alice, 'get', 'pods'), true],
    ['a rule does not allow a verb it does not name', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }], resource(alice, 'list', 'pods'), false],
    ['a rule of another API group does not allow', [{ verbs: ['get'], apiGroups: ['apps'], resources: ['pods'] }], resource(alice, 'get', 'pods'), false],
    [
      '`*` allows every verb, group and resource',
      [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
      resource(alice, 'delete', 'deployments', { apiGroup: 'apps' }),
      true,
    ],
    ['`*` as resource allows subresources too', [{ verbs: ['get'], apiGroups: [''], resources: ['*'] }], resource(alice, 'get', 'pods/log'), true],
    ['a resource does not grant its subresources', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }], resource(alice, 'get', 'pods/log'), false],
    ['`pods/log` grants that subresource', [{ verbs: ['get'], apiGroups: [''], resources: ['pods/log'] }], resource(alice, 'get', 'pods/log'), true],
    ['`pods/log` does not grant the pods themselves', [{ verbs: ['get'], apiGroups: [''], resources: ['pods/log'] }], resource(alice, 'get', 'pods'), false],
    [
      '`*/scale` grants the scale subresource of any resource',
      [{ verbs: ['update'], apiGroups: ['apps'], resources: ['*/scale'] }],
      resource(alice, 'update', 'deployments/scale', { apiGroup: 'apps' }),
      true,
    ],
    [
      '`*/scale` does not grant another subresource',
      [{ verbs: ['update'], apiGroups: ['apps'], resources: ['*/scale'] }],
      resource(alice, 'update', 'deployments/status', { apiGroup: 'apps' }),
      false,
    ],
    [
      'resourceNames limit a rule to those names',
      [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['app'] }],
      resource(alice, 'get', 'configmaps', { name: 'app' }),
      true,
    ],
    [
      'resourceNames refuse other names',
      [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['app'] }],
      resource(alice, 'get', 'configmaps', { name: 'other' }),
      false,
    ],
    [
      'resourceNames refuse a request without a name (a list)',
      [{ verbs: ['list'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['app'] }],
      resource(alice, 'list', 'configmaps'),
      false,
    ],
    ['a non-resource URL matches exactly', [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }], path(alice, 'get', '/healthz'), true],
    ['a non-resource URL ending in `*` matches by prefix', [{ verbs: ['get'], nonResourceURLs: ['/apis/*'] }], path(alice, 'get', '/apis/apps/v1'), true],
    ['a non-resource URL without `*` does not match longer paths', [{ verbs: ['get'], nonResourceURLs: ['/api'] }], path(alice, 'get', '/api/v1'), false],
    ['`*` matches every non-resource URL', [{ verbs: ['*'], nonResourceURLs: ['*'] }], path(alice, 'post', '/anything'), true],
    ['a resource rule never allows a non-resource request', [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }], path(alice, 'get', '/healthz'), false],
    ['a non-resource rule never allows a resource request', [{ verbs: ['*'], nonResourceURLs: ['*'] }], resource(alice, 'get', 'pods'), false],
  ];
  for (const [sentence, rules, attributes, allowed] of cases) {
    it(sentence, () => expect(allowedByRules(rules, attributes)).toBe(allowed));
  }
});

describe('bindings and their subjects (kube VisitRulesFor)', () => {
  const readPods = clusterRole('read-pods', [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] }]);
  const podReader: Role = { metadata: { name: 'pod-reader', namespace: 'team' }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }] };

  it('a ClusterRoleBinding to a group allows its members and says so in the reason', () => {
    const rbac = new RbacAuthorizer(policy({ clusterRoles: [readPods], clusterRoleBindings: [crb('devs-read', 'read-pods', [group('devs')])] }));
    expect(rbac.authorize(resource(alice, 'get', 'pods'))).toEqual({
      decision: 'Allow',
      reason: 'RBAC: allowed by ClusterRoleBinding "devs-read" of ClusterRole "read-pods" to Group "devs"',
    });
  });

  it('a RoleBinding to a ClusterRole grants its rules in the binding namespace only', () => {
    const rbac = new RbacAuthorizer(
      policy({ clusterRoles: [readPods], roleBindings: [rb('team', 'alice-read', 'ClusterRole', 'read-pods', [user('alice')])] }),
    );
    expect(rbac.authorize(resource(alice, 'get', 'pods'))).toEqual({
      decision: 'Allow',
      reason: 'RBAC: allowed by RoleBinding "alice-read/team" of ClusterRole "read-pods" to User "alice"',
    });
    expect(rbac.authorize(resource(alice, 'get', 'pods', { namespace: 'other' })).decision).toBe('NoOpinion');
    expect(rbac.authorize(resource(alice, 'get', 'pods', { namespace: '' })).decision).toBe('NoOpinion');
  });

  it('a ServiceAccount subject matches that ServiceAccount, its namespace defaulting to the binding namespace', () => {
    const rbac = new RbacAuthorizer(
      policy({ roles: [podReader], roleBindings: [rb('team', 'bot-read', 'Role', 'pod-reader', [{ kind: 'ServiceAccount', name: 'bot' }])] }),
    );
    expect(rbac.authorize(resource(bot, 'get', 'pods'))).toEqual({
      decision: 'Allow',
      reason: 'RBAC: allowed by RoleBinding "bot-read/team" of Role "pod-reader" to ServiceAccount "bot/team"',
    });
    expect(rbac.authorize(resource({ ...bot, name: serviceAccountUsername('other', 'bot') }, 'get', 'pods')).decision).toBe('NoOpinion');
  });

  it('a ServiceAccount subject without a namespace matches nothing in a ClusterRoleBinding', () => {
    const rbac = new RbacAuthorizer(
      policy({ clusterRoles: [readPods], clusterRoleBindings: [crb('b', 'read-pods', [{ kind: 'ServiceAccount', name: 'bot' }])] }),
    );
    expect(rbac.authorize(resource(bot, 'get', 'pods')).decision).toBe('NoOpinion');
  });

  it('the groups system:serviceaccounts and system:serviceaccounts:NS reach every ServiceAccount, or those of NS', () => {
    const all = new RbacAuthorizer(policy({ clusterRoles: [readPods], clusterRoleBindings: [crb('sas', 'read-pods', [group('system:serviceaccounts')])] }));
    const ns = new RbacAuthorizer(
      policy({ clusterRoles: [readPods], clusterRoleBindings: [crb('team-sas', 'read-pods', [group('system:serviceaccounts:team')])] }),
    );
    expect(all.authorize(resource(bot, 'list', 'pods')).decision).toBe('Allow');
    expect(ns.authorize(resource(bot, 'list', 'pods')).decision).toBe('Allow');
    expect(ns.authorize(resource({ name: serviceAccountUsername('x', 'y'), groups: serviceAccountGroups('x') }, 'list', 'pods')).decision).toBe('NoOpinion');
  });

  it('system:authenticated reaches every authenticated user', () => {
    const rbac = new RbacAuthorizer(policy({ clusterRoles: [readPods], clusterRoleBindings: [crb('all', 'read-pods', [group(systemAuthenticated)])] }));
    expect(rbac.authorize(resource(alice, 'get', 'pods')).decision).toBe('Allow');
    expect(rbac.authorize(resource(bot, 'get', 'pods')).decision).toBe('Allow');
  });

  it('a binding whose role is missing denies with the lister error as reason', () => {
    const rbac = new RbacAuthorizer(policy({ clusterRoleBindings: [crb('b', 'gone', [user('alice')])] }));
    expect(rbac.authorize(resource(alice, 'get', 'pods'))).toEqual({
      decision: 'NoOpinion',
      reason: 'RBAC: clusterrole.rbac.authorization.k8s.io "gone" not found',
    });
  });

  it('a ClusterRoleBinding to a Role kind finds no role (there is no namespace)', () => {
    const rbac = new RbacAuthorizer(
      policy({
        roles: [podReader],
        clusterRoleBindings: [
          { ...crb('b', 'pod-reader', [user('alice')]), roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' } },
        ],
      }),
    );
    expect(rbac.authorize(resource(alice, 'get', 'pods'))).toEqual({
      decision: 'NoOpinion',
      reason: 'RBAC: role.rbac.authorization.k8s.io "pod-reader" not found',
    });
  });

  it('lists every rule a user has in a namespace, cluster-wide ones first', () => {
    const rbac = new RbacAuthorizer(
      policy({
        clusterRoles: [readPods],
        roles: [podReader],
        clusterRoleBindings: [crb('b', 'read-pods', [user('alice')])],
        roleBindings: [rb('team', 'r', 'Role', 'pod-reader', [group('devs')])],
      }),
    );
    expect(rbac.rulesFor(alice, 'team')).toEqual({ rules: [...readPods.rules!, ...podReader.rules!], incomplete: false });
    expect(rbac.rulesFor(alice, 'other')).toEqual({ rules: readPods.rules, incomplete: false });
  });
});
