/**
 * admissionregistration.k8s.io/v1 against both servers: each of the six kinds created (its
 * defaults filled in), read, listed (also as a Table and by kubectl), patched (a label; a spec
 * change, which counts a generation), server-side applied, replaced, created dry-run, refused
 * when invalid (so every validation message is compared mechanically), its status written where
 * it has one, and deleted. The objects are only stored: no webhook is called and no policy runs
 * on either server here (the oracle's webhooks and policies would match nothing these steps do).
 */
import type { KubeObject } from '@dojo/kube-api';
import { custom, http, httpObservation, kubectl, type Step } from './differential.ts';
import { createNormalizer } from './normalize.ts';
import { admissionKindSamples, type AdmissionKind } from './admission-kind-samples.ts';

const group = '/apis/admissionregistration.k8s.io/v1';
const apiVersion = 'admissionregistration.k8s.io/v1';
const merge = { 'content-type': 'application/merge-patch+json' };
const smp = { 'content-type': 'application/strategic-merge-patch+json' };
const apply = { 'content-type': 'application/apply-patch+yaml' };
const table = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };

/**
 * A Table's columns and cells, the Age cells normalized. The Age column's description is left
 * out: every built-in kind's (kube-api's ageColumn) is shorter than kube's, which is not this
 * group's difference.
 */
const tableStep = (name: string, path: string): Step =>
  custom(name, async (target) => {
    const result = await target.call('GET', path, undefined, table);
    const body = result.body as { columnDefinitions?: Array<Record<string, unknown>>; rows?: Array<{ cells: unknown[] }> };
    const columns = (body.columnDefinitions ?? []).map((c) => (c.name === 'Age' ? { ...c, description: '<age>' } : c));
    const rows = (body.rows ?? []).map((r) => r.cells.map((cell, i) => (columns[i]?.name === 'Age' ? '<age>' : cell)));
    return `GET ${path} as Table\nstatus ${result.status}\n${createNormalizer().json({ columns, rows })}`;
  });

/** `kubectl describe`, its "Resource Version:" line (each server's own counter) normalized. */
const describeStep = (name: string, resource: string, object: string): Step =>
  custom(name, async (target) => {
    const result = await target.kubectl.run(['describe', resource, object]);
    const stdout = createNormalizer()
      .text(result.stdout)
      .replace(/^(\s*Resource Version:\s+)\d+$/m, '$1<rv>');
    return [`kubectl describe ${resource} ${object}`, `exit ${result.code}`, '--- stdout', stdout, '--- stderr', result.stderr].join('\n');
  });

function lifecycle(kind: AdmissionKind): Step[] {
  const list = `${group}/${kind.resource}`;
  const name = kind.sample.metadata.name!;
  const item = `${list}/${name}`;
  const label = kind.sample.kind!;
  const steps: Step[] = [
    http(`${label}: create (defaults filled in)`, { method: 'POST', path: list, body: kind.sample }),
    http(`${label}: get`, { method: 'GET', path: item }),
    custom(`${label}: list`, async (target) => {
      const result = await target.call('GET', list);
      if (result.body?.metadata?.resourceVersion) result.body.metadata.resourceVersion = '<list-rv>';
      return `GET ${list}\n${httpObservation(result, [])}`;
    }),
    tableStep(`${label}: list as a Table`, list),
    kubectl(`${label}: kubectl get`, { args: ['get', kind.resource] }),
    describeStep(`${label}: kubectl describe`, kind.resource, name),
    http(`${label}: merge patch a label (same generation)`, {
      method: 'PATCH',
      path: item,
      body: { metadata: { labels: { patched: 'merge' } } },
      headers: merge,
    }),
    http(`${label}: merge patch the spec (next generation)`, { method: 'PATCH', path: item, body: kind.specChange, headers: merge }),
    http(`${label}: strategic merge patch an annotation`, {
      method: 'PATCH',
      path: item,
      body: { metadata: { annotations: { patched: 'smp' } } },
      headers: smp,
    }),
    http(`${label}: server-side apply a label`, {
      method: 'PATCH',
      path: `${item}?fieldManager=oracle-steps`,
      body: JSON.stringify({ apiVersion, kind: label, metadata: { name, labels: { applied: 'yes' } } }),
      headers: apply,
    }),
    custom(`${label}: replace (PUT) what was read, with an annotation`, async (target) => {
      const read = (await target.call('GET', item)).body as KubeObject;
      read.metadata.annotations = { ...read.metadata.annotations, replaced: 'yes' };
      delete read.metadata.managedFields;
      const result = await target.call('PUT', item, read);
      return `PUT ${item}\n${httpObservation(result, [])}`;
    }),
    http(`${label}: dry-run create`, { method: 'POST', path: `${list}?dryRun=All`, body: { ...kind.sample, metadata: { name: `${name}-dry` } } }),
    ...kind.invalid.map(([what, body]) => http(`${label}: create invalid (${what}): 422`, { method: 'POST', path: list, body })),
  ];
  if (kind.status) {
    steps.push(
      http(`${label}: write status (spec and labels sent are ignored)`, {
        method: 'PATCH',
        path: `${item}/status`,
        body: { ...kind.status, metadata: { labels: { via: 'status' } }, spec: { failurePolicy: 'Fail' } },
        headers: merge,
      }),
      http(`${label}: status with conditions kube refuses: 422`, {
        method: 'PATCH',
        path: `${item}/status`,
        body: {
          status: {
            conditions: [
              { type: 'bad type!', status: 'Maybe', observedGeneration: -1, reason: '9bad', message: 'm' },
              { type: 'bad type!', status: 'True', lastTransitionTime: '2024-01-01T00:00:00Z', reason: '' },
            ],
          },
        },
        headers: merge,
      }),
      http(`${label}: status with an empty type-checking warning: 422`, {
        method: 'PATCH',
        path: `${item}/status`,
        body: { status: { typeChecking: { expressionWarnings: [{ fieldRef: '', warning: '' }] } } },
        headers: merge,
      }),
    );
  }
  return steps;
}

export const admissionKindSteps: Step[] = [
  ...admissionKindSamples.flatMap(lifecycle),
  ...admissionKindSamples.map((kind) =>
    http(`${kind.sample.kind!}: delete`, { method: 'DELETE', path: `${group}/${kind.resource}/${kind.sample.metadata.name!}` }),
  ),
  http('admission kinds: the group is discovered', { method: 'GET', path: group }),
  kubectl('admission kinds: kubectl explain a webhook', { args: ['explain', 'validatingwebhookconfigurations.webhooks.clientConfig.url'] }),
];
