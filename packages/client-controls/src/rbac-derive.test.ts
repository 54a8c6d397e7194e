import type { RequestJournalRecord, RequestRecord, WatchOpenRecord } from '@dojo/console-protocol';
import { ruleAllows } from '@dojo/apiserver';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { attributesOf } from './rbac-attributes.ts';
import { deriveRbacRules } from './rbac-derive.ts';
import { rbacMarkers, rbacYaml } from './rbac-manifests.ts';
import { permissionUsesOf } from './rbac-uses.ts';

const client = 'shop-operator';
let seq = 0;

function request(fields: Partial<RequestRecord>): RequestRecord {
  return { type: 'request', seq: ++seq, time: 1_700_000_000_000 + seq, user: client, verb: 'get', code: 200, latencyMs: 1, ...fields };
}

function watch(fields: Partial<WatchOpenRecord> & { resource: string }): WatchOpenRecord {
  return {
    type: 'watch-open',
    seq: ++seq,
    time: 1_700_000_000_000 + seq,
    user: client,
    watchId: `w${seq}`,
    group: '',
    version: 'v1',
    bookmarks: true,
    ...fields,
  };
}

const derive = (records: RequestJournalRecord[]) => deriveRbacRules(permissionUsesOf(records, client));
const rulesOf = (records: RequestJournalRecord[]) => derive(records).map(({ rule, namespace }) => ({ rule, ...(namespace ? { namespace } : {}) }));

