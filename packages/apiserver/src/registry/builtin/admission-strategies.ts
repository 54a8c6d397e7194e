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
import { fieldError, jsonEqual, semanticEqual, validateQualifiedName, type FieldError, type KubeObject } from '@dojo/kube-api';
import { startGeneration } from '../generation.ts';
import { keepStoredStatus } from '../status-strategy.ts';
import type { Strategy, UpdateStrategy } from '../strategy.ts';
import { defaultAdmissionPolicy, defaultAdmissionPolicyBinding, defaultWebhookConfiguration } from './admission-defaults.ts';
import { validateAdmissionPolicy, validateAdmissionPolicyBinding, validateAdmissionPolicyUpdate } from './admission-policy-validation.ts';
import { objects, text } from './admission-rules-validation.ts';
import { excludedRuleWarnings, staticConfigSuffix, staticNameReserved, staticSuffixWarnings } from './admission-warnings.ts';
import { validateWebhookConfiguration, validateWebhookConfigurationUpdate } from './webhook-configuration-validation.ts';

/** ValidateStaticSuffix: these names belong to configurations read from manifests, not the API. */
function validateStaticSuffix(obj: KubeObject): FieldError[] {
  const name = obj.metadata.name ?? '';
  return name.endsWith(staticConfigSuffix) ? [fieldError.invalid('metadata.name', name, staticNameReserved)] : [];
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
    warningsOnCreate: excludedRuleWarnings,
    warningsOnUpdate: (obj) => [...staticSuffixWarnings(obj), ...excludedRuleWarnings(obj)],
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
    warningsOnUpdate: staticSuffixWarnings,
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
    warningsOnUpdate: staticSuffixWarnings,
  };
}

export const validatingAdmissionPolicyBindingStrategy = bindingStrategy(false) satisfies Strategy;
export const mutatingAdmissionPolicyBindingStrategy = bindingStrategy(true) satisfies Strategy;

const conditionStatuses = ['False', 'True', 'Unknown'];
const conditionReason = /^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$/;
const conditionReasonProblem =
  "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or 'ReasonA:ReasonB', regex used for validation is '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?')";

/** metav1validation.ValidateConditions: each type once and a qualified name, a known status, a transition time and a reason. */
function validateConditions(conditions: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const types = new Set<string>();
  objects(conditions).forEach((condition, i) => {
    const at = `${path}[${i}]`;
    const type = text(condition.type);
    if (types.has(type)) errs.push(fieldError.duplicate(at, type));
    types.add(type);
    if (type === '') errs.push(fieldError.required(`${at}.type`, 'is required'));
    else for (const msg of validateQualifiedName(type)) errs.push(fieldError.invalid(`${at}.type`, type, msg));
    const status = text(condition.status);
    if (status === '') errs.push(fieldError.required(`${at}.status`));
    else if (!conditionStatuses.includes(status)) errs.push(fieldError.notSupported(`${at}.status`, status, conditionStatuses));
    if (typeof condition.observedGeneration === 'number' && condition.observedGeneration < 0) {
      errs.push(fieldError.invalid(`${at}.observedGeneration`, condition.observedGeneration, 'must be greater than or equal to zero'));
    }
    if (!condition.lastTransitionTime) errs.push(fieldError.required(`${at}.lastTransitionTime`));
    const reason = text(condition.reason);
    if (reason === '') errs.push(fieldError.required(`${at}.reason`));
    else {
      if (!conditionReason.test(reason)) errs.push(fieldError.invalid(`${at}.reason`, reason, conditionReasonProblem));
      if (reason.length > 1024) errs.push(fieldError.tooLong(`${at}.reason`, '', 1024));
    }
    if (text(condition.message).length > 32 * 1024) errs.push(fieldError.tooLong(`${at}.message`, '', 32 * 1024));
  });
  return errs;
}

/** validateValidatingAdmissionPolicyStatus: type-checking warnings name their field and say something; conditions are metav1 Conditions. */
export function validateValidatingAdmissionPolicyStatus(obj: KubeObject): FieldError[] {
  const status = obj.status as { typeChecking?: { expressionWarnings?: unknown }; conditions?: unknown } | undefined;
  const errs: FieldError[] = [];
  objects(status?.typeChecking?.expressionWarnings).forEach((warning, i) => {
    const path = `status.typeChecking.expressionWarnings[${i}]`;
    if (text(warning.warning) === '') errs.push(fieldError.required(`${path}.warning`));
    if (text(warning.fieldRef).trim() === '') errs.push(fieldError.required(`${path}.fieldRef`));
  });
  errs.push(...validateConditions(status?.conditions, 'status.conditions'));
  return errs;
}

export const validatingAdmissionPolicyStatusValidation: UpdateStrategy['validateUpdate'] = (obj) => validateValidatingAdmissionPolicyStatus(obj);
