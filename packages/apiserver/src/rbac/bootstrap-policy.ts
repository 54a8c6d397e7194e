/**
 * The default ClusterRoles and ClusterRoleBindings kube-apiserver writes at start (its
 * bootstrap policy, plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go as of 1.37), the
 * ones clients and operators rely on: cluster-admin, the aggregated admin/edit/view with their
 * `system:aggregate-to-*` parts, discovery, basic-user, public-info-viewer, monitoring,
 * auth-delegator and service-account-issuer-discovery. The control plane's own roles (nodes,
 * kube-scheduler, controllers) are left out: nothing here runs as them. Rules are kept as kube
 * writes them: each list sorted (its PolicyRuleBuilder sorts), and rules of feature gates off by
 * default in 1.37 left out.
 */
import { allServiceAccountsGroup, systemAuthenticated, systemMasters, systemUnauthenticated } from '../auth/user-info.ts';
import type { PolicyRule } from './policy-rule.ts';
import type { ClusterRole, RoleBinding } from './rbac-types.ts';

const read = ['get', 'list', 'watch'];
const write = ['create', 'update', 'patch', 'delete', 'deletecollection'];
const readWrite = [...read, ...write];

const sorted = (values: readonly string[]): string[] => [...values].sort();
const rule = (verbs: readonly string[], groups: readonly string[], resources: readonly string[]): PolicyRule => ({
  verbs: sorted(verbs),
  apiGroups: sorted(groups),
  resources: sorted(resources),
});
const urlRule = (verbs: readonly string[], urls: readonly string[]): PolicyRule => ({ verbs: sorted(verbs), nonResourceURLs: sorted(urls) });

/** Every bootstrap object carries these (kube's addDefaultMetadata): the autoupdate annotation lets kube reconcile them. */
export const bootstrapLabels = { 'kubernetes.io/bootstrapping': 'rbac-defaults' };
export const bootstrapAnnotations = { 'rbac.authorization.kubernetes.io/autoupdate': 'true' };

const aggregateTo = (role: string): Record<string, string> => ({ [`rbac.authorization.k8s.io/aggregate-to-${role}`]: 'true' });

function viewRules(): PolicyRule[] {
  return [
    rule(
      read,
      [''],
      [
        'pods',
        'replicationcontrollers',
        'replicationcontrollers/scale',
        'serviceaccounts',
        'services',
        'services/status',
        'endpoints',
        'persistentvolumeclaims',
        'persistentvolumeclaims/status',
        'configmaps',
      ],
    ),
    rule(
      read,
      [''],
      ['limitranges', 'resourcequotas', 'bindings', 'pods/status', 'resourcequotas/status', 'namespaces/status', 'replicationcontrollers/status', 'pods/log'],
    ),
    rule(read, [''], ['namespaces']),
    rule(read, ['', 'events.k8s.io'], ['events']),
    rule(read, ['discovery.k8s.io'], ['endpointslices']),
    rule(
      read,
      ['apps'],
      [
        'controllerrevisions',
        'statefulsets',
        'statefulsets/status',
        'statefulsets/scale',
        'daemonsets',
        'daemonsets/status',
        'deployments',
        'deployments/status',
        'deployments/scale',
        'replicasets',
        'replicasets/status',
        'replicasets/scale',
      ],
    ),
    rule(read, ['autoscaling'], ['horizontalpodautoscalers', 'horizontalpodautoscalers/status']),
    rule(read, ['batch'], ['jobs', 'cronjobs', 'cronjobs/status', 'jobs/status']),
    rule(
      read,
      ['extensions'],
      [
        'daemonsets',
        'daemonsets/status',
        'deployments',
        'deployments/scale',
        'deployments/status',
        'ingresses',
        'ingresses/status',
        'replicasets',
        'replicasets/scale',
        'replicasets/status',
        'replicationcontrollers/scale',
        'networkpolicies',
      ],
    ),
    rule(read, ['policy'], ['poddisruptionbudgets', 'poddisruptionbudgets/status']),
    rule(read, ['networking.k8s.io'], ['networkpolicies', 'ingresses', 'ingresses/status']),
    // DynamicResourceAllocation is GA (on) since 1.34.
    rule(read, ['resource.k8s.io'], ['resourceclaims', 'resourceclaims/status', 'resourceclaimtemplates']),
  ];
}