describe("least-privilege RBAC derived from a client's requests", () => {
  it('names verbs as RBAC does: a list is list, a watch is watch, a DELETE of a collection deletecollection', () => {
    const rules = rulesOf([
      request({ verb: 'list', group: 'apps', resource: 'deployments' }),
      watch({ group: 'apps', resource: 'deployments' }),
      request({ verb: 'deletecollection', group: 'apps', resource: 'deployments', namespace: 'shop' }),
    ]);
    expect(rules).toEqual([
      { rule: { apiGroups: ['apps'], resources: ['deployments'], verbs: ['list', 'watch'] } },
      { rule: { apiGroups: ['apps'], resources: ['deployments'], verbs: ['deletecollection'] }, namespace: 'shop' },
    ]);
  });

  it('grants subresources as resource/subresource, apart from the resource', () => {
    const rules = rulesOf([
      request({ verb: 'update', group: 'apps', resource: 'deployments', subresource: 'status', namespace: 'shop', name: 'web' }),
      request({ verb: 'update', group: 'apps', resource: 'deployments', subresource: 'scale', namespace: 'shop', name: 'api' }),
      request({ verb: 'patch', group: 'apps', resource: 'deployments', namespace: 'shop', name: 'web' }),
    ]).map((r) => r.rule.resources);
    expect(rules).toEqual([['deployments'], ['deployments/scale'], ['deployments/status']]);
  });

  it('puts what it did across every namespace in the ClusterRole and what it did in one namespace in a Role there, unless the ClusterRole already holds it', () => {
    const rules = rulesOf([
      request({ verb: 'list', resource: 'configmaps' }),
      request({ verb: 'list', resource: 'configmaps', namespace: 'shop' }),
      request({ verb: 'create', resource: 'configmaps', namespace: 'shop', name: 'made' }),
      request({ verb: 'create', resource: 'configmaps', namespace: 'billing', name: 'made' }),
      request({ verb: 'get', resource: 'nodes', name: 'node-1' }),
    ]);
    expect(rules).toEqual([
      { rule: { apiGroups: [''], resources: ['configmaps'], verbs: ['list'] } },
      { rule: { apiGroups: [''], resources: ['nodes'], resourceNames: ['node-1'], verbs: ['get'] } },
      { rule: { apiGroups: [''], resources: ['configmaps'], verbs: ['create'] }, namespace: 'billing' },
      { rule: { apiGroups: [''], resources: ['configmaps'], verbs: ['create'] }, namespace: 'shop' },
    ]);
  });

  it('restricts a kind to the names it touched when it only ever named them, keeps create apart, and says both may be too narrow', () => {
    const derived = derive([
      request({ verb: 'get', group: 'coordination.k8s.io', resource: 'leases', namespace: 'shop', name: 'shop-lock', code: 404 }),
      request({ verb: 'create', group: 'coordination.k8s.io', resource: 'leases', namespace: 'shop', name: 'shop-lock', code: 201 }),
      request({ verb: 'update', group: 'coordination.k8s.io', resource: 'leases', namespace: 'shop', name: 'shop-lock' }),
      request({ verb: 'update', group: 'coordination.k8s.io', resource: 'leases', namespace: 'shop', name: 'shop-lock' }),
    ]);
    expect(derived.map((d) => d.rule)).toEqual([
      { apiGroups: ['coordination.k8s.io'], resources: ['leases'], resourceNames: ['shop-lock'], verbs: ['get', 'update'] },
      { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['create'] },
    ]);
    expect(derived[0]!.notes[0]).toMatch(
      /only the objects it touched \(shop-lock\); a controller that acts on every object of the kind needs this rule without resourceNames/,
    );
    expect(derived[1]!.notes[0]).toMatch(/create cannot be restricted by name/);
    expect(derived[0]!.evidence).toEqual([
      { verb: 'get', apiGroup: 'coordination.k8s.io', resource: 'leases', seq: derived[0]!.evidence[0]!.seq, count: 1 },
      { verb: 'update', apiGroup: 'coordination.k8s.io', resource: 'leases', seq: derived[0]!.evidence[1]!.seq, count: 2 },
    ]);
  });

  it('grants no names for a kind it also listed or watched', () => {
    const [rule] = rulesOf([request({ verb: 'get', resource: 'secrets', namespace: 'shop', name: 'tls' }), watch({ resource: 'secrets', namespace: 'shop' })]);
    expect(rule).toEqual({ rule: { apiGroups: [''], resources: ['secrets'], verbs: ['get', 'watch'] }, namespace: 'shop' });
  });

  it('grants list with the watch of a streaming list, and says why', () => {
    const [derived] = derive([watch({ group: 'apps', resource: 'deployments', streamingList: true })]);
    expect(derived!.rule).toEqual({ apiGroups: ['apps'], resources: ['deployments'], verbs: ['list', 'watch'] });
    expect(derived!.notes).toEqual([expect.stringContaining('a streaming list (WatchList) is authorized as watch alone')]);
  });

  it('keeps non-resource URLs in the ClusterRole, with the method as verb, and says when everyone already has them', () => {
    const derived = derive([request({ path: '/version' }), request({ path: '/apis' }), request({ path: '/openapi/v3' }), request({ path: '/metrics' })]);
    expect(derived.map((d) => d.rule)).toEqual([{ verbs: ['get'], nonResourceURLs: ['/apis', '/metrics', '/openapi/v3', '/version'] }]);
    expect(derived[0]!.notes).toEqual([]);
    const discovery = derive([request({ path: '/version' }), request({ path: '/api' })]);
    expect(discovery[0]!.notes).toEqual(["every authenticated user already has these (kube's system:discovery)"]);
  });

  it('aggregates rules alike in scope, group and verbs into one rule of many resources', () => {
    const rules = rulesOf([
      watch({ resource: 'pods' }),
      watch({ resource: 'services' }),
      watch({ resource: 'configmaps' }),
      watch({ group: 'apps', resource: 'deployments' }),
      watch({ group: 'apps', resource: 'statefulsets' }),
      request({ verb: 'list', group: 'apps', resource: 'statefulsets' }),
    ]);
    expect(rules).toEqual([
      { rule: { apiGroups: [''], resources: ['configmaps', 'pods', 'services'], verbs: ['watch'] } },
      { rule: { apiGroups: ['apps'], resources: ['deployments'], verbs: ['watch'] } },
      { rule: { apiGroups: ['apps'], resources: ['statefulsets'], verbs: ['list', 'watch'] } },
    ]);
  });

  it('asks a 403 for what it was refused, so a denied request is part of what the client needs', () => {
    const rules = rulesOf([
      request({
        verb: 'get',
        group: 'apps',
        resource: 'deployments',
        code: 403,
        forbidden: {
          authorizedAs: 'system:serviceaccount:shop:op',
          verb: 'watch',
          rule: { verbs: ['watch'], apiGroups: ['apps'], resources: ['deployments'] },
        },
      }),
    ]);
    expect(rules).toEqual([{ rule: { apiGroups: ['apps'], resources: ['deployments'], verbs: ['watch'] } }]);
  });

  it("reads only its own client's records", () => {
    expect(rulesOf([request({ user: 'someone-else', verb: 'list', resource: 'pods' })])).toEqual([]);
  });

  it("allows every request it was derived from, by kube's own rule matching, and nothing of another verb", () => {
    const records = [
      request({ verb: 'list', group: 'apps', resource: 'deployments' }),
      watch({ group: 'apps', resource: 'deployments', streamingList: true }),
      request({ verb: 'update', group: 'apps', resource: 'deployments', subresource: 'status', namespace: 'shop', name: 'web' }),
      request({ verb: 'create', resource: 'events', namespace: 'shop', name: 'e1' }),
      request({ verb: 'get', resource: 'namespaces', name: 'shop' }),
      request({ verb: 'get', group: 'coordination.k8s.io', resource: 'leases', namespace: 'shop', name: 'lock' }),
      request({ path: '/version' }),
    ];
    const uses = permissionUsesOf(records, client);
    const rules = deriveRbacRules(uses);
    for (const use of uses) {
      const scopeOf = (ns: string | undefined) => ns === undefined || ('namespace' in use && use.namespace === ns);
      expect(
        rules.some((r) => scopeOf(r.namespace) && ruleAllows(attributesOf(use), r.rule as never)),
        JSON.stringify(use),
      ).toBe(true);
      const other = { ...use, verb: 'delete' };
      expect(
        rules.some((r) => scopeOf(r.namespace) && ruleAllows(attributesOf(other), r.rule as never)),
        JSON.stringify(other),
      ).toBe(false);
    }
  });
});

