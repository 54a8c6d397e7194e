import type { RequestRecord, WatchOpenRecord } from '@dojo/console-protocol';
import { describe, expect, it } from 'vitest';
import { compareRbac } from './rbac-compare.ts';
import { permissionUsesOf } from './rbac-uses.ts';

const client = 'op';
let seq = 0;
const request = (fields: Partial<RequestRecord>): RequestRecord => ({
  type: 'request',
  seq: ++seq,
  time: seq,
  user: client,
  verb: 'get',
  code: 200,
  latencyMs: 1,
  ...fields,
});
const watch = (fields: Partial<WatchOpenRecord> & { resource: string }): WatchOpenRecord => ({
  type: 'watch-open',
  seq: ++seq,
  time: seq,
  user: client,
  watchId: `w${seq}`,
  group: '',
  version: 'v1',
  bookmarks: true,
  ...fields,
});

const uses = permissionUsesOf(
  [
    watch({ group: 'apps', resource: 'deployments' }),
    request({ verb: 'list', group: 'apps', resource: 'deployments' }),
    request({ verb: 'create', group: 'apps', resource: 'deployments', namespace: 'shop' }),
    request({ verb: 'update', group: 'cache.example.com', resource: 'memcacheds', subresource: 'status', namespace: 'shop', name: 'm' }),
    request({ verb: 'create', resource: 'events', namespace: 'shop' }),
    request({ path: '/api' }),
    request({ path: '/metrics' }),
  ],
  client,
);

// Two documents as kubebuilder writes them, and a binding to be ignored.
const roleFile = `---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: manager-role
rules:
- apiGroups:
  - apps
  resources:
  - deployments
  verbs:
  - create
  - delete
  - list
  - watch
- apiGroups:
  - cache.example.com
  resources:
  - memcacheds/finalizers
  verbs:
  - update
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: events
  namespace: billing
rules:
- apiGroups: [""]
  resources: [events]
  verbs: [create]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: manager-rolebinding
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: manager-role}
subjects: [{kind: ServiceAccount, name: controller-manager, namespace: system}]
`;

describe('a role file compared with what the client did', () => {
  const comparison = compareRbac(uses, roleFile);

  it('lists what it used that no role of the file grants, as rules to add (a Role elsewhere does not count)', () => {
    expect(comparison.missing.map(({ rule, namespace }) => ({ rule, namespace }))).toEqual([
      { rule: { verbs: ['get'], nonResourceURLs: ['/metrics'] }, namespace: undefined },
      { rule: { apiGroups: [''], resources: ['events'], verbs: ['create'] }, namespace: 'shop' },
      { rule: { apiGroups: ['cache.example.com'], resources: ['memcacheds/status'], resourceNames: ['m'], verbs: ['update'] }, namespace: 'shop' },
    ]);
  });

  it("does not count as missing what every authenticated user has by kube's bootstrap policy", () => {
    expect(comparison.grantedToEveryone.map((r) => r.rule)).toEqual([{ verbs: ['get'], nonResourceURLs: ['/api'] }]);
  });

  it('lists each verb and resource the file grants that nothing used', () => {
    expect(comparison.unused).toEqual([
      { role: { kind: 'ClusterRole', name: 'manager-role' }, verb: 'delete', apiGroup: 'apps', resource: 'deployments' },
      { role: { kind: 'ClusterRole', name: 'manager-role' }, verb: 'update', apiGroup: 'cache.example.com', resource: 'memcacheds/finalizers' },
      { role: { kind: 'Role', name: 'events', namespace: 'billing' }, verb: 'create', apiGroup: '', resource: 'events' },
    ]);
    expect(comparison.ignored).toEqual(['ClusterRoleBinding manager-rolebinding']);
  });

  it("matches wildcards as kube does: '*' verbs and */status", () => {
    const wide = compareRbac(
      uses,
      'kind: ClusterRole\nmetadata: {name: wide}\nrules:\n- {apiGroups: ["*"], resources: ["*", "*/status"], verbs: ["*"]}\n- {nonResourceURLs: ["/metrics"], verbs: [get]}\n',
    );
    expect(wide.missing).toEqual([]);
    expect(wide.unused).toEqual([]);
  });

  it("refuses a file that is not YAML in kube's BadRequest", () => {
    expect(() => compareRbac(uses, 'kind: [')).toThrow(/the role file is not YAML/);
  });
});
