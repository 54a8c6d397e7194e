/**
 * ValidatingAdmissionPolicy evaluation, as kube-apiserver 1.37's validating plugin
 * (policy/validating: dispatcher.go, validator.go):
 *
 * - each matching policy runs through each matching binding, once per param; `matchConditions`
 *   may skip it; `validations` run in order with `variables` at hand;
 * - a validation that is not true is a failure: its message is `messageExpression` (trimmed,
 *   single-line), else `message`, else "failed expression: EXPR", its reason `reason` (Invalid);
 * - an expression that errors is decided by the policy's failurePolicy (Fail: a failure with the
 *   error as message; Ignore: admitted);
 * - the binding's `validationActions` say what a failure does: Deny refuses the request (the
 *   first denial wins: `ValidatingAdmissionPolicy 'P' with binding 'B' denied request: MSG`),
 *   Warn adds a warning (`Validation failed for ValidatingAdmissionPolicy 'P' with binding 'B':
 *   MSG`), Audit adds a `validation.policy.admission.k8s.io/validation_failure` audit annotation;
 * - `auditAnnotations` publish `POLICY/KEY` annotations (a null or empty value publishes none).
 */
import type { AdmissionRecord } from '@dojo/console-protocol';
import type { StatusError, StatusReason } from '@dojo/kube-api';
import { evaluateMatchConditions } from '../matching/match-conditions.ts';
import { newPolicyActivation } from './policy-activation.ts';
import { compilePolicyExpression, evaluatePolicyExpression, type PolicyActivation, type PolicyDeclarations } from './policy-cel.ts';
import { codeForReason, policyDenial } from './policy-denial.ts';
import { policyInvocations, type PolicyInvocation } from './policy-invocations.ts';
import { bindingSpecOf, policySpecOf, type PolicySpec, type Validation } from './policy-spec.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { AdmissionPolicies, FailurePolicy, PolicyContext, ValidationAction } from './policy-types.ts';

export interface ValidatingPoliciesResult {
  /** Set when a Deny decision (or a misconfiguration under failurePolicy Fail) refuses the request. */
  denial?: StatusError;
  warnings: string[];
  auditAnnotations: Record<string, string>;
  /** One per evaluation through a binding (and param) that ran: a skipped one (matchConditions, no params) has none. */
  records: AdmissionRecord[];
}

/** One failed validation, an erroring one under Fail, or a failing audit annotation. */
interface Decision {
  message: string;
  /**
   * The message without its messageExpression (the validation's static message): what the
   * console records for a Secret, whose values an expression's message can carry (`object.data`).
   */
  recordedForSecret?: string;
  /** '' for an error (the denial then reads as Invalid). */
  reason: StatusReason;
  expressionIndex: number;
}

const validationFailureAnnotation = 'validation.policy.admission.k8s.io/validation_failure';
const maxMessageBytes = 5 * 1024;
const maxAuditAnnotationValueLength = 10 * 1024;
const maxValidationFailures = 50;

function messageExpressionText(validation: Validation, activation: PolicyActivation, declarations: PolicyDeclarations): string {
  if (!validation.messageExpression) return '';
  const outcome = evaluatePolicyExpression(
    compilePolicyExpression(validation.messageExpression, { ...declarations, authorizer: false }, ['string']),
    activation,
  );
  if ('error' in outcome || typeof outcome.value !== 'string') return '';
  const message = outcome.value.trim();
  return Buffer.byteLength(message) > maxMessageBytes || message.includes('\n') ? '' : message;
}

function staticMessage(validation: Validation): string {
  return validation.message.trim() || `failed expression: ${validation.expression.trim()}`;
}

function failureMessage(validation: Validation, activation: PolicyActivation, declarations: PolicyDeclarations): string {
  return messageExpressionText(validation, activation, declarations) || staticMessage(validation);
}

function celTypeName(value: unknown): string {
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'double';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Uint8Array) return 'bytes';
  if (value instanceof Date) return 'google.protobuf.Timestamp';
  return typeof value === 'object' ? 'map' : typeof value;
}

interface Evaluation {
  /** Failed validations, and errors under failurePolicy Fail: subject to validationActions. */
  decisions: Decision[];
  /** Audit annotations that could not be evaluated: they deny directly. */
  annotationErrors: Decision[];
  annotations: { key: string; value: string }[];
  errored: boolean;
  /** Why matchConditions skipped the policy. */
  skippedBy?: string | undefined;
  /** The first error failurePolicy Ignore dropped, for the console. */
  ignoredError?: string | undefined;
}