function editRules(): PolicyRule[] {
  return [
    rule(read, [''], ['pods/attach', 'pods/proxy', 'pods/exec', 'pods/portforward', 'secrets', 'services/proxy']),
    rule(['impersonate'], [''], ['serviceaccounts']),
    rule(write, [''], ['pods', 'pods/attach', 'pods/proxy', 'pods/exec', 'pods/portforward']),
    rule(['create'], [''], ['pods/eviction']),
    rule(
      write,
      [''],
      [
        'replicationcontrollers',
        'replicationcontrollers/scale',
        'serviceaccounts',
        'services',
        'services/proxy',
        'persistentvolumeclaims',
        'configmaps',
        'secrets',
      ],
    ),
    rule(['create'], [''], ['serviceaccounts/token']),
    rule(write, ['', 'events.k8s.io'], ['events']),
    rule(
      write,
      ['apps'],
      ['statefulsets', 'statefulsets/scale', 'daemonsets', 'deployments', 'deployments/scale', 'deployments/rollback', 'replicasets', 'replicasets/scale'],
    ),
    rule(write, ['autoscaling'], ['horizontalpodautoscalers']),
    rule(write, ['batch'], ['jobs', 'cronjobs']),
    rule(
      write,
      ['extensions'],
      [
        'daemonsets',
        'deployments',
        'deployments/scale',
        'deployments/rollback',
        'ingresses',
        'replicasets',
        'replicasets/scale',
        'replicationcontrollers/scale',
        'networkpolicies',
      ],
    ),
    rule(write, ['policy'], ['poddisruptionbudgets']),
    rule(write, ['networking.k8s.io'], ['networkpolicies', 'ingresses']),
    rule(readWrite, ['coordination.k8s.io'], ['leases']),
    rule(write, ['resource.k8s.io'], ['resourceclaims', 'resourceclaimtemplates']),
  ];
}

const aggregated = (selectorRole: string): ClusterRole['aggregationRule'] => ({ clusterRoleSelectors: [{ matchLabels: aggregateTo(selectorRole) }] });

const clusterRole = (name: string, body: Omit<ClusterRole, 'metadata'>, labels: Record<string, string> = {}): ClusterRole => ({
  metadata: { name, labels: { ...labels, ...bootstrapLabels }, annotations: { ...bootstrapAnnotations } },
  ...body,
});

export function bootstrapClusterRoles(): ClusterRole[] {
  return [
    clusterRole('cluster-admin', { rules: [rule(['*'], ['*'], ['*']), urlRule(['*'], ['*'])] }),
    clusterRole('system:discovery', {
      rules: [urlRule(['get'], ['/livez', '/readyz', '/healthz', '/version', '/version/', '/openapi', '/openapi/*', '/api', '/api/*', '/apis', '/apis/*'])],
    }),
    clusterRole('system:monitoring', {
      rules: [
        urlRule(['get'], ['/metrics', '/metrics/slis', '/livez', '/readyz', '/healthz', '/livez/*', '/readyz/*', '/healthz/*']),
        rule(['get'], [''], ['nodes/metrics']),
      ],
    }),
    clusterRole('system:basic-user', {
      rules: [
        rule(['create'], ['authorization.k8s.io'], ['selfsubjectaccessreviews', 'selfsubjectrulesreviews']),
        rule(['create'], ['authentication.k8s.io'], ['selfsubjectreviews']),
      ],
    }),
    clusterRole('system:public-info-viewer', { rules: [urlRule(['get'], ['/livez', '/readyz', '/healthz', '/version', '/version/'])] }),
    // admin, edit and view get their rules from the aggregation controller (cluster-role-aggregation.ts).
    clusterRole('admin', { rules: [], aggregationRule: aggregated('admin') }),
    clusterRole('edit', { rules: [], aggregationRule: aggregated('edit') }, aggregateTo('admin')),
    clusterRole('view', { rules: [], aggregationRule: aggregated('view') }, aggregateTo('edit')),
    clusterRole(
      'system:aggregate-to-admin',
      {
        rules: [
          rule(['create'], ['authorization.k8s.io'], ['localsubjectaccessreviews']),
          rule(readWrite, ['rbac.authorization.k8s.io'], ['roles', 'rolebindings']),
        ],
      },
      aggregateTo('admin'),
    ),
    clusterRole('system:aggregate-to-edit', { rules: editRules() }, aggregateTo('edit')),
    clusterRole('system:aggregate-to-view', { rules: viewRules() }, aggregateTo('view')),
    clusterRole('system:auth-delegator', {
      rules: [rule(['create'], ['authentication.k8s.io'], ['tokenreviews']), rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews'])],
    }),
    clusterRole('system:service-account-issuer-discovery', {
      rules: [urlRule(['get'], ['/.well-known/openid-configuration', '/.well-known/openid-configuration/', '/openid/v1/jwks', '/openid/v1/jwks/'])],
    }),
  ];
}

const clusterBinding = (role: string, groups: readonly string[]): RoleBinding => ({
  metadata: { name: role, labels: { ...bootstrapLabels }, annotations: { ...bootstrapAnnotations } },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role },
  subjects: groups.map((name) => ({ kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name })),
});

export function bootstrapClusterRoleBindings(): RoleBinding[] {
  return [
    clusterBinding('cluster-admin', [systemMasters]),
    clusterBinding('system:monitoring', ['system:monitoring']),
    clusterBinding('system:discovery', [systemAuthenticated]),
    clusterBinding('system:basic-user', [systemAuthenticated]),
    clusterBinding('system:public-info-viewer', [systemAuthenticated, systemUnauthenticated]),
    clusterBinding('system:service-account-issuer-discovery', [allServiceAccountsGroup]),
  ];
}
