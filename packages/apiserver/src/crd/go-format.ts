/**
 * The few Go `fmt` renderings that kube-openapi and the apiserver bake into their messages. JSON
 * numbers that are whole become int64 in Go and print plainly; others are float64 and print with
 * `%v`, which switches to exponent form earlier than JavaScript does (1e+06, 1e-05).
 */
import { omitValue, type FieldError } from '@dojo/kube-api';

/** Go's `%v` for a float64. */
export function formatGoFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const [mantissa = '0', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  // strconv.FormatFloat(f, 'g', -1, 64): exponent form when exp < -4 || exp >= 6 (shortest precision).
  if (exponent < -4 || exponent >= 6) {
    const sign = exponent < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return String(value);
}

/** `%v` of a number as decoded by Kubernetes' JSON decoder: int64 when whole, float64 otherwise. */
export function formatGoNumber(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 2 ** 63 ? String(value) : formatGoFloat(value);
}

export { goQuote } from '@dojo/kube-api';

const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');

/**
 * `fmt.Sprintf("%+v", v)` of a JSON value decoded into Go's `interface{}` (ints preserved): a
 * map prints as `map[k:v k2:v2]` with its keys sorted (fmt sorts map keys, bytewise), a list as
 * `[a b]`, a string bare, null as `<nil>`. kube's strategic merge patch handler quotes its patch
 * this way in an Invalid `patch` (apiserver handlers/patch.go applyPatchToObject).
 */
export function formatGoValue(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'number') return formatGoNumber(value);
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(formatGoValue).join(' ')}]`;
  const keys = Object.keys(value).sort((a, b) => Buffer.compare(utf8(a), utf8(b)));
  return `map[${keys.map((key) => `${key}:${formatGoValue((value as Record<string, unknown>)[key])}`).join(' ')}]`;
}

/** A []string bad value as field errors print it: apimachinery 1.37's ErrorBody json.Marshals it. */
export function goStringSlice(values: readonly string[]): string {
  return JSON.stringify(values);
}

/**
 * field.Invalid whose bad value is already rendered in Go syntax (a []string, an internal
 * struct): printed verbatim instead of being quoted as a string would be.
 */
export function invalidWithGoValue(field: string, rendered: string, detail: string): FieldError {
  return { type: 'FieldValueInvalid', field, value: omitValue, detail: `${rendered}: ${detail}` };
}

/**
 * A field error whose bad value is a float64 in Go prints it with `%v` (1.0000005e+06); the
 * shared formatter would print JavaScript's form, so render such values here.
 */
export function withGoFloatValue(error: FieldError): FieldError {
  const value = error.value;
  if (typeof value !== 'number' || formatGoNumber(value) === String(value)) return error;
  const rendered = formatGoNumber(value);
  return { ...error, value: omitValue, detail: error.detail ? `${rendered}: ${error.detail}` : rendered };
}
