/**
 * Field errors as apimachinery's `field.Error`: a path, a type and the offending value, rendered
 * with exactly the text kubectl shows ("spec.replicas: Invalid value: -1: ...").
 */
import { goQuote } from './go-quote.ts';
import type { CauseType, StatusCause } from './status.ts';

export type FieldErrorType =
  | 'FieldValueRequired'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueDuplicate'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'FieldValueNotFound'
  | 'FieldValueTypeInvalid'
  | 'InternalError';

/** The words kubectl shows for each type ("Invalid value"), also what a cause's reason reads as. */
export const fieldErrorTypeText: Readonly<Record<FieldErrorType, string>> = {
  FieldValueRequired: 'Required value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  FieldValueNotFound: 'Not found',
  FieldValueTypeInvalid: 'Invalid value',
  InternalError: 'Internal error',
};

/** Marks a field error whose value must not be printed (apimachinery's `omitValue`). */
export const omitValue = Symbol('omitValue');

export interface FieldError {
  type: FieldErrorType;
  field: string;
  value: unknown;
  detail: string;
}

/**
 * Renders a bad value as apimachinery 1.37's `ErrorBody` does: numbers and booleans with `%v`,
 * strings with `%q`, and everything else (objects, arrays, null) as `json.Marshal` writes it.
 */
function formatValue(value: unknown): string {
  if (value === undefined) return 'null';
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return goJsonMarshal(value);
}

/**
 * `json.Marshal` of a decoded value: Go sorts a map's keys but keeps a struct's field order. A
 * JSON object of strings only (labels, annotations, data) is taken for a map and sorted; any
 * other object for a struct, kept in its order. Go also escapes `<`, `>`, `&`, U+2028, U+2029.
 */
function goJsonMarshal(value: unknown): string {
  const ordered = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(ordered);
    if (v === null || typeof v !== 'object') return v;
    const entries = Object.entries(v as Record<string, unknown>);
    const isStringMap = entries.every(([, item]) => typeof item === 'string');
    if (isStringMap) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, item]) => [k, ordered(item)]));
  };
  return JSON.stringify(ordered(value)).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `ErrorBody()` in apimachinery: everything after "path: ". */
export function fieldErrorBody(error: FieldError): string {
  let body: string;
  const simple =
    error.type === 'FieldValueRequired' ||
    error.type === 'FieldValueForbidden' ||
    error.type === 'FieldValueTooLong' ||
    error.type === 'InternalError' ||
    error.value === omitValue;
  if (simple) body = fieldErrorTypeText[error.type];
  else body = `${fieldErrorTypeText[error.type]}: ${formatValue(error.value)}`;
  if (error.detail) body += `: ${error.detail}`;
  return body;
}

export function formatFieldError(error: FieldError): string {
  return error.field ? `${error.field}: ${fieldErrorBody(error)}` : fieldErrorBody(error);
}

export function fieldErrorToCause(error: FieldError): StatusCause {
  return { reason: error.type as CauseType, message: fieldErrorBody(error), field: error.field };
}

/** Aggregates like apimachinery's `ToAggregate().Error()`: one message, or "[a, b]". */
export function formatFieldErrors(errors: readonly FieldError[]): string {
  const messages = [...new Set(errors.map(formatFieldError))];
  return messages.length === 1 ? messages[0]! : `[${messages.join(', ')}]`;
}

export const fieldError = {
  required: (field: string, detail = ''): FieldError => ({ type: 'FieldValueRequired', field, value: '', detail }),
  invalid: (field: string, value: unknown, detail: string): FieldError => ({ type: 'FieldValueInvalid', field, value, detail }),
  notSupported: (field: string, value: unknown, supported: readonly unknown[]): FieldError => ({
    type: 'FieldValueNotSupported',
    field,
    value,
    // NotSupported quotes each supported value's %v (strconv.Quote(fmt.Sprint(v))).
    detail: supported.length ? `supported values: ${supported.map((v) => JSON.stringify(String(v))).join(', ')}` : '',
  }),
  duplicate: (field: string, value: unknown): FieldError => ({ type: 'FieldValueDuplicate', field, value, detail: '' }),
  forbidden: (field: string, detail: string): FieldError => ({ type: 'FieldValueForbidden', field, value: '', detail }),
  tooLong: (field: string, value: unknown, max: number): FieldError => ({
    type: 'FieldValueTooLong',
    field,
    value,
    // apimachinery's field.TooLong: "byte" when the limit is one.
    detail: `may not be more than ${max} ${max === 1 ? 'byte' : 'bytes'}`,
  }),
  tooMany: (field: string, actual: number, max: number): FieldError => ({
    type: 'FieldValueTooMany',
    field,
    value: actual,
    // apimachinery's field.TooMany: "item" when the limit is one.
    detail: `must have at most ${max} ${max === 1 ? 'item' : 'items'}`,
  }),
  notFound: (field: string, value: unknown): FieldError => ({ type: 'FieldValueNotFound', field, value, detail: '' }),
  typeInvalid: (field: string, value: unknown, detail: string): FieldError => ({ type: 'FieldValueTypeInvalid', field, value, detail }),
};

/**
 * kube-apiserver 1.37 answers one cause per error text: `ErrorList.Filter` goes through
 * `ToAggregate`, which keeps one error per text, in the declarative-validation merge every
 * built-in strategy served here opts in to — and a custom resource gets the same (checked
 * against the real server): two labels with the same bad value are one cause, not two.
 */
export function uniqueFieldErrors(errors: readonly FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const text = formatFieldError(error);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}
