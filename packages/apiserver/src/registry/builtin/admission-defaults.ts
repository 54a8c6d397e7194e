/**
 * Defaulting of admissionregistration.k8s.io/v1 objects, as SetObjectDefaults_* in
 * pkg/apis/admissionregistration/v1 (defaults.go, zz_generated.defaults.go) apply it when any
 * write is decoded: webhooks get failurePolicy Fail, matchPolicy Equivalent, empty selectors and
 * a 10 second timeout (mutating ones reinvocationPolicy Never), rules scope "*", service port 443;
 * policies failurePolicy Fail and match resources as webhooks.
 */
import type { KubeObject } from '@dojo/kube-api';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const objects = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** SetDefaults_Rule: a rule without a scope matches both cluster and namespaced resources. */
function defaultRule(rule: Json): void {
  rule.scope ??= '*';
}

/** SetDefaults_ValidatingWebhook / SetDefaults_MutatingWebhook, plus their rules and service. */
function defaultWebhook(hook: Json, mutating: boolean): void {
  hook.failurePolicy ??= 'Fail';
  hook.matchPolicy ??= 'Equivalent';
  hook.namespaceSelector ??= {};
  hook.objectSelector ??= {};
  hook.timeoutSeconds ??= 10;
  if (mutating) hook.reinvocationPolicy ??= 'Never';
  const service = isObject(hook.clientConfig) ? hook.clientConfig.service : undefined;
  if (isObject(service)) service.port ??= 443;
  objects(hook.rules).forEach(defaultRule);
}

/** SetDefaults_MatchResources and the rules inside it. */
function defaultMatchResources(match: unknown): void {
  if (!isObject(match)) return;
  match.matchPolicy ??= 'Equivalent';
  match.namespaceSelector ??= {};
  match.objectSelector ??= {};
  objects(match.resourceRules).forEach(defaultRule);
  objects(match.excludeResourceRules).forEach(defaultRule);
}

export function defaultWebhookConfiguration(obj: KubeObject, mutating: boolean): void {
  for (const hook of objects(obj.webhooks)) defaultWebhook(hook, mutating);
}

/** SetDefaults_{Validating,Mutating}AdmissionPolicySpec. */
export function defaultAdmissionPolicy(obj: KubeObject): void {
  if (!isObject(obj.spec)) obj.spec = {};
  const spec = obj.spec as Json;
  spec.failurePolicy ??= 'Fail';
  defaultMatchResources(spec.matchConstraints);
}

export function defaultAdmissionPolicyBinding(obj: KubeObject): void {
  // spec is a struct in Go: a binding sent without one is stored with an empty one.
  if (!isObject(obj.spec)) obj.spec = {};
  defaultMatchResources((obj.spec as Json).matchResources);
}
