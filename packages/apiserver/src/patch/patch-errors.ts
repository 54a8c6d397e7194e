/**
 * The Status errors kube-apiserver's PATCH handler answers with. Patch engines throw these and
 * nothing else, so the wire shows the same code, reason and text a real cluster would.
 */
import { newStatusError, type StatusError } from '@dojo/kube-api';
import { isJsonObject } from './json-value.ts';

/**
 * A patch that could not be applied (a failed JSON patch `test`, a missing path, ...). The real
 * server wraps these in NewGenericServerResponse(422), which drops the underlying message from
 * the wire; we keep it as the JS `cause` for logs and tests.
 */
export function newPatchUnprocessable(cause: string): StatusError {
  const err = newStatusError(422, 'Invalid', 'the server rejected our request due to an error in our request', {});
  err.cause = cause;
  return err;
}

/**
 * An error kube-apiserver never converted to a Status (plain Go errors from the strategic merge
 * and apply code), with the Go error text as the message. kube-apiserver answers these with a
 * 500; they are the client's malformed patch, never a server fault, so we answer 400 BadRequest
 * and keep 5xx for what really failed on our side.
 */
export function newPatchServerError(message: string): StatusError {
  return newStatusError(400, 'BadRequest', message);
}

/** 415 for a Content-Type the resource does not accept, listing what it does accept. */
export function newUnsupportedPatchType(accepted: readonly string[]): StatusError {
  return newStatusError(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`);
}

/** go-restful's 415 when no route consumes the Content-Type, wrapped by kube-apiserver as a generic Status. */
export function newUnsupportedMediaTypeForRoute(): StatusError {
  return newStatusError(415, 'UnsupportedMediaType', '415: Unsupported Media Type', {});
}

/** Go's %v rendering of decoded JSON (map[k:v], [a b], <nil>), used inside error texts. */
export function goValueString(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (Array.isArray(value)) return `[${value.map(goValueString).join(' ')}]`;
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    return `map[${keys.map((k) => `${k}:${goValueString(value[k])}`).join(' ')}]`;
  }
  return String(value);
}

/** Go's reflect.TypeOf name for a decoded JSON value, as printed by mergepatch.ErrBadArgType. */
export function goTypeName(value: unknown): string {
  if (value === null || value === undefined) return '%!s(<nil>)';
  if (Array.isArray(value)) return '[]interface {}';
  if (isJsonObject(value)) return 'map[string]interface {}';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int64' : 'float64';
  return typeof value === 'boolean' ? 'bool' : typeof value;
}
