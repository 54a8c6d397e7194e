/**
 * The one error type of the API (apimachinery's `StatusError{ErrStatus}`). Build it with the
 * factories below so that code, reason and message text match kube-apiserver's.
 */
import { formatFieldErrors, fieldErrorToCause, type FieldError } from './field-errors.ts';
import { isStatus, type Status, type StatusDetails, type StatusReason } from './status.ts';

/** A resource with its group, e.g. `dojos.core.jutsu.com` or `pods` for the core group. */
export interface GroupResource {
  group: string;
  resource: string;
}

/** A kind with its group, e.g. `Dojo.core.jutsu.com` or `Pod`. */
export interface GroupKind {
  group: string;
  kind: string;
}

export function groupResourceString(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

export function groupKindString(gk: GroupKind): string {
  return gk.group ? `${gk.kind}.${gk.group}` : gk.kind;
}

export class StatusError extends Error {
  readonly status: Status;
  /**
   * Warnings the request earned before it failed (an unknown field dropped while decoding):
   * kube-apiserver's warning recorder writes them on whatever the answer is, errors included.
   */
  warnings: readonly string[] = [];

  constructor(status: Status) {
    super(status.message ?? status.reason ?? `status ${status.code}`);
    this.name = 'StatusError';
    this.status = status;
  }

  get code(): number {
    return this.status.code;
  }

  get reason(): StatusReason {
    return this.status.reason ?? '';
  }

  /** Decodes a response body into a StatusError, falling back to the HTTP code alone. */
  static fromResponse(code: number, body: unknown): StatusError {
    if (isStatus(body)) return new StatusError(body);
    const text = typeof body === 'string' && body.length > 0 ? body : `the server responded with status ${code}`;
    return newStatusError(code, reasonForCode(code), text);
  }
}

export function newStatusError(code: number, reason: StatusReason, message: string, details?: StatusDetails): StatusError {
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
  if (details) status.details = omitEmptyDetails(details);
  return new StatusError(status);
}

/**
 * Every member of metav1.StatusDetails is `omitempty`: kube-apiserver sends no `group` for a
 * core kind and no `name` for a nameless request, and an empty details object as `{}`.
 */
function omitEmptyDetails(details: StatusDetails): StatusDetails {
  const kept: StatusDetails = {};
  if (details.name) kept.name = details.name;
  if (details.group) kept.group = details.group;
  if (details.kind) kept.kind = details.kind;
  if (details.uid) kept.uid = details.uid;
  if (details.causes?.length) kept.causes = details.causes;
  if (details.retryAfterSeconds) kept.retryAfterSeconds = details.retryAfterSeconds;
  return kept;
}

export function reasonForCode(code: number): StatusReason {
  switch (code) {
    case 400:
      return 'BadRequest';
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'NotFound';
    case 405:
      return 'MethodNotAllowed';
    case 406:
      return 'NotAcceptable';
    case 409:
      return 'Conflict';
    case 410:
      return 'Gone';
    case 413:
      return 'RequestEntityTooLarge';
    case 415:
      return 'UnsupportedMediaType';
    case 422:
      return 'Invalid';
    case 429:
      return 'TooManyRequests';
    case 503:
      return 'ServiceUnavailable';
    case 504:
      return 'Timeout';
    default:
      return code >= 500 ? 'InternalError' : '';
  }
}

/** The message a stale resourceVersion gets, word for word as Kubernetes sends it. */
export const optimisticLockErrorMsg = 'the object has been modified; please apply your changes to the latest version and try again';

export function newNotFound(gr: GroupResource, name: string): StatusError {
  return newStatusError(404, 'NotFound', `${groupResourceString(gr)} "${name}" not found`, {
    name,
    group: gr.group,
    kind: gr.resource,
  });
}

export function newAlreadyExists(gr: GroupResource, name: string): StatusError {
  return newStatusError(409, 'AlreadyExists', `${groupResourceString(gr)} "${name}" already exists`, {
    name,
    group: gr.group,
    kind: gr.resource,
  });
}

export function newConflict(gr: GroupResource, name: string, cause: string = optimisticLockErrorMsg): StatusError {
  return newStatusError(409, 'Conflict', `Operation cannot be fulfilled on ${groupResourceString(gr)} "${name}": ${cause}`, {
    name,
    group: gr.group,
    kind: gr.resource,
  });
}

export function newInvalid(gk: GroupKind, name: string, errors: readonly FieldError[]): StatusError {
  return newStatusError(422, 'Invalid', `${groupKindString(gk)} "${name}" is invalid: ${formatFieldErrors(errors)}`, {
    name,
    group: gk.group,
    kind: gk.kind,
    causes: errors.map(fieldErrorToCause),
  });
}

export function newBadRequest(message: string): StatusError {
  return newStatusError(400, 'BadRequest', message);
}

export function newUnauthorized(message = 'Unauthorized'): StatusError {
  return newStatusError(401, 'Unauthorized', message);
}

export function newForbidden(gr: GroupResource, name: string, why: string): StatusError {
  const target = name ? `${groupResourceString(gr)} "${name}"` : groupResourceString(gr);
  return newStatusError(403, 'Forbidden', `${target} is forbidden: ${why}`, { name, group: gr.group, kind: gr.resource });
}

export function newMethodNotSupported(gr: GroupResource, action: string): StatusError {
  return newStatusError(405, 'MethodNotAllowed', `${action} is not supported on resources of kind "${groupResourceString(gr)}"`, {
    group: gr.group,
    kind: gr.resource,
  });
}

export function newGone(message: string): StatusError {
  return newStatusError(410, 'Gone', message);
}

/** 410 with reason Expired: a watch or list asked for a resourceVersion older than history. */
export function newResourceExpired(message: string): StatusError {
  return newStatusError(410, 'Expired', message);
}

export function newRequestEntityTooLarge(message: string): StatusError {
  return newStatusError(413, 'RequestEntityTooLarge', `Request entity too large: ${message}`);
}

export function newUnsupportedMediaType(contentType: string, supported: readonly string[]): StatusError {
  return newStatusError(
    415,
    'UnsupportedMediaType',
    `the body of the request was in an unknown format - accepted media types include: ${supported.join(', ')}`,
    { causes: [{ reason: 'UnexpectedServerResponse', message: contentType }] },
  );
}

export function newNotAcceptable(message: string): StatusError {
  return newStatusError(406, 'NotAcceptable', message);
}

export function newTooManyRequests(message: string, retryAfterSeconds: number): StatusError {
  return newStatusError(429, 'TooManyRequests', message, { retryAfterSeconds });
}

export function newInternalError(cause: unknown): StatusError {
  const text = cause instanceof Error ? cause.message : String(cause);
  return newStatusError(500, 'InternalError', `Internal error occurred: ${text}`, {
    causes: [{ message: text }],
  });
}

export function newTimeout(message: string, retryAfterSeconds = 0): StatusError {
  return newStatusError(504, 'Timeout', message, { retryAfterSeconds });
}

export const isNotFound = (e: unknown): boolean => e instanceof StatusError && e.reason === 'NotFound';
export const isAlreadyExists = (e: unknown): boolean => e instanceof StatusError && e.reason === 'AlreadyExists';
export const isConflict = (e: unknown): boolean => e instanceof StatusError && e.reason === 'Conflict';
export const isInvalid = (e: unknown): boolean => e instanceof StatusError && e.reason === 'Invalid';
export const isGone = (e: unknown): boolean => e instanceof StatusError && (e.code === 410 || e.reason === 'Gone' || e.reason === 'Expired');
export const isTooManyRequests = (e: unknown): boolean => e instanceof StatusError && e.code === 429;
