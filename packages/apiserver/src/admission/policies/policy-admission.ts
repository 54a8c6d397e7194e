/**
 * MutatingAdmissionPolicy and ValidatingAdmissionPolicy as a step of the store's asynchronous
 * admission (../async-admission.ts): kube-apiserver's two policy plugins, which run before the
 * webhooks of their phase (asyncAdmissionChain(policies, webhooks) keeps kube's plugin order).
 * Evaluation itself is synchronous (CEL); the step is async only to share the store's slot.
 */
import type { AdmissionRecord } from '@dojo/console-protocol';
import type { KubeObject } from '@dojo/kube-api';
import type { Authorizer } from '../../auth/authorizer.ts';
import { patchMetaFor } from '../../patch/patch-engine.ts';
import type { ResourceRegistry } from '../../registry/resource-registry.ts';
import type { AdmissionAttributes, AdmissionTarget } from '../admission-attributes.ts';
import type { AsyncAdmission, MutatingOutcome } from '../async-admission.ts';
import { equivalentResourcesIn } from '../matching/equivalent-resources.ts';
import { withWarnings } from '../webhooks/with-warnings.ts';
import { evaluateMutatingPolicies } from './mutating-policy.ts';
import type { StoredAdmissionPolicies } from './stored-admission-policies.ts';
import type { PolicyContext } from './policy-types.ts';
import { evaluateValidatingPolicies } from './validating-policy.ts';

export interface PolicyAdmissionOptions {
  policies: StoredAdmissionPolicies;
  registry: ResourceRegistry;
  /** The namespace object (`namespaceObject`, namespaceSelector); undefined when it does not exist. */
  namespace(name: string): KubeObject | undefined;
  authorizer: Authorizer;
  /** Every evaluation, besides the request's own observer (which journals it on the write's record). */
  onRecord?: (record: AdmissionRecord) => void;
}

/** kube never applies policies to its admission configuration, so a bad policy cannot lock itself in. */
const isAdmissionConfiguration = (target: AdmissionTarget): boolean => target.resource.group === 'admissionregistration.k8s.io';

export class PolicyAdmission implements AsyncAdmission {
  constructor(private readonly options: PolicyAdmissionOptions) {}

  handles(target: AdmissionTarget): boolean {
    return !isAdmissionConfiguration(target) && this.options.policies.anyBinding();
  }

  async admit(attributes: AdmissionAttributes): Promise<MutatingOutcome> {
    const result = evaluateMutatingPolicies(this.options.policies, attributes, this.#context(attributes), {
      patchMeta: patchMetaFor(attributes.info, attributes.object),
    });
    this.#record(attributes, result.records);
    if (result.denial) throw result.denial;
    return { object: result.object, changed: result.object !== attributes.object, warnings: [] };
  }

  async validate(attributes: AdmissionAttributes): Promise<{ warnings: string[] }> {
    const result = evaluateValidatingPolicies(this.options.policies, attributes, this.#context(attributes));
    this.#record(attributes, result.records);
    if (result.denial) throw withWarnings(result.denial, result.warnings);
    return { warnings: result.warnings };
  }

  #context(attributes: AdmissionAttributes): PolicyContext {
    return {
      namespace: attributes.namespace ? this.options.namespace(attributes.namespace) : undefined,
      equivalentResources: equivalentResourcesIn(this.options.registry),
      authorizer: this.options.authorizer,
    };
  }

  #record(attributes: AdmissionAttributes, records: readonly AdmissionRecord[]): void {
    for (const record of records) {
      attributes.observer?.admitted?.(record, attributes.name);
      this.options.onRecord?.(record);
    }
  }
}
