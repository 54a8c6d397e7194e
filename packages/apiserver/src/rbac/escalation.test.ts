/**
 * RBAC escalation prevention as kube does it: a user grants only what they hold, unless RBAC
 * lets them `escalate` or `bind`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { compactRules, compactString, uncoveredRules } from './policy-coverage.ts';
import type { PolicyRule } from './policy-rule.ts';

describe('rule coverage (kube Covers)', () => {
  const pods = (verbs: string[], extra: Partial<PolicyRule> = {}): PolicyRule => ({ verbs, apiGroups: [''], resources: ['pods'], ...extra });
  const cases: [string, PolicyRule[], PolicyRule[], boolean][] = [
    ['the same rule covers itself', [pods(['get', 'list'])], [pods(['get', 'list'])], true],
    ['a rule covers fewer verbs', [pods(['get', 'list'])], [pods(['get'])], true],
    ['a rule does not cover a verb it lacks', [pods(['get'])], [pods(['get', 'delete'])], false],
    ['verbs may come from several owned rules', [pods(['get']), pods(['list'])], [pods(['get', 'list'])], true],
    [
      '`*` covers every verb, group and resource',
      [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
      [{ verbs: ['escalate'], apiGroups: ['rbac.authorization.k8s.io'], resources: ['roles'] }],
      true,
    ],
    [
      '`*/scale` covers any resource scale',
      [{ verbs: ['update'], apiGroups: ['apps'], resources: ['*/scale'] }],
      [{ verbs: ['update'], apiGroups: ['apps'], resources: ['deployments/scale'] }],
      true,
    ],
    ['a resource does not cover its subresources', [pods(['get'])], [pods(['get'], { resources: ['pods/log'] })], false],
    ['an owned rule without names covers any names', [pods(['get'])], [pods(['get'], { resourceNames: ['a'] })], true],
    ['an owned rule with names covers only those names', [pods(['get'], { resourceNames: ['a'] })], [pods(['get'], { resourceNames: ['a', 'b'] })], false],
    ['an owned rule with names does not cover all names', [pods(['get'], { resourceNames: ['a'] })], [pods(['get'])], false],
    ['a URL ending in `*` covers by prefix', [{ verbs: ['get'], nonResourceURLs: ['/apis/*'] }], [{ verbs: ['get'], nonResourceURLs: ['/apis/apps'] }], true],
  ];
  for (const [sentence, owned, granted, covered] of cases) {
    it(sentence, () => expect(uncoveredRules(owned, granted).length === 0).toBe(covered));
  }

  it('describes what is missing as kube does: one compact rule per resource, verbs joined', () => {
    const missing = uncoveredRules([], [{ verbs: ['get', 'list'], apiGroups: ['apps'], resources: ['deployments'] }]);
    expect(compactRules(missing).map(compactString)).toEqual(['{APIGroups:["apps"], Resources:["deployments"], Verbs:["get" "list"]}']);
  });
});

describe('granting over HTTPS', () => {
  let server: TestServer;
  let as: Record<string, string>;
  const rbac = '/apis/rbac.authorization.k8s.io/v1/namespaces/team';
  const bind = (name: string, kind: string, role: string) => ({
    metadata: { name },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind, name: role },
    subjects: [{ kind: 'User', name: 'someone' }],
  });

  beforeAll(async () => {
    server = await startTestServer();
    await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'team' } });
    await server.call('POST', '/api/v1/namespaces/team/serviceaccounts', { metadata: { name: 'delegator' } });
    await server.call('POST', `${rbac}/roles`, {
      metadata: { name: 'delegate' },
      rules: [
        { verbs: ['create', 'update'], apiGroups: ['rbac.authorization.k8s.io'], resources: ['roles', 'rolebindings'] },
        { verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] },
      ],
    });
    await server.call('POST', `${rbac}/rolebindings`, { ...bind('delegator', 'Role', 'delegate'), subjects: [{ kind: 'ServiceAccount', name: 'delegator' }] });
    as = { authorization: `Bearer ${(await server.call('POST', '/api/v1/namespaces/team/serviceaccounts/delegator/token', {})).body.status.token}` };
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lets a user create a Role with rules they hold', async () => {
    expect(
      (await server.call('POST', `${rbac}/roles`, { metadata: { name: 'pod-reader' }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }] }, as))
        .status,
    ).toBe(201);
  });

  it('refuses a Role with rules they do not hold, naming them', async () => {
    const res = await server.call(
      'POST',
      `${rbac}/roles`,
      { metadata: { name: 'secret-reader' }, rules: [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['secrets', 'pods'] }] },
      as,
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'roles.rbac.authorization.k8s.io "secret-reader" is forbidden: user "system:serviceaccount:team:delegator" (groups=["system:serviceaccounts" "system:serviceaccounts:team" "system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n{APIGroups:[""], Resources:["secrets"], Verbs:["get" "list"]}',
    );
    expect(res.body.details).toEqual({ name: 'secret-reader', group: 'rbac.authorization.k8s.io', kind: 'roles' });
  });

  it('lets a user bind a role whose rules they hold, and refuses one they do not', async () => {
    expect((await server.call('POST', `${rbac}/rolebindings`, bind('read-pods', 'Role', 'pod-reader'), as)).status).toBe(201);
    const admin = await server.call('POST', `${rbac}/rolebindings`, bind('make-admin', 'ClusterRole', 'admin'), as);
    expect(admin.status).toBe(403);
    expect(admin.body.message).toMatch(
      /^rolebindings\.rbac\.authorization\.k8s\.io "make-admin" is forbidden: user "system:serviceaccount:team:delegator" .* is attempting to grant RBAC permissions not currently held:\n/,
    );
  });

  it('lets a user bind a role RBAC lets them `bind`, and escalate when allowed `escalate`', async () => {
    await server.call('POST', `${rbac}/roles`, {
      metadata: { name: 'binder' },
      rules: [
        { verbs: ['bind'], apiGroups: ['rbac.authorization.k8s.io'], resources: ['clusterroles'], resourceNames: ['view'] },
        { verbs: ['escalate'], apiGroups: ['rbac.authorization.k8s.io'], resources: ['roles'] },
      ],
    });
    await server.call('POST', `${rbac}/rolebindings`, {
      ...bind('delegator-binds', 'Role', 'binder'),
      subjects: [{ kind: 'ServiceAccount', name: 'delegator' }],
    });
    expect((await server.call('POST', `${rbac}/rolebindings`, bind('viewers', 'ClusterRole', 'view'), as)).status).toBe(201);
    expect((await server.call('POST', `${rbac}/rolebindings`, bind('editors', 'ClusterRole', 'edit'), as)).status).toBe(403);
    expect(
      (await server.call('POST', `${rbac}/roles`, { metadata: { name: 'secrets' }, rules: [{ verbs: ['*'], apiGroups: [''], resources: ['secrets'] }] }, as))
        .status,
    ).toBe(201);
  });

  it('answers 404 for a binding to a role that does not exist', async () => {
    const res = await server.call('POST', `${rbac}/rolebindings`, bind('dangling', 'ClusterRole', 'nope'), as);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('clusterroles.rbac.authorization.k8s.io "nope" not found');
  });

  it('leaves the admin free to grant anything', async () => {
    expect((await server.call('POST', `${rbac}/rolebindings`, bind('admins', 'ClusterRole', 'cluster-admin'))).status).toBe(201);
  });
});
