/**
 * Policies and bindings read from their stored JSON into the shapes evaluation uses. The store
 * validates these kinds, but evaluation must not trust that: a field of the wrong JSON type
 * reads as absent (a list as empty, a string as ''), so a malformed object is decided by
 * kube's rules (a missing matchConstraints, an expression that does not compile), never by an
 * exception. Missing defaults read as kube's (failurePolicy Fail, matchPolicy Equivalent,
 * empty selectors).
 */
import type { KubeObject, LabelSelectorObject, StatusReason } from '@dojo/kube-api';
import type { MatchResources, RuleWithOperations } from './match-resources.ts';
import type { NamedExpression } from './policy-activation.ts';
import type { ParamRef } from './policy-params.ts';
import type { FailurePolicy, ParamKindRef, ValidationAction } from './policy-types.ts';

export interface Validation {
  expression: string;
  message: string;
  messageExpression: string;
  /** '' when unset (the failure then reads as Invalid). */
  reason: StatusReason | '';
}

export interface AuditAnnotation {
  key: string;
  valueExpression: string;
}

export interface Mutation {
  patchType: 'ApplyConfiguration' | 'JSONPatch';
  expression: string;
}

export interface PolicySpec {
  failurePolicy: FailurePolicy;
  paramKind?: ParamKindRef | undefined;
  matchConstraints?: MatchResources | undefined;
  matchConditions: NamedExpression[];
  variables: NamedExpression[];
  validations: Validation[];
  auditAnnotations: AuditAnnotation[];
  mutations: Mutation[];
  reinvocationPolicy: 'Never' | 'IfNeeded';
}

export interface BindingSpec {
  policyName: string;
  paramRef?: ParamRef | undefined;
  matchResources?: MatchResources | undefined;
  validationActions: ValidationAction[];
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function objects(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function selectorOf(value: unknown): LabelSelectorObject {
  if (!isObject(value)) return {};
  const labels = isObject(value.matchLabels) ? Object.entries(value.matchLabels).filter(([, v]) => typeof v === 'string') : [];
  const operators = new Set(['In', 'NotIn', 'Exists', 'DoesNotExist']);
  const expressions = objects(value.matchExpressions)
    .filter((e) => typeof e.key === 'string' && operators.has(text(e.operator)))
    .map((e) => ({ key: text(e.key), operator: text(e.operator) as 'In' | 'NotIn' | 'Exists' | 'DoesNotExist', values: strings(e.values) }));
  return { matchLabels: Object.fromEntries(labels) as Record<string, string>, matchExpressions: expressions };
}

function rulesOf(value: unknown): RuleWithOperations[] {
  return objects(value).map((rule) => ({
    operations: strings(rule.operations),
    apiGroups: strings(rule.apiGroups),
    apiVersions: strings(rule.apiVersions),
    resources: strings(rule.resources),
    scope: rule.scope === 'Cluster' || rule.scope === 'Namespaced' ? rule.scope : '*',
    resourceNames: strings(rule.resourceNames),
  }));
}

export function matchResourcesOf(value: unknown): MatchResources | undefined {
  if (!isObject(value)) return undefined;
  return {
    namespaceSelector: selectorOf(value.namespaceSelector),
    objectSelector: selectorOf(value.objectSelector),
    resourceRules: rulesOf(value.resourceRules),
    excludeResourceRules: rulesOf(value.excludeResourceRules),
    matchPolicy: value.matchPolicy === 'Exact' ? 'Exact' : 'Equivalent',
  };
}

/** The reasons a validation may give (kube's validation allows only these); anything else reads as unset. */
function validationReason(value: unknown): StatusReason | '' {
  return value === 'Unauthorized' || value === 'Forbidden' || value === 'Invalid' || value === 'RequestEntityTooLarge' ? value : '';
}

function namedExpressions(value: unknown): NamedExpression[] {
  return objects(value).map((e) => ({ name: text(e.name), expression: text(e.expression) }));
}

function specJson(object: KubeObject): Json {
  return isObject(object.spec) ? object.spec : {};
}

export function policySpecOf(policy: KubeObject): PolicySpec {
  const spec = specJson(policy);
  const paramKind = isObject(spec.paramKind) ? { apiVersion: text(spec.paramKind.apiVersion), kind: text(spec.paramKind.kind) } : undefined;
  return {
    failurePolicy: spec.failurePolicy === 'Ignore' ? 'Ignore' : 'Fail',
    paramKind,
    matchConstraints: matchResourcesOf(spec.matchConstraints),
    matchConditions: namedExpressions(spec.matchConditions),
    variables: namedExpressions(spec.variables),
    validations: objects(spec.validations).map((v) => ({
      expression: text(v.expression),
      message: text(v.message),
      messageExpression: text(v.messageExpression),
      reason: validationReason(v.reason),
    })),
    auditAnnotations: objects(spec.auditAnnotations).map((a) => ({ key: text(a.key), valueExpression: text(a.valueExpression) })),
    mutations: objects(spec.mutations).map((m) => {
      const patchType = m.patchType === 'JSONPatch' ? 'JSONPatch' : 'ApplyConfiguration';
      const body = patchType === 'JSONPatch' ? m.jsonPatch : m.applyConfiguration;
      return { patchType, expression: isObject(body) ? text(body.expression) : '' };
    }),
    reinvocationPolicy: spec.reinvocationPolicy === 'IfNeeded' ? 'IfNeeded' : 'Never',
  };
}

export function bindingSpecOf(binding: KubeObject): BindingSpec {
  const spec = specJson(binding);
  const ref = spec.paramRef;
  const paramRef: ParamRef | undefined = isObject(ref)
    ? {
        name: text(ref.name),
        namespace: text(ref.namespace),
        ...(isObject(ref.selector) ? { selector: selectorOf(ref.selector) } : {}),
        ...(ref.parameterNotFoundAction === 'Deny' || ref.parameterNotFoundAction === 'Allow' ? { parameterNotFoundAction: ref.parameterNotFoundAction } : {}),
      }
    : undefined;
  const actions = strings(spec.validationActions).filter((a): a is ValidationAction => a === 'Deny' || a === 'Warn' || a === 'Audit');
  return { policyName: text(spec.policyName), paramRef, matchResources: matchResourcesOf(spec.matchResources), validationActions: actions };
}
