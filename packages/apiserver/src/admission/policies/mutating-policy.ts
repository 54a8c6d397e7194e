/**
 * MutatingAdmissionPolicy evaluation, as kube-apiserver 1.37's mutating plugin
 * (policy/mutating/dispatcher.go and the generic policy dispatcher):
 *
 * - each matching policy runs through each matching binding, once per param; `matchConditions`
 *   may skip it; its `mutations` apply in order, each seeing the object as the previous one left
 *   it (ApplyConfiguration: apply-configuration-mutation.ts; JSONPatch: json-patch-mutation.ts);
 * - a mutation that fails (an expression error, a wrong type, a patch that does not apply) is a
 *   policy error, kept or dropped by the policy's failurePolicy; the first kept error refuses
 *   the request: 403 with reason Invalid and the message `policy 'P' with binding 'B' denied
 *   request: MSG`, every kept error as a cause;
 * - `reinvocationPolicy: IfNeeded` policies run again in the chain's second pass when the object
 *   changed after them (mutating-reinvocation.ts).
 *
 * The result is the mutated object; the store re-defaults and validates it as kube does.
 */
import type { AdmissionRecord } from '@dojo/console-protocol';
import type { KubeObject, StatusError, StatusReason } from '@dojo/kube-api';
import { createJsonPatch } from '../../patch/json-patch-diff.ts';
import type { PatchMeta } from '../../patch/patch-meta.ts';
import { applyConfiguration } from './apply-configuration-mutation.ts';
import { applyJsonPatchMutation } from './json-patch-mutation.ts';
import { evaluateMatchConditions, type ConditionsResult } from '../matching/match-conditions.ts';
import { MutatingPolicyReinvocation } from './mutating-reinvocation.ts';
import { newPolicyActivation } from './policy-activation.ts';
import { compilePolicyExpression, evaluatePolicyExpression, type PolicyDeclarations } from './policy-cel.ts';
import { policyDenial } from './policy-denial.ts';
import { policyInvocations, type PolicyInvocation } from './policy-invocations.ts';
import { policySpecOf, type Mutation } from './policy-spec.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { AdmissionPolicies, PolicyContext } from './policy-types.ts';

export interface MutatingPolicyOptions {
  /** How the kind's lists and maps merge (patchMetaFor(info) in ../../patch/patch-engine.ts); undefined: granular maps, atomic lists. */
  patchMeta?: PatchMeta | undefined;
  /** The state shared by the chain's two passes; a new one when omitted (a single pass). */
  reinvocation?: MutatingPolicyReinvocation;
  /** This is the chain's second pass. */
  isReinvoke?: boolean;
}

