/**
 * Mutating webhooks, one after the other in order (kube's mutatingDispatcher): each sees the
 * object as the previous ones left it, and a JSONPatch answer is applied to it. With
 * reinvocationPolicy IfNeeded a webhook is called once more, in a second round, when a webhook
 * after it changed the object (kube's reinvocation context: a change marks every IfNeeded
 * webhook invoked since the previous change, in either round); there is never a third round, so
 * two webhooks that undo each other cannot loop.
 *
 * Failed calls follow failurePolicy; a patch that does not apply, or any patch on a DELETE,
 * is an InternalError whatever the policy, as in kube.
 */
import { StatusError, deepCopy, jsonEqual, semanticEqual, type KubeObject } from '@dojo/kube-api';
import { isViewed, type AdmissionAttributes } from '../admission-attributes.ts';
import type { MutatingOutcome } from '../async-admission.ts';
import { applyJsonPatch } from '../../patch/json-patch.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';
import { objectAs } from './admission-review.ts';
import { callWebhook } from './webhook-call.ts';
import type { Webhook } from './webhook-configurations.ts';
import { emitRecord, type DispatchContext } from './webhook-dispatch-context.ts';
import { deniedBy, failedCalling, internalError } from './webhook-errors.ts';
import { selectWebhook } from './webhook-selection.ts';
import { withWarnings } from './with-warnings.ts';

interface Round {
  /** 0, or 1 for the one reinvocation round. */
  index: 0 | 1;
}

export async function dispatchMutating(webhooks: readonly Webhook[], attributes: AdmissionAttributes, context: DispatchContext): Promise<MutatingOutcome> {
  const state = { object: attributes.object, changed: false, warnings: [] as string[] };
  // kube's webhookReinvokeContext: IfNeeded webhooks called since the last change, and those a change requires to be called again.
  const previouslyInvoked = new Set<string>();
  const reinvoke = new Set<string>();
  const runRound = async (round: Round['index']): Promise<void> => {
    for (const webhook of webhooks) {
      if (round === 1 && !reinvoke.has(webhook.uid)) continue;
      const changed = await mutateWith(webhook, attributes, state, context, { index: round });
      if (changed === undefined) continue;
      if (changed) {
        for (const uid of previouslyInvoked) reinvoke.add(uid);
        previouslyInvoked.clear();
      }
      if (webhook.reinvocationPolicy === 'IfNeeded') previouslyInvoked.add(webhook.uid);
    }
  };
  try {
    await runRound(0);
    if (state.changed) await runRound(1);
  } catch (err) {
    throw err instanceof StatusError ? withWarnings(err, state.warnings) : err;
  }
  return state;
}

/** Calls one webhook if it is selected; true when it changed the object, undefined when it was not called. */
async function mutateWith(
  webhook: Webhook,
  attributes: AdmissionAttributes,
  state: { object: KubeObject | undefined; changed: boolean; warnings: string[] },
  context: DispatchContext,
  round: Round,
): Promise<boolean | undefined> {
  const current = { ...attributes, object: state.object };
  const selection = selectWebhook(webhook, current, context);
  if ('error' in selection) throw selection.error;
  if (!selection.call) return undefined;
  const outcome = await callWebhook(webhook, current, selection.as, context.serviceUrls);
  const record = { latencyMs: outcome.latencyMs, round: round.index, ...(outcome.reviewUid ? { reviewUid: outcome.reviewUid } : {}) };
  if (outcome.kind === 'refused') {
    emitRecord(context, webhook, current, { ...record, verdict: 'error', error: outcome.error });
    throw outcome.error;
  }
  if (outcome.kind === 'failed') {
    const error = failedCalling(webhook.name, outcome.reason);
    emitRecord(context, webhook, current, { ...record, verdict: 'error', error, ignored: webhook.failurePolicy === 'Ignore' });
    if (webhook.failurePolicy === 'Ignore') return false;
    throw error;
  }
  const { answer } = outcome;
  state.warnings.push(...answer.warnings);
  if (!answer.allowed) {
    const error = deniedBy(webhook.name, answer.result);
    emitRecord(context, webhook, current, { ...record, verdict: 'denied', error, warnings: answer.warnings });
    throw error;
  }
  if (!answer.patch) {
    emitRecord(context, webhook, current, { ...record, verdict: 'allowed', warnings: answer.warnings });
    return false;
  }
  const fail = (error: StatusError, patch?: unknown[]): never => {
    emitRecord(context, webhook, current, {
      ...record,
      verdict: 'error',
      error,
      warnings: answer.warnings,
      ...(patch ? { patch } : {}),
    });
    throw error;
  };
  let operations: unknown;
  try {
    operations = JSON.parse(answer.patch);
  } catch (err) {
    const error = failedCalling(webhook.name, `received undecodable patch in webhook response: ${(err as Error).message}`);
    if (webhook.failurePolicy === 'Ignore') {
      emitRecord(context, webhook, current, { ...record, verdict: 'error', error, ignored: true, warnings: answer.warnings });
      return false;
    }
    fail(error);
  }
  if (!Array.isArray(operations)) {
    return fail(
      failedCalling(webhook.name, 'received undecodable patch in webhook response: json: cannot unmarshal object into Go value of type jsonpatch.Patch'),
    );
  }
  if (operations.length === 0) {
    emitRecord(context, webhook, current, { ...record, verdict: 'allowed', warnings: answer.warnings });
    return false;
  }
  if (!state.object)
    fail(
      internalError(`admission webhook ${JSON.stringify(webhook.name)} attempted to modify the object, which is not supported for this operation`),
      operations,
    );
  if (answer.patchType !== 'JSONPatch') {
    fail(failedCalling(webhook.name, `unsupported patch type ${JSON.stringify(answer.patchType)}`), operations);
  }
  const patched = applyPatch(state.object!, operations, attributes.info, isViewed(attributes) ? attributes.info : selection.as, fail);
  const changed = !sameObject(state.object!, patched, attributes.info);
  state.object = patched;
  state.changed ||= changed;
  emitRecord(context, webhook, current, { ...record, verdict: 'allowed', warnings: answer.warnings, patch: operations });
  return changed;
}

/** The patch applies to the object as the webhook saw it (the version it was called for), then converts back. */
function applyPatch(
  obj: KubeObject,
  operations: unknown[],
  requested: ResourceInfo,
  called: ResourceInfo,
  fail: (e: StatusError, p?: unknown[]) => never,
): KubeObject {
  try {
    const seen = objectAs(deepCopy(obj), requested, called)!;
    return objectAs(applyJsonPatch(seen, operations), called, requested)!;
  } catch (err) {
    // The JSON patch library's own words: kube answers them as an InternalError.
    const cause = err instanceof StatusError && typeof err.cause === 'string' ? err.cause : (err as Error).message;
    return fail(internalError(cause), operations);
  }
}

/** kube compares the decoded objects (Semantic.DeepEqual): a typed kind's empty fields do not count. */
function sameObject(a: KubeObject, b: KubeObject, info: ResourceInfo): boolean {
  return info.typedDecode ? semanticEqual(a, b) : jsonEqual(a, b);
}
