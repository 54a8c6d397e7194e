/**
 * `pods/log`'s query as kube-apiserver decodes it into a PodLogOptions and checks it
 * (validation.ValidatePodLogOptions): a negative `tailLines`, a `limitBytes` or `sinceSeconds`
 * below 1, or both `sinceTime` and `sinceSeconds` is a 422 on PodLogOptions; `stream` is
 * refused while the PodLogsQuerySplitStreams gate is off (its default in 1.37).
 */
import { fieldError, fieldErrorBody, fieldErrorToCause, newBadRequest, newStatusError, type FieldError, type StatusError, booleanParam } from '@dojo/kube-api';
import { intParam } from '../http/query.ts';

export interface PodLogOptions {
  readonly container?: string;
  readonly follow: boolean;
  readonly previous: boolean;
  readonly timestamps: boolean;
  readonly tailLines?: number | undefined;
  readonly limitBytes?: number;
  /** From `sinceTime` or `sinceSeconds`: lines older than this (epoch ms) are left out. */
  readonly sinceMs?: number;
}

// apimachinery's isNegativeErrorMsg.
const isNegative = 'must be greater than or equal to 0';

export function podLogOptionsOf(query: URLSearchParams, podName: string, nowMs: number): PodLogOptions {
  const tailLines = intParam(query, 'tailLines');
  const limitBytes = intParam(query, 'limitBytes');
  const sinceSeconds = intParam(query, 'sinceSeconds');
  const sinceTime = query.get('sinceTime') || undefined;
  const sinceTimeMs = sinceTime === undefined ? undefined : parseRfc3339(sinceTime);
  const errors: FieldError[] = [];
  if (tailLines !== undefined && tailLines < 0) errors.push(fieldError.invalid('tailLines', tailLines, isNegative));
  if (limitBytes !== undefined && limitBytes < 1) errors.push(fieldError.invalid('limitBytes', limitBytes, 'must be greater than 0'));
  if (sinceSeconds !== undefined && sinceTime !== undefined)
    errors.push(fieldError.forbidden('', 'at most one of `sinceTime` or `sinceSeconds` may be specified'));
  else if (sinceSeconds !== undefined && sinceSeconds < 1) errors.push(fieldError.invalid('sinceSeconds', sinceSeconds, 'must be greater than 0'));
  if (query.has('stream')) errors.push(fieldError.forbidden('stream', 'may not be specified'));
  if (errors.length) throw invalidOptions(podName, errors);
  const container = query.get('container') || undefined;
  const sinceMs = sinceTimeMs ?? (sinceSeconds === undefined ? undefined : nowMs - sinceSeconds * 1000);
  return {
    ...(container ? { container } : {}),
    follow: booleanParam(query, 'follow') ?? false,
    previous: booleanParam(query, 'previous') ?? false,
    timestamps: booleanParam(query, 'timestamps') ?? false,
    ...(tailLines !== undefined ? { tailLines } : {}),
    ...(limitBytes !== undefined ? { limitBytes } : {}),
    ...(sinceMs !== undefined ? { sinceMs } : {}),
  };
}

// metav1.Time's query form is RFC 3339 (seconds; a fraction is accepted and kept).
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function parseRfc3339(value: string): number {
  const ms = rfc3339.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw newBadRequest(`parsing time "${value}" as "2006-01-02T15:04:05Z07:00": cannot parse "${value}" as "2006"`);
  return ms;
}

/**
 * newInvalid for PodLogOptions, except that a field.Error at the root path reads as Go prints
 * it, "<field>: <body>" with the empty field: `PodLogOptions "p" is invalid: : Forbidden: ...`.
 */
function invalidOptions(podName: string, errors: readonly FieldError[]): StatusError {
  const messages = [...new Set(errors.map((e) => `${e.field}: ${fieldErrorBody(e)}`))];
  const message = messages.length === 1 ? messages[0]! : `[${messages.join(', ')}]`;
  return newStatusError(422, 'Invalid', `PodLogOptions "${podName}" is invalid: ${message}`, {
    name: podName,
    group: '',
    kind: 'PodLogOptions',
    causes: errors.map(fieldErrorToCause),
  });
}