/** validator.Validate for one invocation. */
function validate(spec: PolicySpec, activation: PolicyActivation, failurePolicy: FailurePolicy, declarations: PolicyDeclarations): Evaluation {
  const result: Evaluation = { decisions: [], annotationErrors: [], annotations: [], errored: false };
  const onError = (message: string, expressionIndex: number, into: Decision[] = result.decisions) => {
    result.errored = true;
    if (failurePolicy === 'Fail') into.push({ message, reason: '', expressionIndex });
    else result.ignoredError ??= message;
  };
  if (spec.matchConditions.length > 0) {
    const conditions = evaluateMatchConditions(spec.matchConditions, activation, failurePolicy, declarations);
    if ('error' in conditions) {
      onError(conditions.error, 0);
      return result;
    }
    if (!conditions.matches) {
      result.skippedBy =
        'failedCondition' in conditions
          ? `matchCondition '${conditions.failedCondition}' is false`
          : `matchConditions failed, ignored by failurePolicy: ${conditions.ignoredError}`;
      return result;
    }
  }
  spec.validations.forEach((validation, index) => {
    const outcome = evaluatePolicyExpression(compilePolicyExpression(validation.expression, declarations, ['bool']), activation);
    if ('error' in outcome) onError(outcome.error, index);
    else if (outcome.value !== true) {
      result.decisions.push({
        message: failureMessage(validation, activation, declarations),
        recordedForSecret: staticMessage(validation),
        reason: validation.reason || 'Invalid',
        expressionIndex: index,
      });
    }
  });
  for (const annotation of spec.auditAnnotations) {
    const outcome = evaluatePolicyExpression(compilePolicyExpression(annotation.valueExpression, declarations, ['string', 'null_type']), activation);
    if ('error' in outcome) {
      onError(outcome.error, 0, result.annotationErrors);
    } else if (typeof outcome.value === 'string') {
      const value = outcome.value.trim();
      if (value) result.annotations.push({ key: annotation.key, value: value.slice(0, maxAuditAnnotationValueLength) });
    } else if (outcome.value !== null) {
      // An unsupported type is an error whatever the failurePolicy.
      result.annotationErrors.push({
        message: `valueExpression '${annotation.valueExpression}' resulted in unsupported return type: ${celTypeName(outcome.value)}. Return type must be either string or null.`,
        reason: '',
        expressionIndex: 0,
      });
    }
  }
  return result;
}

function paramName(invocation: PolicyInvocation): string | undefined {
  const meta = invocation.param?.metadata;
  if (!meta) return undefined;
  return meta.namespace ? `${meta.namespace}/${meta.name ?? ''}` : meta.name;
}

/** kube's text of a validating policy's denial (before the `… is forbidden: ` prefix). */
function denialText(policy: string, binding: string, message: string): string {
  return binding
    ? `ValidatingAdmissionPolicy '${policy}' with binding '${binding}' denied request: ${message}`
    : `ValidatingAdmissionPolicy '${policy}' denied request: ${message}`;
}

/** The console's record shows no Secret value: a Secret's object.data can be in a messageExpression's message or an audit annotation's value. */
const isSecret = (attributes: AdmissionAttributes): boolean => attributes.resource.group === '' && attributes.resource.resource === 'secrets';
const redacted = '<redacted>';