describe('the derived rules as manifests', () => {
  const derived = derive([
    watch({ group: 'apps', resource: 'deployments' }),
    request({ verb: 'create', resource: 'events', namespace: 'shop' }),
    request({ verb: 'update', group: 'coordination.k8s.io', resource: 'leases', namespace: 'shop', name: 'lock' }),
    request({ path: '/version' }),
  ]);

  it('is a ClusterRole and a Role per namespace, each rule with its evidence as a comment, bound to the ServiceAccount when there is one', () => {
    const yaml = rbacYaml(derived, { name: client, serviceAccount: { namespace: 'shop', name: 'op' }, header: ['derived'] });
    const docs = parseAllDocuments(yaml).map((d) => d.toJS());
    expect(docs.map((d) => `${d.kind} ${d.metadata.namespace ?? ''}`.trim())).toEqual(['ClusterRole', 'ClusterRoleBinding', 'Role shop', 'RoleBinding shop']);
    expect(docs[0]).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: client },
      rules: [
        { apiGroups: ['apps'], resources: ['deployments'], verbs: ['watch'] },
        { verbs: ['get'], nonResourceURLs: ['/version'] },
      ],
    });
    expect(docs[3]).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: client, namespace: 'shop' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: client },
      subjects: [{ kind: 'ServiceAccount', name: 'op', namespace: 'shop' }],
    });
    expect(yaml).toMatch(/^# derived\n/);
    expect(yaml).toMatch(/# used: watch deployments \(seq \d+\)\n/);
  });

  it('is kubebuilder markers: core for the core group, namespace= for a Role, urls= for a URL', () => {
    expect(rbacMarkers(derived)).toBe(
      [
        '// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=watch',
        '// +kubebuilder:rbac:urls=/version,verbs=get',
        '// +kubebuilder:rbac:groups=core,resources=events,verbs=create,namespace=shop',
        '// +kubebuilder:rbac:groups=coordination.k8s.io,resources=leases,verbs=update,resourceNames=lock,namespace=shop',
        '',
      ].join('\n'),
    );
  });
});
