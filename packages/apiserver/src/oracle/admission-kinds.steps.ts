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

const group = '/apis/admissionregistration.k8s.io/v1';
const apiVersion = 'admissionregistration.k8s.io/v1';
const merge = { 'content-type': 'application/merge-patch+json' };
const smp = { 'content-type': 'application/strategic-merge-patch+json' };
const apply = { 'content-type': 'application/apply-patch+yaml' };
const table = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };

const podRule = { operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] };
const webhook = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  sideEffects: 'None',
  admissionReviewVersions: ['v1'],
  clientConfig: { url: 'https://127.0.0.1:9443/validate' },
  rules: [podRule],
  ...extra,
});

interface AdmissionKind {
  resource: string;
  sample: KubeObject;
  /** A merge patch of what the object asks for (its generation counts it). */
  specChange: Record<string, unknown>;
  /** Invalid objects: each is created and refused with kube's causes. */
  invalid: Array<[string, KubeObject]>;
  status?: Record<string, unknown>;
}

const object = (kind: string, name: string, rest: Record<string, unknown>): KubeObject => ({ apiVersion, kind, metadata: { name }, ...rest });

const kinds: AdmissionKind[] = [
  {
    resource: 'validatingwebhookconfigurations',
    sample: object('ValidatingWebhookConfiguration', 'oracle-vwc', {
      webhooks: [
        webhook('pods.oracle.example.com', {
          matchConditions: [{ name: 'not-system', expression: "!request.userInfo.username.startsWith('system:')" }],
          namespaceSelector: { matchExpressions: [{ key: 'env', operator: 'In', values: ['dev'] }] },
        }),
        webhook('svc.oracle.example.com', { clientConfig: { service: { name: 'hook', namespace: 'default', path: '/validate' } }, failurePolicy: 'Ignore' }),
      ],
    }),
    specChange: { webhooks: [webhook('pods.oracle.example.com', { timeoutSeconds: 5 })] },
    invalid: [
      [
        'no sideEffects, no review versions, url and service, bad rules and CEL',
        object('ValidatingWebhookConfiguration', 'oracle-vwc-bad', {
          webhooks: [
            {
              name: 'a.oracle.example.com',
              admissionReviewVersions: [],
              clientConfig: { url: 'https://h.example.com', service: { name: 's', namespace: 'n' } },
              rules: [
                { operations: ['CREATE', '*', 'PATCH'], apiGroups: ['*', 'apps'], apiVersions: ['v1', ''], resources: ['*/*', 'pods'], scope: 'Everywhere' },
              ],
              failurePolicy: 'Maybe',
              matchPolicy: 'Fuzzy',
              timeoutSeconds: 31,
              namespaceSelector: { matchLabels: { a: 'b c' } },
              matchConditions: [
                { name: 'x', expression: "'s'" },
                { name: 'x', expression: 'params.x == 1' },
                { name: 'bad name!', expression: '' },
              ],
            },
            webhook('a.oracle.example.com', { sideEffects: 'Some', admissionReviewVersions: ['v3', 'v3', 'Bad'] }),
            webhook('short'),
            webhook('b.oracle.example.com', { clientConfig: { service: { name: 's', namespace: 'n', path: 'nope/x' } } }),
          ],
        }),
      ],
      [
        'URLs that are not https, with a user, query or fragment; bad service paths and ports',
        object('ValidatingWebhookConfiguration', 'oracle-vwc-urls', {
          webhooks: [
            webhook('a.oracle.example.com', { clientConfig: { url: 'http://user:pw@host:8080/p?q=1#frag' } }),
            webhook('b.oracle.example.com', { clientConfig: { url: ':nope' } }),
            webhook('c.oracle.example.com', { clientConfig: { url: 'example.com/validate' } }),
            webhook('d.oracle.example.com', { clientConfig: { service: { name: '', namespace: '', port: 0, path: '/a//B_/' } } }),
            webhook('e.oracle.example.com', { clientConfig: { service: { name: 's', namespace: 'n', path: '//' } } }),
          ],
        }),
      ],
      ['a name kept for manifests', object('ValidatingWebhookConfiguration', 'oracle.static.k8s.io', { webhooks: [webhook('a.oracle.example.com')] })],
    ],
  },
  {
    resource: 'mutatingwebhookconfigurations',
    sample: object('MutatingWebhookConfiguration', 'oracle-mwc', {
      webhooks: [webhook('m.oracle.example.com', { clientConfig: { service: { name: 'hook', namespace: 'default' } }, reinvocationPolicy: 'IfNeeded' })],
    }),
    specChange: { webhooks: [webhook('m.oracle.example.com', { clientConfig: { url: 'https://127.0.0.1:9443/mutate' } })] },
    invalid: [
      [
        'a reinvocation policy kube does not know',
        object('MutatingWebhookConfiguration', 'oracle-mwc-bad', {
          webhooks: [webhook('m.oracle.example.com', { reinvocationPolicy: 'Always', sideEffects: 'Unknown' })],
        }),
      ],
    ],
  },
  {
    resource: 'validatingadmissionpolicies',
    sample: object('ValidatingAdmissionPolicy', 'oracle-vap', {
      spec: {
        paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
        matchConstraints: { resourceRules: [{ ...podRule, apiGroups: ['apps'], resources: ['deployments'] }] },
        matchConditions: [{ name: 'has-params', expression: 'params != null' }],
        variables: [{ name: 'replicas', expression: 'object.spec.replicas' }],
        validations: [{ expression: 'variables.replicas <= 5', messageExpression: "'too many: ' + string(variables.replicas)", reason: 'Invalid' }],
        auditAnnotations: [{ key: 'replicas', valueExpression: "'replicas: ' + string(object.spec.replicas)" }],
      },
      status: { observedGeneration: 7 },
    }),
    specChange: { spec: { failurePolicy: 'Ignore' }, status: { observedGeneration: 3 } },
    invalid: [
      [
        'bad CEL, paramKind, rules and audit annotations',
        object('ValidatingAdmissionPolicy', 'oracle-vap-bad', {
          spec: {
            failurePolicy: 'Sometimes',
            paramKind: { apiVersion: 'a/b/c', kind: 'Config_Map' },
            matchConstraints: {
              matchPolicy: 'Fuzzy',
              resourceRules: [],
              excludeResourceRules: [
                { resourceNames: ['a/b', 'a/b', '..'], operations: ['DELETE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods/*', 'pods/log'] },
              ],
            },
            variables: [
              { name: 'in', expression: '1' },
              { name: '', expression: '' },
            ],
            validations: [
              { expression: "'str'", messageExpression: '1', message: 'two\nlines', reason: 'Teapot' },
              { expression: '', messageExpression: '  ' },
            ],
            auditAnnotations: [
              { key: 'k!', valueExpression: '1' },
              { key: 'k!', valueExpression: '' },
            ],
          },
        }),
      ],
      ['an empty spec', object('ValidatingAdmissionPolicy', 'oracle-vap-empty', { spec: {} })],
    ],
    status: {
      status: { observedGeneration: 2, conditions: [{ type: 'Ready', status: 'True', reason: 'Ok', message: '', lastTransitionTime: '2024-01-01T00:00:00Z' }] },
    },
  },
  {
    resource: 'validatingadmissionpolicybindings',
    sample: object('ValidatingAdmissionPolicyBinding', 'oracle-vapb', {
      spec: {
        policyName: 'oracle-vap',
        validationActions: ['Deny', 'Audit'],
        paramRef: { name: 'limits', namespace: 'default', parameterNotFoundAction: 'Deny' },
        matchResources: { namespaceSelector: { matchLabels: { env: 'test' } } },
      },
    }),
    specChange: { spec: { validationActions: ['Warn'] } },
    invalid: [
      [
        'conflicting actions and paramRef',
        object('ValidatingAdmissionPolicyBinding', 'oracle-vapb-bad', {
          spec: {
            policyName: 'Bad_Name',
            validationActions: ['Deny', 'Warn', 'Deny', 'Explode'],
            paramRef: { name: 'a/b', selector: {}, parameterNotFoundAction: 'Maybe' },
            matchResources: { objectSelector: { matchExpressions: [{ key: 'k', operator: 'Near' }] } },
          },
        }),
      ],
      ['no policy name, actions or param', object('ValidatingAdmissionPolicyBinding', 'oracle-vapb-empty', { spec: { paramRef: {} } })],
    ],
  },
  {
    resource: 'mutatingadmissionpolicies',
    sample: object('MutatingAdmissionPolicy', 'oracle-map', {
      spec: {
        reinvocationPolicy: 'Never',
        matchConstraints: { resourceRules: [{ ...podRule, operations: ['CREATE'] }] },
        matchConditions: [{ name: 'no-sidecar', expression: '!object.spec.initContainers.exists(ic, ic.name == "mesh-proxy")' }],
        mutations: [
          {
            patchType: 'ApplyConfiguration',
            applyConfiguration: {
              expression: 'Object{spec: Object.spec{initContainers: [Object.spec.initContainers{name: "mesh-proxy", image: "mesh/proxy:v1.0.0"}]}}',
            },
          },
        ],
      },
    }),
    specChange: { spec: { reinvocationPolicy: 'IfNeeded' } },
    invalid: [
      [
        'DELETE rules and mixed patch types',
        object('MutatingAdmissionPolicy', 'oracle-map-bad', {
          spec: {
            reinvocationPolicy: 'Always',
            matchConstraints: { resourceRules: [{ ...podRule, operations: ['DELETE', 'CREATE'] }] },
            mutations: [
              { patchType: 'JSONPatch', applyConfiguration: { expression: 'x' } },
              { patchType: 'Merge' },
              { patchType: '' },
              { patchType: 'ApplyConfiguration', applyConfiguration: { expression: ' ' }, jsonPatch: { expression: 'y' } },
            ],
          },
        }),
      ],
      ['an empty spec', object('MutatingAdmissionPolicy', 'oracle-map-empty', { spec: {} })],
    ],
  },
  {
    resource: 'mutatingadmissionpolicybindings',
    sample: object('MutatingAdmissionPolicyBinding', 'oracle-mapb', {
      spec: {
        policyName: 'oracle-map',
        paramRef: {
          selector: { matchLabels: { a: 'b' }, matchExpressions: [{ key: 'k', operator: 'In', values: ['x', 'y'] }] },
          parameterNotFoundAction: 'Allow',
        },
      },
    }),
    specChange: { spec: { matchResources: { namespaceSelector: { matchLabels: { env: 'dev' } } } } },
    invalid: [
      [
        'a DELETE rule and no policy name',
        object('MutatingAdmissionPolicyBinding', 'oracle-mapb-bad', {
          spec: { matchResources: { resourceRules: [{ apiGroups: ['*'], apiVersions: ['*'], operations: ['DELETE'], resources: ['*'] }] } },
        }),
      ],
    ],
  },
];

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
  ...kinds.flatMap(lifecycle),
  ...kinds.map((kind) => http(`${kind.sample.kind!}: delete`, { method: 'DELETE', path: `${group}/${kind.resource}/${kind.sample.metadata.name!}` })),
  http('admission kinds: the group is discovered', { method: 'GET', path: group }),
  kubectl('admission kinds: kubectl explain a webhook', { args: ['explain', 'validatingwebhookconfigurations.webhooks.clientConfig.url'] }),
];
