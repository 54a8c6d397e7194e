/**
 * The admission configuration objects the oracle's admission steps write to both servers: for
 * each kind a valid sample, a change of what it asks for, invalid objects whose refusals are
 * compared, and a status where the kind has one.
 */
import type { KubeObject } from '@dojo/kube-api';

const apiVersion = 'admissionregistration.k8s.io/v1';
const podRule = { operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] };
const webhook = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  sideEffects: 'None',
  admissionReviewVersions: ['v1'],
  clientConfig: { url: 'https://127.0.0.1:9443/validate' },
  rules: [podRule],
  ...extra,
});

export interface AdmissionKind {
  resource: string;
  sample: KubeObject;
  /** A merge patch of what the object asks for (its generation counts it). */
  specChange: Record<string, unknown>;
  /** Invalid objects: each is created and refused with kube's causes. */
  invalid: Array<[string, KubeObject]>;
  status?: Record<string, unknown>;
}

const object = (kind: string, name: string, rest: Record<string, unknown>): KubeObject => ({ apiVersion, kind, metadata: { name }, ...rest });

export const admissionKindSamples: AdmissionKind[] = [
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
