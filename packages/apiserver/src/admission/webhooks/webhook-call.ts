/**
 * One call of one webhook, as both dispatchers make it (callHook / callAttrMutatingHook): the
 * dry-run check against `sideEffects`, the review, the POST, the answer's verification. The
 * outcome says what happened; the dispatchers decide what it means for the write.
 */
import type { StatusError } from '@dojo/kube-api';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';
import { admissionReview, reviewVersionFor, verifyAdmissionResponse, type AdmissionAnswer } from './admission-review.ts';
import { WebhookCallError, postAdmissionReview, webhookUrl, type ServiceUrls } from './webhook-client.ts';
import type { Webhook } from './webhook-configurations.ts';
import { dryRunUnsupported } from './webhook-errors.ts';

/** How long the call took, and the uid of the review sent (absent when none was), which the webhook's own logs show. */
interface CallFacts {
  latencyMs: number;
  reviewUid?: string;
}

export type CallOutcome =
  /** The webhook answered (allowed or not). */
  | ({ kind: 'answered'; answer: AdmissionAnswer } & CallFacts)
  /** Talking to it failed (kube's ErrCallingWebhook): `failurePolicy` applies. */
  | ({ kind: 'failed'; reason: string } & CallFacts)
  /** Refused before calling, whatever the failurePolicy (a dry run it cannot take). */
  | ({ kind: 'refused'; error: StatusError } & CallFacts);

export async function callWebhook(webhook: Webhook, attributes: AdmissionAttributes, called: ResourceInfo, serviceUrls: ServiceUrls): Promise<CallOutcome> {
  const started = performance.now();
  const latencyMs = (): number => Math.round((performance.now() - started) * 10) / 10;
  if (attributes.dryRun) {
    if (webhook.sideEffects === undefined) return { kind: 'failed', reason: 'Webhook SideEffects is nil', latencyMs: latencyMs() };
    if (webhook.sideEffects !== 'None' && webhook.sideEffects !== 'NoneOnDryRun') {
      return { kind: 'refused', error: dryRunUnsupported(webhook.name), latencyMs: latencyMs() };
    }
  }
  const apiVersion = reviewVersionFor(webhook.admissionReviewVersions);
  const { uid, review } = admissionReview(attributes, called, apiVersion);
  let answer: unknown;
  try {
    const url = webhookUrl(webhook.clientConfig, webhook.timeoutSeconds, serviceUrls);
    answer = await postAdmissionReview(webhook.clientConfig, url, review, webhook.timeoutSeconds);
  } catch (err) {
    if (err instanceof WebhookCallError) return { kind: 'failed', reason: err.reason, latencyMs: latencyMs(), reviewUid: uid };
    throw err;
  }
  try {
    return { kind: 'answered', answer: verifyAdmissionResponse(uid, apiVersion, webhook.kind === 'mutating', answer), latencyMs: latencyMs(), reviewUid: uid };
  } catch (err) {
    return { kind: 'failed', reason: `received invalid webhook response: ${(err as Error).message}`, latencyMs: latencyMs(), reviewUid: uid };
  }
}
