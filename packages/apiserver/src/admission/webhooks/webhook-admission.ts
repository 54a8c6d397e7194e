/**
 * Admission webhooks as the store's asynchronous admission step: kube-apiserver's
 * MutatingAdmissionWebhook and ValidatingAdmissionWebhook plugins over the configurations a
 * source gives. `handles` answers from the rules alone, so a request no webhook could match
 * never leaves the store's synchronous path.
 */
import type { AdmissionAttributes, AdmissionTarget } from '../admission-attributes.ts';
import type { AdmissionRecord } from '@dojo/console-protocol';
import type { AsyncAdmission, MutatingOutcome } from '../async-admission.ts';
import type { EquivalentResources } from '../matching/equivalent-resources.ts';
import { dispatchMutating } from './mutating-dispatcher.ts';
import { dispatchValidating } from './validating-dispatcher.ts';
import type { ServiceUrls } from './webhook-client.ts';
import { webhooksOf, type Webhook, type WebhookConfigurations } from './webhook-configurations.ts';
import type { DispatchContext } from './webhook-dispatch-context.ts';
import { webhookRulesMatch } from './webhook-selection.ts';

export interface WebhookAdmissionOptions {
  configurations: WebhookConfigurations;
  /** `namespace/name` → base URL, for `clientConfig.service` (the CLI's `webhook map`). */
  serviceUrls?: ServiceUrls;
  /** The namespace's labels, undefined when it does not exist (namespaceSelector). */
  namespaceLabels(name: string): Record<string, string> | undefined;
  /** The same stored resource under its other versions and groups (matchPolicy Equivalent). */
  equivalentResources: EquivalentResources;
  /** Every admission record, besides the request's observer. */
  onRecord?: (record: AdmissionRecord) => void;
}

/** kube never calls webhooks about its admission configuration, so a bad webhook cannot lock itself in (IsExemptAdmissionConfigurationResource). */
const exemptKinds = new Set([
  'ValidatingWebhookConfiguration',
  'MutatingWebhookConfiguration',
  'ValidatingAdmissionPolicy',
  'ValidatingAdmissionPolicyBinding',
  'MutatingAdmissionPolicy',
  'MutatingAdmissionPolicyBinding',
]);

function isExempt(target: AdmissionTarget): boolean {
  return target.info.group === 'admissionregistration.k8s.io' && exemptKinds.has(target.info.kind);
}

export class WebhookAdmission implements AsyncAdmission {
  private readonly context: DispatchContext;

  constructor(private readonly options: WebhookAdmissionOptions) {
    this.context = {
      serviceUrls: options.serviceUrls ?? new Map(),
      namespaceLabels: (name) => options.namespaceLabels(name),
      equivalentResources: options.equivalentResources,
      ...(options.onRecord ? { onRecord: options.onRecord } : {}),
    };
  }

  private mutating(): Webhook[] {
    return webhooksOf('mutating', this.options.configurations.mutating());
  }

  private validating(): Webhook[] {
    return webhooksOf('validating', this.options.configurations.validating());
  }

  handles(target: AdmissionTarget): boolean {
    if (isExempt(target)) return false;
    return [...this.mutating(), ...this.validating()].some((webhook) => webhookRulesMatch(webhook, target, this.options.equivalentResources) !== undefined);
  }

  async admit(attributes: AdmissionAttributes): Promise<MutatingOutcome> {
    if (isExempt(attributes)) return { object: attributes.object, changed: false, warnings: [] };
    return dispatchMutating(this.mutating(), attributes, this.context);
  }

  async validate(attributes: AdmissionAttributes): Promise<{ warnings: string[] }> {
    if (isExempt(attributes)) return { warnings: [] };
    return dispatchValidating(this.validating(), attributes, this.context);
  }
}
