/**
 * Secret values never reach the browser unless the console was started with
 * --allow-secret-data. Two rules, both independent of the body's shape:
 *
 * - An answer to a request about Secrets (`isSecretRequest`) has every `data` and `stringData`
 *   value and every last-applied annotation replaced wherever they sit (object, list, Table
 *   rows, watch events, dry-run results), whatever `kind` the objects claim; and its error
 *   messages are replaced unless their reason is one that never quotes a value. The versions
 *   the history records of Secrets go through the same function (`redactSecretResource`).
 * - Any other answer still has every object of kind v1 Secret redacted, at any depth.
 *
 * Keys are kept, so people see what exists.
 */
import type { RedactedSecretValue } from '@dojo/console-protocol';
import { fieldErrorTypeText, type FieldErrorType, type Status, type StatusCause } from '@dojo/kube-api';

export const redactedValue: RedactedSecretValue = '<redacted>';
export const lastAppliedAnnotation = 'kubectl.kubernetes.io/last-applied-configuration';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** One object's values: `data`/`stringData` values and kubectl's last-applied copy of the whole object. */
function redactValues(obj: Json): Json {
  let out: Json | undefined;
  for (const field of ['data', 'stringData']) {
    const values = obj[field];
    if (isObject(values) && Object.values(values).some((v) => v !== redactedValue)) {
      (out ??= { ...obj })[field] = Object.fromEntries(Object.keys(values).map((k) => [k, redactedValue]));
    }
  }
  const metadata = obj.metadata;
  if (
    isObject(metadata) &&
    isObject(metadata.annotations) &&
    metadata.annotations[lastAppliedAnnotation] !== undefined &&
    metadata.annotations[lastAppliedAnnotation] !== redactedValue
  ) {
    (out ??= { ...obj }).metadata = { ...metadata, annotations: { ...metadata.annotations, [lastAppliedAnnotation]: redactedValue } };
  }
  return out ?? obj;
}

/**
 * `value` with every object `redactHere` picks redacted, at any depth. Copy on write: what holds
 * nothing to redact is returned as it is, so the common answer (no Secret in it) costs one
 * visit of each node and no allocation. `tooDeep` is what stands for a subtree past depth 64
 * (bodies come from JSON.parse of an API answer; the bound only keeps a hostile one finite).
 */
function walk(value: unknown, redactHere: (obj: Json) => boolean, tooDeep: (value: unknown) => unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 64) return tooDeep(value);
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((v, i) => {
      const w = walk(v, redactHere, tooDeep, depth + 1);
      if (w !== v) (out ??= [...value])[i] = w;
    });
    return out ?? value;
  }
  const own = redactHere(value as Json) ? redactValues(value as Json) : (value as Json);
  let out: Json | undefined = own === value ? undefined : own;
  for (const [k, v] of Object.entries(own)) {
    const w = walk(v, redactHere, tooDeep, depth + 1);
    if (w !== v) (out ??= { ...own })[k] = w;
  }
  return out ?? own;
}

const isSecretObject = (obj: Json): boolean => obj.kind === 'Secret' && obj.apiVersion === 'v1';

/** Redacts every v1 Secret inside any response body (object, list, Table, watch event, nested). */
export function redactSecrets(body: unknown): unknown {
  return walk(body, isSecretObject, (deep) => deep);
}

/**
 * A body known to be about Secrets by its resource (an answer, a watch event's object, a recorded
 * version): every object's values in it are redacted, whatever `kind` it claims.
 */
export function redactSecretResource(body: unknown): unknown {
  return walk(
    body,
    () => true,
    () => redactedValue,
  );
}

/** Reasons whose messages name only the request's own resource, name and fields, never a value. */
const reasonsWithoutValues = new Set([
  'NotFound',
  'AlreadyExists',
  'Conflict',
  'Unauthorized',
  'Forbidden',
  'MethodNotAllowed',
  'NotAcceptable',
  'UnsupportedMediaType',
  'Gone',
  'Expired',
  'TooManyRequests',
  'RequestEntityTooLarge',
  'Timeout',
  'ServerTimeout',
  'ServiceUnavailable',
]);

const hidden = 'the message is hidden: it may quote Secret values';

/** An error about a Secret, keeping its code, reason, field paths and cause types. */
export function redactSecretStatus(status: Status): Status {
  if (status.status === 'Success' || reasonsWithoutValues.has(status.reason ?? '')) return status;
  const causes: StatusCause[] = (status.details?.causes ?? []).map((cause) => ({
    ...(cause.reason ? { reason: cause.reason } : {}),
    ...(cause.field ? { field: cause.field } : {}),
    message: `${fieldErrorTypeText[cause.reason as FieldErrorType] ?? 'Invalid value'} (${hidden})`,
  }));
  const fields = causes.filter((c) => c.field).map((c) => `${c.field}: ${c.message}`);
  const what = status.details?.name ? `Secret "${status.details.name}"` : 'the request about Secrets';
  const message = fields.length ? `${what} is invalid: ${fields.join(', ')}` : `${what} was refused (${status.reason || `HTTP ${status.code}`}); ${hidden}`;
  const details = status.details ? { ...status.details, causes } : undefined;
  return { ...status, message, ...(details ? { details } : {}) };
}

const isStatusBody = (body: unknown): body is Status => isObject(body) && body.kind === 'Status' && typeof body.code === 'number';

/** The answer to a request about Secrets: values gone wherever they sit, error texts checked. */
export function redactSecretAnswer(code: number, body: unknown): unknown {
  if (typeof body === 'string') {
    // Not JSON (a raw stream, a proxy's text page): it cannot be inspected, so none of it is shown.
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      code,
      reason: code >= 500 ? 'InternalError' : 'BadRequest',
      message: `the answer about Secrets was not JSON; ${hidden.replace('the message is', 'it is')}`,
    };
  }
  if (isStatusBody(body)) return redactSecretStatus(body);
  return redactSecretResource(body);
}

/**
 * Redacts every Secret anywhere inside a value, however deep and whatever carries it (a
 * version's body, a request record's object, a list inside an event): what leaves the console
 * in a recording. A Secret is recognised by its kind alone here, since a record may carry one
 * without its apiVersion.
 */
export function redactSecretsDeep(value: unknown): unknown {
  return walk(
    value,
    (obj) => obj.kind === 'Secret',
    () => redactedValue,
  );
}
