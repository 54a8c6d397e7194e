/**
 * Admission webhooks as the store's asynchronous admission step: kube-apiserver's
 * MutatingAdmissionWebhook and ValidatingAdmissionWebhook plugins over the configurations a
 * source gives. `handles` answers from the rules alone, so a request no webhook could match
 * never leaves the store's synchronous path.
 */
import type { AdmissionAttributes, AdmissionTarget } from '../admission-attributes.ts';
import type { AdmissionRecord } from '@dojo/console-protocol';
import type { AsyncAdmission, MutatingOutcome } from '../async-admission.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';
import { dispatchMutating } from './mutating-dispatcher.ts';
import { dispatchValidating } from './validating-dispatcher.ts';
import type { ServiceUrls } from './webhook-client.ts';
import { webhooksOf, type Webhook, type WebhookConfigurations } from './webhook-configurations.ts';
import type { DispatchContext } from './webhook-dispatch-context.ts';
import { matchRules } from './webhook-rules.ts';

export interface WebhookAdmissionOptions {
  configurations: WebhookConfigurations;
  /** `namespace/name` → base URL, for `clientConfig.service` (the CLI's `webhook map`). */
  serviceUrls?: ServiceUrls;
  /** The namespace's labels, undefined when it does not exist (namespaceSelector). */
  namespaceLabels(name: string): Record<string, string> | undefined;
  /** The same stored resource under its other versions and groups (matchPolicy Equivalent). */
  equivalentResources(info: ResourceInfo): readonly ResourceInfo[];
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

function isExempt(info: ResourceInfo): boolean {
  return info.group === 'admissionregistration.k8s.io' && exemptKinds.has(info.kind);
}

export class WebhookAdmission implements AsyncAdmission {
  private readonly context: DispatchContext;

  constructor(private readonly options: WebhookAdmissionOptions) {
    this.context = {
      serviceUrls: options.serviceUrls ?? new Map(),
      namespaceLabels: (name) => options.namespaceLabels(name),
      equivalentResources: (info) => options.equivalentResources(info),
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
    if (isExempt(target.info)) return false;
    const equivalents = (): readonly ResourceInfo[] => this.options.equivalentResources(target.info);
    return [...this.mutating(), ...this.validating()].some((webhook) => matchRules(webhook, target, equivalents) !== undefined);
  }

  async admit(attributes: AdmissionAttributes): Promise<MutatingOutcome> {
    if (isExempt(attributes.info)) return { object: attributes.object, changed: false, warnings: [] };
    return dispatchMutating(this.mutating(), attributes, this.context);
  }

  async validate(attributes: AdmissionAttributes): Promise<{ warnings: string[] }> {
    if (isExempt(attributes.info)) return { warnings: [] };
    return dispatchValidating(this.validating(), attributes, this.context);
  }
}
