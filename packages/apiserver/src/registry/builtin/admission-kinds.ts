/**
 * admissionregistration.k8s.io/v1, as kube-apiserver 1.37 serves it by default (v1beta1 and
 * v1alpha1 are off by default): webhook configurations, ValidatingAdmissionPolicy (with
 * /status), MutatingAdmissionPolicy (GA and on in 1.36) and both bindings. All cluster-scoped,
 * in the "api-extensions" category, without short names; Table columns from
 * pkg/printers/internalversion. These objects are stored and served only: calling webhooks and
 * evaluating policies is packages/apiserver/src/admission's work.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { ResourceInfo } from '../resource-info.ts';
import { statusStrategy } from '../status-strategy.ts';
import {
  mutatingAdmissionPolicyBindingStrategy,
  mutatingAdmissionPolicyStrategy,
  mutatingWebhookConfigurationStrategy,
  validatingAdmissionPolicyBindingStrategy,
  validatingAdmissionPolicyStatusValidation,
  validatingAdmissionPolicyStrategy,
  validatingWebhookConfigurationStrategy,
} from './admission-strategies.ts';
import { defineBuiltin, type BuiltinSpec } from './define-builtin.ts';
import { kindColumn } from './kind-column.ts';
import { field } from './unstructured.ts';

const group = 'admissionregistration.k8s.io';
const common = { group, version: 'v1', namespaced: false, categories: ['api-extensions'] };

const count = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

const webhooksColumn = kindColumn(
  'Webhooks',
  'Webhooks indicates the number of webhooks registered in this configuration',
  (o) => count(o.webhooks),
  'integer',
);

/** printValidatingAdmissionPolicy's ParamKind: "apiVersion/kind", or "<unset>". */
const paramKindColumn = kindColumn('ParamKind', 'ParamKind specifies the kind of resources used to parameterize this policy', (o) => {
  const paramKind = field(o, 'spec', 'paramKind');
  return paramKind ? `${String(field(paramKind, 'apiVersion') ?? '')}/${String(field(paramKind, 'kind') ?? '')}` : '<unset>';
});

/** metav1.LabelSelector's generated String(), which the printer shows for a selecting paramRef. */
function goLabelSelectorString(selector: unknown): string {
  const labels = (field(selector, 'matchLabels') ?? {}) as Record<string, string>;
  const expressions = (field(selector, 'matchExpressions') ?? []) as unknown[];
  const labelText = Object.keys(labels)
    .sort()
    .map((k) => `${k}: ${labels[k]},`)
    .join('');
  const expressionText = expressions
    .map((e) => {
      const values = (field(e, 'values') ?? []) as string[];
      return `LabelSelectorRequirement{Key:${String(field(e, 'key') ?? '')},Operator:${String(field(e, 'operator') ?? '')},Values:[${values.join(' ')}],},`;
    })
    .join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labelText}},MatchExpressions:[]LabelSelectorRequirement{${expressionText}},}`;
}

/** printValidatingAdmissionPolicyBinding's ParamRef: namespace/name, "*"/name when no namespace, or the selector. */
function paramRefCell(o: KubeObject): string {
  const ref = field(o, 'spec', 'paramRef');
  if (!ref) return '<unset>';
  const name = String(field(ref, 'name') ?? '');
  const namespace = String(field(ref, 'namespace') ?? '');
  if (name) return `${namespace || '*'}/${name}`;
  const selector = field(ref, 'selector');
  return selector ? goLabelSelectorString(selector) : '<unset>';
}

const bindingColumns = [
  kindColumn('PolicyName', 'PolicyName indicates the policy definition which the policy binding binded to', (o) => field(o, 'spec', 'policyName') ?? ''),
  kindColumn('ParamRef', 'ParamRef indicates the param resource which sets the configuration param', paramRefCell),
];

const kind = (spec: Omit<BuiltinSpec, 'group' | 'version' | 'namespaced'>): ResourceInfo => defineBuiltin({ ...common, ...spec });

export const validatingWebhookConfigurations = kind({
  resource: 'validatingwebhookconfigurations',
  kind: 'ValidatingWebhookConfiguration',
  strategy: validatingWebhookConfigurationStrategy,
  columns: [webhooksColumn],
});

export const mutatingWebhookConfigurations = kind({
  resource: 'mutatingwebhookconfigurations',
  kind: 'MutatingWebhookConfiguration',
  strategy: mutatingWebhookConfigurationStrategy,
  columns: [webhooksColumn],
});

export const validatingAdmissionPolicies = kind({
  resource: 'validatingadmissionpolicies',
  kind: 'ValidatingAdmissionPolicy',
  strategy: validatingAdmissionPolicyStrategy,
  // validatingAdmissionPolicyStatusStrategy: spec and all of metadata from the stored object
  // (ResetObjectMetaForStatus), only the status is validated.
  subresources: {
    status: statusStrategy(validatingAdmissionPolicyStrategy, { storedMetadata: 'all', validateUpdate: validatingAdmissionPolicyStatusValidation }),
  },
  columns: [
    kindColumn(
      'Validations',
      'Validations indicates the number of validation rules defined in this configuration',
      (o) => count(field(o, 'spec', 'validations')),
      'integer',
    ),
    paramKindColumn,
  ],
});

export const validatingAdmissionPolicyBindings = kind({
  resource: 'validatingadmissionpolicybindings',
  kind: 'ValidatingAdmissionPolicyBinding',
  strategy: validatingAdmissionPolicyBindingStrategy,
  columns: bindingColumns,
});

export const mutatingAdmissionPolicies = kind({
  resource: 'mutatingadmissionpolicies',
  kind: 'MutatingAdmissionPolicy',
  strategy: mutatingAdmissionPolicyStrategy,
  columns: [
    kindColumn(
      'Mutations',
      'Mutation indicates the number of mutations rules defined in this configuration',
      (o) => count(field(o, 'spec', 'mutations')),
      'integer',
    ),
    paramKindColumn,
  ],
});

export const mutatingAdmissionPolicyBindings = kind({
  resource: 'mutatingadmissionpolicybindings',
  kind: 'MutatingAdmissionPolicyBinding',
  strategy: mutatingAdmissionPolicyBindingStrategy,
  columns: bindingColumns,
});

export const admissionKinds: ResourceInfo[] = [
  validatingWebhookConfigurations,
  mutatingWebhookConfigurations,
  validatingAdmissionPolicies,
  validatingAdmissionPolicyBindings,
  mutatingAdmissionPolicies,
  mutatingAdmissionPolicyBindings,
];
