/**
 * Ingress, IngressClass and NetworkPolicy strategies (pkg/registry/networking/{ingress,ingressclass,networkpolicy}):
 * generation follows spec; an Ingress's status changes only through /status; the rules
 * themselves are in ingress-validation.ts and network-policy.ts.
 */
import type { KubeObject } from '@dojo/kube-api';
import { bumpGenerationOnChange, startGeneration } from '../generation.ts';
import { keepStoredStatus } from '../status-strategy.ts';
import type { Strategy } from '../strategy.ts';
import { validateIngress, validateIngressClass, validateIngressClassUpdate, validateIngressCreate } from './ingress-validation.ts';
import { defaultNetworkPolicy, validateNetworkPolicy } from './network-policy.ts';
import { field, record } from './unstructured.ts';

/** Ingress: status only through /status, generation follows spec. */
export const ingressStrategy = {
  prepareForCreate(obj) {
    // The zero status: Go writes the non-pointer loadBalancer struct even when empty.
    obj.status = { loadBalancer: {} };
    startGeneration(obj);
  },
  prepareForUpdate(obj, old) {
    keepStoredStatus(obj, old);
    bumpGenerationOnChange(obj, old, { statusSubresource: true });
  },
  validate: validateIngressCreate,
  validateUpdate: (obj) => validateIngress(obj),
} satisfies Strategy;

/** IngressClass: parameters.scope defaults to Cluster; the controller is immutable. */
function defaultIngressClass(obj: KubeObject): void {
  const parameters = field(obj, 'spec', 'parameters');
  if (parameters !== undefined) record(parameters).scope ??= 'Cluster';
}

export const ingressClassStrategy = {
  prepareForCreate(obj) {
    defaultIngressClass(obj);
    startGeneration(obj);
  },
  prepareForUpdate(obj, old) {
    defaultIngressClass(obj);
    bumpGenerationOnChange(obj, old, { statusSubresource: true });
  },
  validate: validateIngressClass,
  validateUpdate: validateIngressClassUpdate,
} satisfies Strategy;

export const networkPolicyStrategy = {
  prepareForCreate(obj) {
    defaultNetworkPolicy(obj);
    startGeneration(obj);
  },
  prepareForUpdate(obj, old) {
    defaultNetworkPolicy(obj);
    bumpGenerationOnChange(obj, old, { statusSubresource: true });
  },
  validate: validateNetworkPolicy,
  validateUpdate: (obj) => validateNetworkPolicy(obj),
} satisfies Strategy;
