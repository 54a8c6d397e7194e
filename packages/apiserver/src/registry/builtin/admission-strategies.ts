/**
 * The write rules of admissionregistration.k8s.io/v1 (pkg/registry/admissionregistration/*):
 * defaulting on every decode, generation 1 on create and one more when what the object asks for
 * changes (a webhook configuration's webhooks, a policy's or binding's spec), names ending in
 * ".static.k8s.io" refused on create (ManifestBasedAdmissionControlConfig, beta and on in 1.37),
 * and a ValidatingAdmissionPolicy's status written only through /status.
 *
 * kube also authorizes a policy's paramKind and a binding's paramRef against the writer's
 * permissions (authz.go); the embedded server's writers are all-powerful, so that check never fails.
 */
import { fieldError, jsonEqual, semanticEqual, type FieldError, type KubeObject } from '@dojo/kube-api';
import { startGeneration } from '../generation.ts';
import { keepStoredStatus } from '../status-strategy.ts';
import type { Strategy, UpdateStrategy } from '../strategy.ts';
import { defaultAdmissionPolicy, defaultAdmissionPolicyBinding, defaultWebhookConfiguration } from './admission-defaults.ts';
import { validateAdmissionPolicy, validateAdmissionPolicyBinding, validateAdmissionPolicyUpdate } from './admission-policy-validation.ts';
import { objects, text } from './admission-rules-validation.ts';
import { validateWebhookConfiguration, validateWebhookConfigurationUpdate } from './webhook-configuration-validation.ts';

const staticConfigSuffix = '.static.k8s.io';

/** ValidateStaticSuffix: these names belong to configurations read from manifests, not the API. */
function validateStaticSuffix(obj: KubeObject): FieldError[] {
  const name = obj.metadata.name ?? '';
  if (!name.endsWith(staticConfigSuffix)) return [];
  return [
    fieldError.invalid(
      'metadata.name',
      name,
      `names ending with "${staticConfigSuffix}" are reserved for static manifest-based configurations and cannot be managed via the API`,
    ),
  ];
}

/** Generation follows `desired`: what the strategy's PrepareForUpdate compares. */
function bumpGenerationWhen(obj: KubeObject, old: KubeObject, changed: boolean): void {
  obj.metadata.generation = (old.metadata.generation ?? 0) + (changed ? 1 : 0);
}

function webhookConfigurationStrategy(mutating: boolean): Strategy {
  const defaults = (obj: KubeObject): void => defaultWebhookConfiguration(obj, mutating);
  return {
    applyDefaults: defaults,
    prepareForCreate: startGeneration,
    prepareForUpdate(obj, old) {
      defaults(obj);
      bumpGenerationWhen(obj, old, !jsonEqual(obj.webhooks ?? [], old.webhooks ?? []));
    },
    validate: (obj) => [...validateWebhookConfiguration(obj, mutating), ...validateStaticSuffix(obj)],
    validateUpdate: (obj, old) => validateWebhookConfigurationUpdate(obj, old, mutating),
  };
}

export const validatingWebhookConfigurationStrategy = webhookConfigurationStrategy(false) satisfies Strategy;
export const mutatingWebhookConfigurationStrategy = webhookConfigurationStrategy(true) satisfies Strategy;

function policyStrategy(mutating: boolean): Strategy {
  const hasStatus = !mutating;
  return {
    applyDefaults: defaultAdmissionPolicy,
    prepareForCreate(obj) {
      // PrepareForCreate: a new policy has an empty status (the type checker fills it).
      if (hasStatus) obj.status = {};
      startGeneration(obj);
    },
    prepareForUpdate(obj, old) {
      defaultAdmissionPolicy(obj);
      if (hasStatus) keepStoredStatus(obj, old);
      bumpGenerationWhen(obj, old, !semanticEqual(obj.spec, old.spec));
    },
    validate: (obj) => [...validateAdmissionPolicy(obj, mutating), ...validateStaticSuffix(obj)],
    validateUpdate: (obj, old) => validateAdmissionPolicyUpdate(obj, old, mutating, semanticEqual),
  };
}

export const validatingAdmissionPolicyStrategy = policyStrategy(false) satisfies Strategy;
export const mutatingAdmissionPolicyStrategy = policyStrategy(true) satisfies Strategy;

function bindingStrategy(mutating: boolean): Strategy {
  return {
    applyDefaults: defaultAdmissionPolicyBinding,
    prepareForCreate: startGeneration,
    prepareForUpdate(obj, old) {
      defaultAdmissionPolicyBinding(obj);
      bumpGenerationWhen(obj, old, !semanticEqual(obj.spec, old.spec));
    },
    validate: (obj) => [...validateAdmissionPolicyBinding(obj, mutating), ...validateStaticSuffix(obj)],
    validateUpdate: (obj) => validateAdmissionPolicyBinding(obj, mutating),
  };
}

export const validatingAdmissionPolicyBindingStrategy = bindingStrategy(false) satisfies Strategy;
export const mutatingAdmissionPolicyBindingStrategy = bindingStrategy(true) satisfies Strategy;

/** validateValidatingAdmissionPolicyStatus: each type-checking warning names its field and says something. */
export function validateValidatingAdmissionPolicyStatus(obj: KubeObject): FieldError[] {
  const status = obj.status as { typeChecking?: { expressionWarnings?: unknown } } | undefined;
  const errs: FieldError[] = [];
  objects(status?.typeChecking?.expressionWarnings).forEach((warning, i) => {
    const path = `status.typeChecking.expressionWarnings[${i}]`;
    if (text(warning.warning) === '') errs.push(fieldError.required(`${path}.warning`));
    if (text(warning.fieldRef).trim() === '') errs.push(fieldError.required(`${path}.fieldRef`));
  });
  return errs;
}

export const validatingAdmissionPolicyStatusValidation: UpdateStrategy['validateUpdate'] = (obj) => validateValidatingAdmissionPolicyStatus(obj);
