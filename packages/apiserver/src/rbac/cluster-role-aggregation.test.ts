/**
 * ClusterRole aggregation as kube's controller does it, observed by a client: the aggregated
 * role's stored `rules` are the union of the matching roles' rules, and follow their changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeObject } from '../http/protobuf/envelope.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { aggregatedRules } from './cluster-role-aggregation.ts';
import type { ClusterRole } from './rbac-types.ts';

const role = (name: string, labels: Record<string, string>, rules: ClusterRole['rules'], aggregationRule?: ClusterRole['aggregationRule']): ClusterRole => ({
  metadata: { name, labels },
  rules,
  ...(aggregationRule ? { aggregationRule } : {}),
});

describe('aggregatedRules', () => {
  const read = { verbs: ['get'], apiGroups: [''], resources: ['pods'] };
  const write = { verbs: ['create'], apiGroups: [''], resources: ['pods'] };

  it('takes the rules of every matching role in name order, each rule once, never its own', () => {
    const parent = role('parent', { pick: 'yes' }, [{ verbs: ['own'], apiGroups: [''], resources: ['x'] }], {
      clusterRoleSelectors: [{ matchLabels: { pick: 'yes' } }],
    });
    const all = [
      parent,
      role('b', { pick: 'yes' }, [write, read]),
      role('a', { pick: 'yes' }, [read]),
      role('c', { pick: 'no' }, [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }]),
    ];
    expect(aggregatedRules(parent, all)).toEqual([read, write]);
  });

  it('matches selectors with expressions', () => {
    const parent = role('p', {}, [], { clusterRoleSelectors: [{ matchExpressions: [{ key: 'tier', operator: 'In', values: ['gold'] }] }] });
    expect(aggregatedRules(parent, [parent, role('g', { tier: 'gold' }, [read]), role('s', { tier: 'silver' }, [write])])).toEqual([read]);
  });
});

describe('aggregation in the API server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const clusterRoles = '/apis/rbac.authorization.k8s.io/v1/clusterroles';
  const rulesOf = async (name: string) => (await server.call('GET', `${clusterRoles}/${name}`)).body.rules as unknown[];
  async function eventually(check: () => Promise<void>): Promise<void> {
    for (let i = 0; ; i++) {
      try {
        return await check();
      } catch (err) {
        if (i > 100) throw err;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  }

  it('serves the bootstrap roles: view within edit within admin, as kube aggregates them', async () => {
    await eventually(async () => {
      const [view, edit, admin] = [await rulesOf('view'), await rulesOf('edit'), await rulesOf('admin')];
      expect(view).toContainEqual({ verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['namespaces'] });
      expect(edit).toEqual(expect.arrayContaining(view));
      expect(edit).toContainEqual({ verbs: ['create'], apiGroups: [''], resources: ['serviceaccounts/token'] });
      expect(admin).toEqual(expect.arrayContaining(edit));
      expect(admin).toContainEqual({ verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['localsubjectaccessreviews'] });
    });
    const view = (await server.call('GET', `${clusterRoles}/view`)).body;
    expect(view.metadata.labels).toEqual({ 'kubernetes.io/bootstrapping': 'rbac-defaults', 'rbac.authorization.k8s.io/aggregate-to-edit': 'true' });
    expect(view.metadata.managedFields.map((f: { manager: string }) => f.manager)).toContain('clusterrole-aggregation-controller');
    const pb = await server.call('GET', `${clusterRoles}/admin`, undefined, { accept: 'application/vnd.kubernetes.protobuf' });
    expect(decodeObject(pb.raw, { apiVersion: '', kind: '' })).toMatchObject({
      aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'rbac.authorization.k8s.io/aggregate-to-admin': 'true' } }] },
      rules: await rulesOf('admin'),
    });
  });

  it('writes a new aggregated role its rules and follows a labelled role as it changes', async () => {
    const crd = { verbs: ['get', 'list'], apiGroups: ['core.jutsu.com'], resources: ['dojos'] };
    expect(
      (
        await server.call('POST', clusterRoles, {
          metadata: { name: 'monitoring' },
          aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'example.com/aggregate-to-monitoring': 'true' } }] },
        })
      ).status,
    ).toBe(201);
    expect(
      (await server.call('POST', clusterRoles, { metadata: { name: 'dojo-reader', labels: { 'example.com/aggregate-to-monitoring': 'true' } }, rules: [crd] }))
        .status,
    ).toBe(201);
    await eventually(async () => expect(await rulesOf('monitoring')).toEqual([crd]));

    const more = { verbs: ['watch'], apiGroups: ['core.jutsu.com'], resources: ['dojos'] };
    const reader = (await server.call('GET', `${clusterRoles}/dojo-reader`)).body;
    expect((await server.call('PUT', `${clusterRoles}/dojo-reader`, { ...reader, rules: [crd, more] })).status).toBe(200);
    await eventually(async () => expect(await rulesOf('monitoring')).toEqual([crd, more]));

    expect((await server.call('DELETE', `${clusterRoles}/dojo-reader`)).status).toBe(200);
    await eventually(async () => expect(await rulesOf('monitoring')).toEqual([]));
  });

  it('authorizes through an aggregated role: a RoleBinding to view lets a ServiceAccount read pods', async () => {
    await server.call('POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'viewer' } });
    await server.call('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings', {
      metadata: { name: 'viewer-view' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
      subjects: [{ kind: 'ServiceAccount', name: 'viewer' }],
    });
    const token = (await server.call('POST', '/api/v1/namespaces/default/serviceaccounts/viewer/token', {})).body.status.token;
    const as = { authorization: `Bearer ${token}` };
    await eventually(async () => expect((await server.call('GET', '/api/v1/namespaces/default/pods', undefined, as)).status).toBe(200));
    expect((await server.call('GET', '/api/v1/namespaces/default/secrets', undefined, as)).status).toBe(403);
    const review = await server.call(
      'POST',
      '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews',
      { spec: { resourceAttributes: { namespace: 'default', verb: 'list', resource: 'configmaps' } } },
      as,
    );
    expect(review.body.status).toEqual({
      allowed: true,
      reason: 'RBAC: allowed by RoleBinding "viewer-view/default" of ClusterRole "view" to ServiceAccount "viewer/default"',
    });
  });
});