/** A decision's message as the console records it (the client is answered with `message` whatever the kind). */
function recordedMessage(attributes: AdmissionAttributes): (decision: Decision) => string {
  return isSecret(attributes) ? (decision) => decision.recordedForSecret ?? decision.message : (decision) => decision.message;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface Invocation {
  policy: string;
  binding: string;
  param: string | undefined;
  failurePolicy: FailurePolicy;
  actions: readonly ValidationAction[];
}

/** A failed validation's verdict: what the binding's strongest action made of it. */
function failureVerdict(actions: readonly ValidationAction[]): AdmissionRecord['verdict'] {
  if (actions.includes('Deny')) return 'denied';
  if (actions.includes('Warn')) return 'warned';
  return actions.includes('Audit') ? 'audited' : 'allowed';
}

/**
 * One evaluation as the console shows it: a failed validation is `denied`, `warned` or
 * `audited` by the binding's strongest action; an expression that could not be evaluated is an
 * `error` — failurePolicy Fail subjects it to the actions as a failure (Deny refuses the write),
 * Ignore drops it (`ignored`). A record that refuses carries the client's answer (message, code).
 */
function recordOf(attributes: AdmissionAttributes, invocation: Invocation, evaluation: Evaluation, latencyMs: number): AdmissionRecord {
  const { policy, binding, failurePolicy, actions } = invocation;
  const shown = recordedMessage(attributes);
  const failure = evaluation.decisions.find((d) => d.reason !== '');
  const error = evaluation.annotationErrors[0] ?? evaluation.decisions.find((d) => d.reason === '');
  const record: Mutable<AdmissionRecord> = {
    kind: 'ValidatingAdmissionPolicy',
    name: policy,
    configuration: binding,
    phase: 'validating',
    verdict: 'allowed',
    latencyMs,
  };
  if (invocation.param) record.param = invocation.param;
  record.failurePolicy = failurePolicy;
  record.validationActions = actions;
  if (failure) record.verdict = failureVerdict(actions);
  else if (error || evaluation.errored) record.verdict = 'error';
  // Audit annotations that fail refuse whatever the actions; anything else refuses through Deny.
  const refusing = evaluation.annotationErrors[0] ?? (actions.includes('Deny') ? (failure ?? error) : undefined);
  if (refusing) {
    const reason = refusing.reason || 'Invalid';
    const denial = policyDenial(attributes, denialText(policy, binding, shown(refusing)), { reason, code: codeForReason(reason), messageOnly: false });
    record.message = denial.message;
    record.code = denial.code;
  } else {
    const message = failure ? shown(failure) : (error?.message ?? evaluation.ignoredError);
    if (message) record.message = message;
  }
  if (record.verdict === 'error' && !refusing && failurePolicy === 'Ignore') record.ignored = true;
  return record;
}

export function evaluateValidatingPolicies(source: AdmissionPolicies, attributes: AdmissionAttributes, context: PolicyContext = {}): ValidatingPoliciesResult {
  const now = context.now ?? (() => performance.now());
  const result: ValidatingPoliciesResult = { warnings: [], auditAnnotations: {}, records: [] };
  const denials: { policy: string; binding: string; decision: Decision }[] = [];
  const failures: { message: string; policy: string; binding: string; expressionIndex: number; validationActions: ValidationAction[] }[] = [];
  const published = new Map<string, string[]>();

  for (const step of policyInvocations(source.validatingPolicies(), source.validatingBindings(), attributes, context, source)) {
    const policy = step.policy.metadata.name ?? '';
    const binding = step.binding?.metadata.name ?? '';
    const spec = policySpecOf(step.policy);
    const failurePolicy = spec.failurePolicy;
    // No params and parameterNotFoundAction Allow: the binding is skipped, nothing was evaluated.
    if (step.step === 'noParams') continue;
    if (step.step === 'error') {
      const refused = failurePolicy === 'Fail';
      if (refused) denials.push({ policy, binding, decision: { message: step.message, reason: '', expressionIndex: 0 } });
      const denial = refused
        ? policyDenial(attributes, denialText(policy, binding, step.message), { reason: 'Invalid', code: codeForReason('Invalid'), messageOnly: false })
        : undefined;
      result.records.push({
        kind: 'ValidatingAdmissionPolicy',
        name: policy,
        configuration: binding,
        phase: 'validating',
        verdict: 'error',
        message: denial?.message ?? step.message,
        ...(denial ? { code: denial.code } : { ignored: true }),
        failurePolicy,
        latencyMs: 0,
      });
      continue;
    }
    const started = now();
    const actions = bindingSpecOf(step.binding).validationActions;
    const declarations: PolicyDeclarations = { params: spec.paramKind !== undefined, authorizer: true, patchTypes: false };
    const activation = newPolicyActivation({
      attributes,
      object: attributes.object,
      params: step.param,
      matchedResource: step.matchedResource,
      matchedKind: step.matchedKind,
      namespace: context.namespace,
      variables: spec.variables,
      declarations,
      authorizer: context.authorizer,
    });
    const evaluation = validate(spec, activation, failurePolicy, declarations);
    const warnings: string[] = [];
    const recordedWarnings: string[] = [];
    const shown = recordedMessage(attributes);
    const warningOf = (message: string) => `Validation failed for ValidatingAdmissionPolicy '${policy}' with binding '${binding}': ${message}`;
    for (const decision of evaluation.decisions) {
      for (const action of actions) {
        if (action === 'Deny') denials.push({ policy, binding, decision });
        else if (action === 'Warn') {
          warnings.push(warningOf(decision.message));
          recordedWarnings.push(warningOf(shown(decision)));
        } else if (action === 'Audit')
          failures.push({ message: decision.message, policy, binding, expressionIndex: decision.expressionIndex, validationActions: [...actions] });
      }
    }
    // Audit annotations that fail refuse the request whatever the validationActions.
    for (const decision of evaluation.annotationErrors) denials.push({ policy, binding, decision });
    // kube's warning recorder keeps one of identical warnings (several params failing alike).
    for (const warning of warnings) if (!result.warnings.includes(warning)) result.warnings.push(warning);
    for (const { key, value } of evaluation.annotations) {
      const name = `${policy}/${key}`;
      const values = published.get(name) ?? [];
      if (!values.includes(value)) values.push(value);
      published.set(name, values);
    }
    // matchConditions false: the policy does not apply to this request.
    if (evaluation.skippedBy !== undefined) continue;
    const record = recordOf(attributes, { policy, binding, param: paramName(step), failurePolicy, actions }, evaluation, now() - started);
    if (recordedWarnings.length > 0) Object.assign(record, { warnings: recordedWarnings });
    const secret = isSecret(attributes);
    if (evaluation.annotations.length > 0)
      Object.assign(record, {
        auditAnnotations: Object.fromEntries(evaluation.annotations.map(({ key, value }) => [`${policy}/${key}`, secret ? redacted : value])),
      });
    result.records.push(record);
  }

  for (const [key, values] of published) result.auditAnnotations[key] = values.join(', ');
  if (failures.length > 0) result.auditAnnotations[validationFailureAnnotation] = JSON.stringify(failures.slice(0, maxValidationFailures));
  const first = denials[0];
  if (first) {
    const message = denialText(first.policy, first.binding, first.decision.message);
    const reason = first.decision.reason || 'Invalid';
    result.denial = policyDenial(attributes, message, { reason, code: codeForReason(reason), messageOnly: false });
  }
  return result;
}
