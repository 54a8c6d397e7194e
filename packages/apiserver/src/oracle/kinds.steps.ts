/**
 * Every built-in kind the embedded server serves, through the same lifecycle against both
 * servers: create (defaults filled in), get, list, strategic merge patch, merge patch,
 * server-side apply, dry-run create, a typical invalid object (422 with causes), a status write
 * where the kind has a status subresource, delete. The objects are the samples of
 * testing/*-samples.ts moved into this file's namespace. Neither server runs controllers here
 * (startTestServer starts no simulated control plane; the oracle has no
 * kube-controller-manager), so no status is written behind the steps' backs.
 */
import type { KubeObject } from '@dojo/kube-api';
import { builtinSamples } from '../testing/builtin-samples.ts';
import { operatorKindSamples } from '../testing/operator-kind-samples.ts';
import { custom, http, httpObservation, type Step } from './differential.ts';
import { createNormalizer } from './normalize.ts';

export const kindsNs = 'oracle-kinds';
type Sample = KubeObject & { apiVersion: string; kind: string };

const clusterScoped = new Set(['PersistentVolume', 'Node', 'IngressClass', 'StorageClass', 'PriorityClass', 'ClusterRole', 'ClusterRoleBinding']);
/** Kinds whose REST storage has a `/status` subresource (kube's registry/<group>/<kind>/storage). */
const withStatus = new Set([
  'StatefulSet',
  'DaemonSet',
  'Job',
  'CronJob',
  'PersistentVolumeClaim',
  'PersistentVolume',
  'Node',
  'ResourceQuota',
  'Ingress',
  'PodDisruptionBudget',
  'HorizontalPodAutoscaler',
]);

function resourceOf(kind: string): string {
  const lower = kind.toLowerCase();
  if (lower === 'endpoints') return lower;
  if (lower.endsWith('ss')) return `${lower}es`;
  if (lower.endsWith('y')) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

function collection(sample: Sample): string {
  const base = sample.apiVersion.includes('/') ? `/apis/${sample.apiVersion}` : `/api/${sample.apiVersion}`;
  return `${base}${clusterScoped.has(sample.kind) ? '' : `/namespaces/${kindsNs}`}/${resourceOf(sample.kind)}`;
}

/** A sample moved into this file's namespace (references to `samples` too). */
function relocate(sample: Sample): Sample {
  const text = JSON.stringify(sample).replace(/"namespace":"samples"/g, `"namespace":"${kindsNs}"`);
  const moved = JSON.parse(text) as Sample;
  if (clusterScoped.has(sample.kind)) delete moved.metadata.namespace;
  return moved;
}

const hpaV1: Sample = {
  apiVersion: 'autoscaling/v1',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'sample-v1', namespace: 'samples' },
  spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'sample' }, maxReplicas: 4, targetCPUUtilizationPercentage: 70 },
};

/** The kinds, each with its label for step names; the first sample of a kind is the one created. */
const kinds: Array<[string, Sample]> = [
  ['StatefulSet', operatorKindSamples.StatefulSet],
  ['DaemonSet', operatorKindSamples.DaemonSet],
  ['ControllerRevision', operatorKindSamples.ControllerRevision],
  ['Job', operatorKindSamples.Job],
  ['CronJob', operatorKindSamples.CronJob],
  ['PersistentVolumeClaim', operatorKindSamples.PersistentVolumeClaim],
  ['PersistentVolume', operatorKindSamples.PersistentVolume],
  ['Endpoints', operatorKindSamples.Endpoints],
  ['Node', operatorKindSamples.Node],
  ['LimitRange', operatorKindSamples.LimitRange],
  ['ResourceQuota', operatorKindSamples.ResourceQuota],
  ['Ingress', builtinSamples.Ingress],
  ['IngressClass', builtinSamples.IngressClass],
  ['NetworkPolicy', builtinSamples.NetworkPolicy],
  ['PodDisruptionBudget', builtinSamples.PodDisruptionBudget],
  ['HorizontalPodAutoscaler v2', builtinSamples.HorizontalPodAutoscaler],
  ['HorizontalPodAutoscaler v1', hpaV1],
  ['EndpointSlice', builtinSamples.EndpointSlice],
  ['StorageClass', builtinSamples.StorageClass],
  ['PriorityClass', builtinSamples.PriorityClass],
  ['ServiceAccount', builtinSamples.ServiceAccount],
  ['Role', builtinSamples.Role],
  ['ClusterRole', builtinSamples.ClusterRole],
  ['RoleBinding', builtinSamples.RoleBinding],
  ['ClusterRoleBinding', builtinSamples.ClusterRoleBinding],
  ['Lease', builtinSamples.Lease],
  ['events.k8s.io Event', builtinSamples.EventV1],
].map(([label, sample]) => [label as string, relocate(sample as Sample)]);

