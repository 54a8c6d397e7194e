/**
 * The answers a fault rule gives, each in kube-apiserver's own words, so that a client reacts
 * as it would to the real thing:
 * - 403: the authorizer's refusal (responsewriters.ForbiddenStatusError), for this user, verb
 *   and resource;
 * - 409: the optimistic-lock Conflict every update path returns (storage.NewConflict: "the
 *   object has been modified; please apply your changes to the latest version and try again");
 * - 429: TooManyRequests with `Retry-After` and `details.retryAfterSeconds`, as the max-in-flight
 *   filter sends it;
 * - 500: InternalError ("Internal error occurred: ..."), naming the rule as its cause;
 * - 503: ServiceUnavailable with the text kube gives a 503 without its own
 *   (NewGenericServerResponse: "the server is currently unable to handle the request");
 * - 410 on a watch resume: the watch cache's Expired ("too old resource version: RV (OLDEST)").
 */
import type { FaultStatusCode } from '@dojo/console-protocol';
import { newConflict, newInternalError, newResourceExpired, newStatusError, newTooManyRequests, type StatusError } from '@dojo/kube-api';
import { forbidden } from '../auth/forbidden.ts';
import { tooManyRequestsMessage } from '../http/inflight-limiter.ts';
import type { ResourceAttributes } from '../rbac/request-attributes.ts';

export function faultStatusError(status: FaultStatusCode, attributes: ResourceAttributes, rule: string, retryAfterSeconds = 1): StatusError {
  switch (status) {
    case 403:
      return forbidden(attributes, '');
    case 409:
      // kube names the resource the object lives in, even for a write to its status subresource.
      return newConflict({ group: attributes.apiGroup, resource: attributes.resource }, attributes.name);
    case 429:
      return newTooManyRequests(tooManyRequestsMessage, retryAfterSeconds);
    case 500:
      return newInternalError(`fault ${rule} injected by dojo-console`);
    case 503:
      return newStatusError(503, 'ServiceUnavailable', 'the server is currently unable to handle the request');
  }
}

/** A resumed watch refused as if history had been compacted up to the current revision. */
export function faultWatchExpired(resumedFrom: string, currentRevision: number): StatusError {
  return newResourceExpired(`too old resource version: ${resumedFrom} (${currentRevision})`);
}