export interface MutatingPoliciesResult {
  /** The object after every mutation (the input object when nothing changed). */
  object: KubeObject | undefined;
  denial?: StatusError;
  /** One per invocation that ran (a skipped one — matchConditions, no params — has none). */
  records: AdmissionRecord[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** An invocation that failed: failurePolicy Fail refuses the write with kube's text, Ignore lets it go on. */
function failed(record: Mutable<AdmissionRecord>, error: PolicyError, failurePolicy: 'Fail' | 'Ignore'): void {
  record.verdict = 'error';
  if (failurePolicy === 'Fail') {
    record.message = policyErrorText(error);
    record.code = 403;
  } else {
    record.message = error.message;
    record.ignored = true;
  }
}

interface PolicyError {
  policy: string;
  binding: string;
  message: string;
  reason: StatusReason;
}

type KeptError = PolicyError & { failurePolicy: 'Fail' | 'Ignore' };

function invocationKey(invocation: PolicyInvocation): string {
  const param = invocation.param?.metadata;
  return JSON.stringify([invocation.policy.metadata.name, invocation.binding.metadata.name, param?.namespace ?? '', param?.name ?? '']);
}

function mutate(object: KubeObject, mutation: Mutation, result: unknown, meta: PatchMeta | undefined): { object: KubeObject } | { error: string } {
  return mutation.patchType === 'JSONPatch' ? applyJsonPatchMutation(object, result) : applyConfiguration(object, result, meta);
}

/** The generic dispatcher's PolicyError.Error(). */
function policyErrorText(error: PolicyError): string {
  return error.binding
    ? `policy '${error.policy}' with binding '${error.binding}' denied request: ${error.message}`
    : `policy ${JSON.stringify(error.policy)} denied request: ${error.message}`;
}

export function evaluateMutatingPolicies(
  source: AdmissionPolicies,
  attributes: AdmissionAttributes,
  context: PolicyContext = {},
  options: MutatingPolicyOptions = {},
): MutatingPoliciesResult {
  const now = context.now ?? (() => performance.now());
  const state = options.reinvocation ?? new MutatingPolicyReinvocation();
  const isReinvoke = options.isReinvoke === true;
  const result: MutatingPoliciesResult = { object: attributes.object, records: [] };
  // The generic dispatcher reports configuration errors (met while choosing invocations) before
  // the errors of the invocations themselves.
  const configurationErrors: KeptError[] = [];
  const errors: KeptError[] = [];
  if (isReinvoke && state.outputChangedSinceLastRun(attributes.object)) state.requireReinvokingPreviouslyInvoked();

  for (const step of policyInvocations(source.mutatingPolicies(), source.mutatingBindings(), attributes, context, source)) {
    const policy = step.policy.metadata.name ?? '';
    const spec = policySpecOf(step.policy);
    const failurePolicy = spec.failurePolicy;
    // No params and parameterNotFoundAction Allow: the binding is skipped, nothing was evaluated.
    if (step.step === 'noParams') continue;
    const round = isReinvoke ? 1 : 0;
    if (step.step === 'error') {
      const error: KeptError = { policy, binding: step.binding?.metadata.name ?? '', message: step.message, reason: '', failurePolicy };
      configurationErrors.push(error);
      const record: Mutable<AdmissionRecord> = {
        kind: 'MutatingAdmissionPolicy',
        name: policy,
        configuration: error.binding,
        phase: 'mutating',
        verdict: 'error',
        latencyMs: 0,
        failurePolicy,
        round,
      };
      failed(record, error, failurePolicy);
      result.records.push(record);
      continue;
    }
    const binding = step.binding.metadata.name ?? '';
    const declarations: PolicyDeclarations = { params: spec.paramKind !== undefined, authorizer: true, patchTypes: false };
    const started = now();
    const record: Mutable<AdmissionRecord> = {
      kind: 'MutatingAdmissionPolicy',
      name: policy,
      configuration: binding,
      phase: 'mutating',
      verdict: 'allowed',
      latencyMs: 0,
    };
    const param = step.param?.metadata;
    if (param) record.param = param.namespace ? `${param.namespace}/${param.name ?? ''}` : (param.name ?? '');
    const activationOf = (object: KubeObject | undefined) =>
      newPolicyActivation({
        attributes,
        object,
        params: step.param,
        matchedResource: step.matchedResource,
        matchedKind: step.matchedKind,
        namespace: context.namespace,
        variables: spec.variables,
        declarations,
        authorizer: context.authorizer,
      });
    record.failurePolicy = failurePolicy;
    record.round = round;
    const key = invocationKey(step);
    const conditions: ConditionsResult =
      spec.matchConditions.length > 0
        ? evaluateMatchConditions(spec.matchConditions, activationOf(result.object), failurePolicy, declarations)
        : { matches: true };
    if ('error' in conditions) {
      const error: KeptError = { policy, binding, message: conditions.error, reason: 'Invalid', failurePolicy };
      errors.push(error);
      failed(record, error, failurePolicy);
    } else if (!conditions.matches) {
      // matchConditions false: the policy does not apply to this request.
      continue;
    } else if (isReinvoke && !state.shouldReinvoke(key)) {
      continue;
    } else {
      const before = result.object;
      for (const mutation of spec.mutations) {
        if (!result.object) continue; // nothing to patch (delete, connect)
        const outcome = evaluatePolicyExpression(
          compilePolicyExpression(mutation.expression, { ...declarations, patchTypes: true }),
          activationOf(result.object),
        );
        const mutated = 'error' in outcome ? outcome : mutate(result.object, mutation, outcome.value, options.patchMeta);
        if ('error' in mutated) {
          const error: KeptError = { policy, binding, message: mutated.error, reason: 'Invalid', failurePolicy };
          errors.push(error);
          if (record.verdict !== 'error') failed(record, error, failurePolicy);
          continue;
        }
        result.object = mutated.object;
      }
      const patch = createJsonPatch(before ?? null, result.object ?? null);
      if (patch.length > 0) {
        record.patch = patch;
        if (record.verdict === 'allowed') record.verdict = 'mutated';
        state.requireReinvokingPreviouslyInvoked();
        state.shouldReinvokeOthers = true;
      }
      if (spec.reinvocationPolicy === 'IfNeeded') state.addReinvocable(key);
    }
    record.latencyMs = now() - started;
    result.records.push(record);
  }
  state.rememberOutput(result.object);

  const kept = [...configurationErrors, ...errors].filter((e) => e.failurePolicy === 'Fail');
  const first = kept[0];
  if (first) {
    const denial = policyDenial(attributes, policyErrorText(first), { reason: first.reason || 'Forbidden', code: 403, messageOnly: true });
    denial.status.details = { ...denial.status.details, causes: kept.map((e) => ({ message: policyErrorText(e) })) };
    result.denial = denial;
  }
  return result;
}
