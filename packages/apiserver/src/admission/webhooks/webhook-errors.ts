/**
 * kube-apiserver's answers for webhook outcomes (webhook/errors/statuserror.go and the
 * dispatchers): a denial keeps the status the webhook returned, with its message prefixed by
 * `admission webhook "NAME" denied the request`; a failed call under failurePolicy Fail is an
 * InternalError `failed calling webhook "NAME": REASON`.
 */
import { StatusError, newBadRequest, newInternalError, type Status, type StatusReason } from '@dojo/kube-api';
import type { AdmissionAnswer } from './admission-review.ts';

/** kube's ToStatusErr: never below 400, never "Success", and a message that names the webhook. */
export function deniedBy(webhookName: string, result: AdmissionAnswer['result']): StatusError {
  const deniedBy = `admission webhook ${JSON.stringify(webhookName)} denied the request`;
  const code = typeof result?.code === 'number' && result.code >= 400 ? result.code : 400;
  const message = result?.message ? `${deniedBy}: ${result.message}` : result?.reason ? `${deniedBy}: ${result.reason}` : `${deniedBy} without explanation`;
  const status: Status = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    ...(result?.reason ? { reason: result.reason as StatusReason } : {}),
    ...(result?.details && typeof result.details === 'object' ? { details: result.details as NonNullable<Status['details']> } : {}),
    code,
  };
  return new StatusError(status);
}

/** A dry run refused before any call: the webhook may have side effects (NewDryRunUnsupportedErr). */
export function dryRunUnsupported(webhookName: string): StatusError {
  return newBadRequest(`admission webhook ${JSON.stringify(webhookName)} does not support dry run`);
}

/** failurePolicy Fail on a failed call (ErrCallingWebhook wrapped in NewInternalError). */
export function failedCalling(webhookName: string, reason: string): StatusError {
  return newInternalError(new Error(`failed calling webhook ${JSON.stringify(webhookName)}: ${reason}`));
}

/** A failure kube reports as an InternalError whatever the failurePolicy (a patch that does not apply). */
export function internalError(message: string): StatusError {
  return newInternalError(new Error(message));
}
