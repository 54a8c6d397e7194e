/**
 * Where webhooks come from, and the one view of a webhook the dispatchers use. Configurations
 * are plain admissionregistration.k8s.io/v1 objects (ValidatingWebhookConfiguration,
 * MutatingWebhookConfiguration); the lead wires the source to the store, tests give them in
 * memory. Each webhook is read with kube's v1 defaults (pkg/apis/admissionregistration/v1/
 * defaults.go): failurePolicy Fail, matchPolicy Equivalent, empty selectors, timeoutSeconds 10,
 * reinvocationPolicy Never, rule scope "*".
 */
import type { KubeObject, LabelSelectorObject } from '@dojo/kube-api';

export interface WebhookConfigurations {
  validating(): readonly KubeObject[];
  mutating(): readonly KubeObject[];
}

export interface WebhookRule {
  operations: string[];
  apiGroups: string[];
  apiVersions: string[];
  resources: string[];
  scope: string;
}

export interface WebhookClientConfig {
  url?: string;
  service?: { namespace: string; name: string; path?: string; port?: number };
  /** Base64 PEM, as the API carries `caBundle` ([]byte). */
  caBundle?: string;
}

export interface MatchCondition {
  name: string;
  expression: string;
}

/** One webhook of a configuration, defaulted. */
export interface Webhook {
  kind: 'mutating' | 'validating';
  name: string;
  configuration: string;
  /** Unique among all webhooks (kube's webhook accessor uid: configuration/webhook/index). */
  uid: string;
  clientConfig: WebhookClientConfig;
  rules: WebhookRule[];
  failurePolicy: 'Ignore' | 'Fail';
  matchPolicy: 'Exact' | 'Equivalent';
  namespaceSelector: LabelSelectorObject;
  objectSelector: LabelSelectorObject;
  sideEffects: string | undefined;
  timeoutSeconds: number;
  reinvocationPolicy: 'Never' | 'IfNeeded';
  matchConditions: MatchCondition[];
  admissionReviewVersions: string[];
}

/**
 * Every webhook of one kind, in kube's calling order: configurations sorted by name
 * (generic's mergeMutatingWebhookConfigurations sorts them), webhooks in their listed order.
 */
export function webhooksOf(kind: Webhook['kind'], configurations: readonly KubeObject[]): Webhook[] {
  const sorted = [...configurations].sort((a, b) => compareNames(a.metadata.name ?? '', b.metadata.name ?? ''));
  return sorted.flatMap((configuration) => {
    const entries = (configuration as { webhooks?: unknown }).webhooks;
    if (!Array.isArray(entries)) return [];
    return entries.map((entry, index) => defaultedWebhook(kind, configuration.metadata.name ?? '', index, entry as Record<string, unknown>));
  });
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function defaultedWebhook(kind: Webhook['kind'], configuration: string, index: number, raw: Record<string, unknown>): Webhook {
  const name = stringOr(raw.name, '');
  return {
    kind,
    name,
    configuration,
    uid: `${configuration}/${name}/${index}`,
    clientConfig: (raw.clientConfig as WebhookClientConfig | undefined) ?? {},
    rules: arrayOf(raw.rules).map((rule) => {
      const r = rule as Record<string, unknown>;
      return {
        operations: stringsOf(r.operations),
        apiGroups: stringsOf(r.apiGroups),
        apiVersions: stringsOf(r.apiVersions),
        resources: stringsOf(r.resources),
        scope: stringOr(r.scope, '*'),
      };
    }),
    failurePolicy: raw.failurePolicy === 'Ignore' ? 'Ignore' : 'Fail',
    matchPolicy: raw.matchPolicy === 'Exact' ? 'Exact' : 'Equivalent',
    namespaceSelector: (raw.namespaceSelector as LabelSelectorObject | undefined) ?? {},
    objectSelector: (raw.objectSelector as LabelSelectorObject | undefined) ?? {},
    sideEffects: typeof raw.sideEffects === 'string' ? raw.sideEffects : undefined,
    timeoutSeconds: typeof raw.timeoutSeconds === 'number' ? raw.timeoutSeconds : 10,
    reinvocationPolicy: raw.reinvocationPolicy === 'IfNeeded' ? 'IfNeeded' : 'Never',
    matchConditions: arrayOf(raw.matchConditions) as MatchCondition[],
    admissionReviewVersions: stringsOf(raw.admissionReviewVersions),
  };
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function stringsOf(value: unknown): string[] {
  return arrayOf(value).filter((v): v is string => typeof v === 'string');
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}
