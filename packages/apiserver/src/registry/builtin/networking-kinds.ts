/**
 * networking.k8s.io/v1: Ingress (with /status), IngressClass and NetworkPolicy, as
 * pkg/registry/networking registers them. Validation lives in ingress-validation.ts and
 * network-policy.ts.
 */
import { LabelSelector, type KubeObject, type LabelSelectorObject } from '@dojo/kube-api';
import type { ResourceInfo } from '../resource-info.ts';
import { statusStrategy } from '../status-strategy.ts';
import { defineBuiltin } from './define-builtin.ts';
import { kindColumn } from './kind-column.ts';
import { ingressClassStrategy, ingressStrategy, networkPolicyStrategy } from './networking-strategies.ts';
import { field } from './unstructured.ts';

/** printIngress's HOSTS: up to three hosts, "*" when no rule names one. */
function ingressHosts(obj: KubeObject): string {
  const rules = (field(obj, 'spec', 'rules') as unknown[] | undefined) ?? [];
  const hosts = rules
    .map((r) => String(field(r, 'host') ?? ''))
    .filter(Boolean)
    .slice(0, 3);
  if (hosts.length === 0) return '*';
  return rules.length > 3 ? `${hosts.join(',')} + ${rules.length - 3} more...` : hosts.join(',');
}

/** ingressLoadBalancerStatusStringer (wide: the server always renders wide): sorted unique IPs or hostnames. */
function ingressAddress(obj: KubeObject): string {
  const addresses = new Set<string>();
  for (const lb of (field(obj, 'status', 'loadBalancer', 'ingress') as unknown[] | undefined) ?? []) {
    const address = String(field(lb, 'ip') || field(lb, 'hostname') || '');
    if (address) addresses.add(address);
  }
  return [...addresses].sort().join(',');
}

export const ingresses = defineBuiltin({
  group: 'networking.k8s.io',
  version: 'v1',
  resource: 'ingresses',
  kind: 'Ingress',
  namespaced: true,
  shortNames: ['ing'],
  strategy: ingressStrategy,
  subresources: { status: statusStrategy(ingressStrategy) },
  columns: [
    kindColumn(
      'Class',
      'The name of the IngressClass resource that should be used for additional configuration',
      (o) => field(o, 'spec', 'ingressClassName') ?? '<none>',
    ),
    kindColumn('Hosts', 'Hosts that incoming requests are matched against before the ingress rule', ingressHosts),
    kindColumn('Address', 'Address is a list containing ingress points for the load-balancer', ingressAddress),
    kindColumn('Ports', 'Ports of TLS configurations that open', (o) => (((field(o, 'spec', 'tls') as unknown[] | undefined) ?? []).length ? '80, 443' : '80')),
  ],
});

export const ingressClasses = defineBuiltin({
  group: 'networking.k8s.io',
  version: 'v1',
  resource: 'ingressclasses',
  kind: 'IngressClass',
  namespaced: false,
  strategy: ingressClassStrategy,
  columns: [
    kindColumn('Controller', 'Controller that is responsible for handling this class', (o) => field(o, 'spec', 'controller') ?? ''),
    kindColumn('Parameters', 'A reference to a resource with additional parameters', (o) => {
      const p = field(o, 'spec', 'parameters');
      if (p === undefined) return '<none>';
      const group = field(p, 'apiGroup');
      return `${String(field(p, 'kind') ?? '')}${group !== undefined ? `.${String(group)}` : ''}/${String(field(p, 'name') ?? '')}`;
    }),
  ],
});
// printIngressClass adds " (default)" to the name of a class annotated as the cluster's default.
ingressClasses.columns[0] = {
  ...ingressClasses.columns[0]!,
  cell: (o) => `${o.metadata.name ?? ''}${o.metadata.annotations?.['ingressclass.kubernetes.io/is-default-class'] === 'true' ? ' (default)' : ''}`,
};

const podSelectorDescription =
  "podSelector selects the pods to which this NetworkPolicy object applies. The array of rules is applied to any pods selected by this field. An empty selector matches all pods in the policy's namespace. Multiple network policies can select the same set of pods. In this case, the ingress rules for each are combined additively. This field is optional. If it is not specified, it defaults to an empty selector.";

/** metav1.FormatLabelSelector: requirements sorted by key, values sorted, "<none>" when it selects everything. */
function formatLabelSelector(selector: LabelSelectorObject | undefined): string {
  const requirements = LabelSelector.fromObject(selector)
    .requirements.map((r) => ({ ...r, values: [...r.values].sort() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return new LabelSelector(requirements).toString() || '<none>';
}

export const networkPolicies = defineBuiltin({
  group: 'networking.k8s.io',
  version: 'v1',
  resource: 'networkpolicies',
  kind: 'NetworkPolicy',
  namespaced: true,
  shortNames: ['netpol'],
  strategy: networkPolicyStrategy,
  columns: [kindColumn('Pod-Selector', podSelectorDescription, (o) => formatLabelSelector(field(o, 'spec', 'podSelector') as LabelSelectorObject | undefined))],
});

export const networkingKinds: ResourceInfo[] = [ingresses, ingressClasses, networkPolicies];
