/**
 * Validating webhooks, called all at once (kube's validatingDispatcher): every webhook selected
 * for the request is called in parallel; the write is refused by the first failure to arrive —
 * a denial, or a failed call under failurePolicy Fail; failed calls under Ignore are recorded
 * and let through. Warnings of every webhook go back to the client.
 */
import { withWarnings } from './with-warnings.ts';
import type { StatusError } from '@dojo/kube-api';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';
import { callWebhook, type CallOutcome } from './webhook-call.ts';
import type { Webhook } from './webhook-configurations.ts';
import { emitRecord, type DispatchContext } from './webhook-dispatch-context.ts';
import { deniedBy, failedCalling } from './webhook-errors.ts';
import { selectWebhook } from './webhook-selection.ts';

export async function dispatchValidating(
  webhooks: readonly Webhook[],
  attributes: AdmissionAttributes,
  context: DispatchContext,
): Promise<{ warnings: string[] }> {
  const selected: { webhook: Webhook; as: ResourceInfo }[] = [];
  for (const webhook of webhooks) {
    const selection = selectWebhook(webhook, attributes, context);
    if ('error' in selection) throw selection.error;
    if (selection.call) selected.push({ webhook, as: selection.as });
  }
  if (selected.length === 0) return { warnings: [] };
  const warnings: string[] = [];
  let firstError: StatusError | undefined;
  await Promise.all(
    selected.map(async ({ webhook, as }) => {
      const error = await callOne(webhook, as, attributes, context, warnings);
      firstError ??= error;
    }),
  );
  if (firstError) throw withWarnings(firstError, warnings);
  return { warnings };
}

function facts(outcome: CallOutcome): { latencyMs: number; reviewUid?: string } {
  return { latencyMs: outcome.latencyMs, ...(outcome.reviewUid ? { reviewUid: outcome.reviewUid } : {}) };
}

async function callOne(
  webhook: Webhook,
  as: ResourceInfo,
  attributes: AdmissionAttributes,
  context: DispatchContext,
  warnings: string[],
): Promise<StatusError | undefined> {
  const outcome = await callWebhook(webhook, attributes, as, context.serviceUrls);
  switch (outcome.kind) {
    case 'refused':
      emitRecord(context, webhook, attributes, { verdict: 'error', ...facts(outcome), error: outcome.error });
      return outcome.error;
    case 'failed': {
      const error = failedCalling(webhook.name, outcome.reason);
      emitRecord(context, webhook, attributes, { verdict: 'error', ...facts(outcome), error, ignored: webhook.failurePolicy === 'Ignore' });
      return webhook.failurePolicy === 'Ignore' ? undefined : error;
    }
    case 'answered': {
      const { answer } = outcome;
      warnings.push(...answer.warnings);
      if (answer.allowed) {
        emitRecord(context, webhook, attributes, { verdict: 'allowed', ...facts(outcome), warnings: answer.warnings });
        return undefined;
      }
      const error = deniedBy(webhook.name, answer.result);
      emitRecord(context, webhook, attributes, { verdict: 'denied', ...facts(outcome), error, warnings: answer.warnings });
      return error;
    }
  }
}
