/** Deployments (defaulting, validation, scale), dry-run, and server-side apply conflicts. */
import { http, type Step } from './differential.ts';
import { ns } from './core-crud.steps.ts';

const deployments = `/apis/apps/v1/namespaces/${ns}/deployments`;
const cms = `/api/v1/namespaces/${ns}/configmaps`;
const applyHeaders = { 'content-type': 'application/apply-patch+yaml' };

const deployment = (name: string, labels: Record<string, string>, selector: Record<string, string>) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name },
  spec: {
    replicas: 2,
    selector: { matchLabels: selector },
    template: { metadata: { labels }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
  },
});

const lastApplied = 'kubectl.kubernetes.io/last-applied-configuration';
const applyConfigMap = (name: string, manager: string, body: object) =>
  ({
    method: 'PATCH',
    path: `${cms}/${name}?fieldManager=${manager}`,
    body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', ...body }),
    headers: applyHeaders,
  }) as const;

/**
 * Server-side apply by the manager "kubectl" over what `kubectl apply` (client-side) wrote: kube's
 * fieldmanager takes over the fields last-applied-configuration names at their live value and
 * rewrites that annotation to the applied configuration (lastAppliedManager, lastAppliedUpdater).
 */
const clientToServerSideApplySteps: Step[] = [
  http('client-side applied ConfigMap: last-applied-configuration, kubectl-client-side-apply', {
    method: 'POST',
    path: `${cms}?fieldManager=kubectl-client-side-apply`,
    body: {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'csa',
        annotations: {
          [lastApplied]: `${JSON.stringify({ apiVersion: 'v1', data: { a: '1', b: '<x>' }, kind: 'ConfigMap', metadata: { annotations: {}, name: 'csa' } })}\n`,
        },
      },
      data: { a: '1', b: '<x>' },
    },
  }),
  http('… another manager changes one of its fields', {
    method: 'PATCH',
    path: `${cms}/csa?fieldManager=editor`,
    body: { data: { b: '<y>' } },
    headers: { 'content-type': 'application/merge-patch+json' },
  }),
  http(
    'server-side apply by kubectl: 409 names only the field the other manager changed',
    applyConfigMap('csa', 'kubectl', { metadata: { name: 'csa' }, data: { a: '2', b: '<z>' } }),
  ),
  http('server-side apply by another manager of a last-applied field: 409', applyConfigMap('csa', 'deployer', { metadata: { name: 'csa' }, data: { a: '2' } })),
  http(
    'server-side apply by kubectl takes over the last-applied fields and rewrites the annotation',
    applyConfigMap('csa', 'kubectl', { metadata: { name: 'csa', annotations: { z: 'a&b', a: 'w' } }, data: { b: '<y>', a: '2' } }),
  ),
  http(
    'server-side apply by another manager leaves the annotation as it is',
    applyConfigMap('csa', 'deployer', { metadata: { name: 'csa' }, data: { d: '1' } }),
  ),
  http(
    'server-side apply with annotations: null keeps the live ones (SMD merges null as no items)',
    applyConfigMap('csa', 'kubectl', { metadata: { name: 'csa', annotations: null }, data: { a: '2', b: '<y>' } }),
  ),
  http(
    'server-side apply by kubectl creating with the annotation in its configuration: rewritten',
    applyConfigMap('csa-created', 'kubectl', { metadata: { name: 'csa-created', annotations: { [lastApplied]: 'mine' } }, data: { a: '1' } }),
  ),
  http('server-side apply creating a ConfigMap', applyConfigMap('ssa-typed', 'deployer', { metadata: { name: 'ssa-typed' }, data: { k: 'v' } })),
  // SMD's typed conversion of the configuration against kube's OpenAPI (kube's 500, our 400: patch-errors.ts).
  http(
    'server-side apply of a ConfigMap with a number for a data value: typed patch object error',
    applyConfigMap('ssa-typed', 'deployer', { metadata: { name: 'ssa-typed' }, data: { k: 7 } }),
  ),
  http(
    'server-side apply of a ConfigMap with a string for immutable: typed patch object error',
    applyConfigMap('ssa-typed', 'deployer', { metadata: { name: 'ssa-typed' }, immutable: 'yes' }),
  ),
  http(
    'server-side apply of a ConfigMap with a field it does not declare: typed patch object error',
    applyConfigMap('ssa-typed', 'deployer', { metadata: { name: 'ssa-typed' }, spec: { a: 1 } }),
  ),
];

export const workloadSteps: Step[] = [
  http('create a Deployment (every default filled in)', { method: 'POST', path: deployments, body: deployment('web', { app: 'web' }, { app: 'web' }) }),
  http('create a Deployment whose selector does not match its template: 422', {
    method: 'POST',
    path: deployments,
    body: deployment('mismatch', { app: 'a' }, { app: 'b' }),
  }),
  http('get the scale subresource', { method: 'GET', path: `${deployments}/web/scale` }),
  http('update the scale subresource', {
    method: 'PUT',
    path: `${deployments}/web/scale`,
    body: { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: ns }, spec: { replicas: 3 } },
  }),
  http('strategic-merge-patch a container image', {
    method: 'PATCH',
    path: `${deployments}/web`,
    body: { spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx:1.28' }] } } } },
    headers: { 'content-type': 'application/strategic-merge-patch+json' },
  }),
  http('change the immutable selector: 422', {
    method: 'PATCH',
    path: `${deployments}/web`,
    body: { spec: { selector: { matchLabels: { app: 'other' } }, template: { metadata: { labels: { app: 'other' } } } } },
    headers: { 'content-type': 'application/merge-patch+json' },
  }),
  http('dry-run create answers the object', {
    method: 'POST',
    path: `${cms}?dryRun=All`,
    body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'dry' }, data: { a: '1' } },
  }),
  http('… and stores nothing', { method: 'GET', path: `${cms}/dry` }),
  http('dry-run with an unknown value: 422', {
    method: 'POST',
    path: `${cms}?dryRun=Some`,
    body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'dry' } },
  }),
  http('server-side apply by manager one', {
    method: 'PATCH',
    path: `${cms}/applied?fieldManager=one`,
    body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' }, data: { shared: 'one', own: 'x' } }),
    headers: applyHeaders,
  }),
  http('server-side apply of the same field by manager two: 409 with a conflict cause', {
    method: 'PATCH',
    path: `${cms}/applied?fieldManager=two`,
    body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' }, data: { shared: 'two' } }),
    headers: applyHeaders,
  }),
  http('… forced, it takes the field', {
    method: 'PATCH',
    path: `${cms}/applied?fieldManager=two&force=true`,
    body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' }, data: { shared: 'two' } }),
    headers: applyHeaders,
  }),
  http('server-side apply without a fieldManager: 400', {
    method: 'PATCH',
    path: `${cms}/applied`,
    body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' } }),
    headers: applyHeaders,
  }),
  ...clientToServerSideApplySteps,
  http('server-side apply of a Deployment, dry-run', {
    method: 'PATCH',
    path: `${deployments}/applied-web?fieldManager=one&dryRun=All`,
    body: JSON.stringify(deployment('applied-web', { app: 'aw' }, { app: 'aw' })),
    headers: applyHeaders,
  }),
];