/** A typical mistake for each kind (a field its validation rejects); otherwise an invalid name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each mistake reaches into its own kind's fields
type Loose = any;
const invalidFor: Record<string, (o: Loose) => void> = {
  StatefulSet: (o) => (o.spec.replicas = -1),
  DaemonSet: (o) => (o.spec.template.metadata.labels = { app: 'other' }),
  Job: (o) => (o.spec.parallelism = -1),
  CronJob: (o) => (o.spec.schedule = 'not a schedule'),
  PersistentVolumeClaim: (o) => (o.spec.accessModes = []),
  PersistentVolume: (o) => delete o.spec.capacity,
  Ingress: (o) => (o.spec.rules[0].http.paths[0].pathType = 'Wrong'),
  PodDisruptionBudget: (o) => (o.spec.maxUnavailable = 1),
  'HorizontalPodAutoscaler v2': (o) => (o.spec.maxReplicas = 0),
  'HorizontalPodAutoscaler v1': (o) => (o.spec.maxReplicas = 0),
  EndpointSlice: (o) => (o.addressType = 'Bogus'),
  PriorityClass: (o) => (o.value = 2_000_000_000),
  Role: (o) => (o.rules[0].verbs = []),
  Lease: (o) => (o.spec.leaseDurationSeconds = 0),
  'events.k8s.io Event': (o) => delete o.reportingController,
};

const smp = { 'content-type': 'application/strategic-merge-patch+json' };
const merge = { 'content-type': 'application/merge-patch+json' };
const apply = { 'content-type': 'application/apply-patch+yaml' };

function lifecycle(label: string, sample: Sample): Step[] {
  const list = collection(sample);
  const name = sample.metadata.name as string;
  const item = `${list}/${name}`;
  const renamed = (suffix: string): Sample => ({ ...sample, metadata: { ...sample.metadata, name: `${name}-${suffix}` } });
  const invalid = structuredClone(renamed('bad')) as Loose;
  (invalidFor[label] ?? ((o: Loose) => (o.metadata.name = 'Bad_Name')))(invalid);
  const steps: Step[] = [
    http(`${label}: create`, { method: 'POST', path: list, body: sample }),
    http(`${label}: get`, { method: 'GET', path: item }),
    custom(`${label}: list`, async (target) => {
      // The list's own resourceVersion is the store's newest, which kube-apiserver's own Lease renewals move on.
      const result = await target.call('GET', list);
      if (result.body?.metadata?.resourceVersion) result.body.metadata.resourceVersion = '<list-rv>';
      return `GET ${list}\n${httpObservation(result, [])}`;
    }),
    http(`${label}: strategic merge patch a label`, { method: 'PATCH', path: item, body: { metadata: { labels: { patched: 'smp' } } }, headers: smp }),
    http(`${label}: merge patch an annotation`, { method: 'PATCH', path: item, body: { metadata: { annotations: { patched: 'merge' } } }, headers: merge }),
    http(`${label}: server-side apply a label`, {
      method: 'PATCH',
      path: `${item}?fieldManager=oracle-steps`,
      body: JSON.stringify({ apiVersion: sample.apiVersion, kind: sample.kind, metadata: { name, labels: { applied: 'yes' } } }),
      headers: apply,
    }),
    http(`${label}: dry-run create`, { method: 'POST', path: `${list}?dryRun=All`, body: renamed('dry') }),
    http(`${label}: create an invalid one: 422`, { method: 'POST', path: list, body: invalid }),
  ];
  if (withStatus.has(sample.kind)) {
    steps.push(
      http(`${label}: write status with a label change`, {
        method: 'PATCH',
        path: `${item}/status`,
        body: { metadata: { labels: { via: 'status' } } },
        headers: merge,
      }),
    );
  }
  steps.push(http(`${label}: delete`, { method: 'DELETE', path: item }));
  return steps;
}

/** A TokenRequest's token and expiry are the server's inventions; the rest is compared. */
const tokenRequest = custom('ServiceAccount: request a token', async (target) => {
  await target.call('POST', `/api/v1/namespaces/${kindsNs}/serviceaccounts`, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'token-owner' } });
  const result = await target.call('POST', `/api/v1/namespaces/${kindsNs}/serviceaccounts/token-owner/token`, {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'TokenRequest',
    spec: { audiences: ['https://kubernetes.default.svc'], expirationSeconds: 3600 },
  });
  const body = result.body;
  if (body?.status?.token) body.status.token = `<jwt with ${String(body.status.token).split('.').length} parts>`;
  return `status ${result.status}\n${createNormalizer().json(body)}`;
});

export const kindSteps: Step[] = [
  http('kinds: create the namespace', {
    method: 'POST',
    path: '/api/v1/namespaces',
    body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: kindsNs } },
  }),
  ...kinds.flatMap(([label, sample]) => lifecycle(label, sample)),
  tokenRequest,
  http('ServiceAccount: a token for a missing account: 404', {
    method: 'POST',
    path: `/api/v1/namespaces/${kindsNs}/serviceaccounts/missing/token`,
    body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} },
  }),
];
