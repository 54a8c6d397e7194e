/**
 * kube-openapi's validation errors (k8s.io/kube-openapi/pkg/validation/errors) and their
 * translation into field errors by apiextensions' `kubeOpenAPIResultToFieldErrors`.
 *
 * kube-openapi names the failing value with a dotted path ("spec.replicas") and writes it into
 * the message ("spec.replicas in body should be ..."); apiextensions then turns that name into
 * the field path, picking the field.Error constructor by error code. The message texts below are
 * the kube-openapi format strings with `in` fixed to "body".
 */
import { fieldError, type FieldError } from '@dojo/kube-api';
import { childPath, renderPath } from './field-path.ts';
import { goQuote, withGoFloatValue } from './go-format.ts';

export type OpenAPIError =
  | { code: 'required'; name: string }
  | { code: 'enum'; name: string; value: unknown; allowed: readonly unknown[] }
  | { code: 'tooLong'; name: string; value: unknown; max: number }
  | { code: 'tooMany'; name: string; actual: number; max: number }
  | { code: 'invalidType'; name: string; value: unknown; message: string }
  | { code: 'invalid'; name: string; value: unknown; message: string }
  /** Errors that are not `*errors.Validation` (anyOf, oneOf, ...): reported on the base path. */
  | { code: 'composite'; message: string };

const body = (name: string): string => `${name} in body`;

export const openAPIError = {
  composite: (message: string): OpenAPIError => ({ code: 'composite', message }),
  required: (name: string): OpenAPIError => ({ code: 'required', name }),
  enum: (name: string, value: unknown, allowed: readonly unknown[]): OpenAPIError => ({ code: 'enum', name, value, allowed }),
  tooLong: (name: string, value: string, max: number): OpenAPIError => ({ code: 'tooLong', name, value, max }),
  tooShort: (name: string, value: string, min: number): OpenAPIError => ({
    code: 'invalid',
    name,
    value,
    message: `${body(name)} should be at least ${min} chars long`,
  }),
  pattern: (name: string, value: string, pattern: string): OpenAPIError => ({
    code: 'invalid',
    name,
    value,
    message: `${body(name)} should match '${pattern}'`,
  }),
  /** `InvalidType` with string data: the %q form ("must be of type integer: \"string\""). */
  invalidType: (name: string, typeName: string, data: string): OpenAPIError => ({
    code: 'invalidType',
    name,
    value: data,
    message: `${body(name)} must be of type ${typeName}: ${goQuote(data)}`,
  }),
  maximum: (name: string, value: unknown, max: string, exclusive: boolean): OpenAPIError => ({
    code: 'invalid',
    name,
    value,
    message: `${body(name)} should be less than ${exclusive ? '' : 'or equal to '}${max}`,
  }),
  minimum: (name: string, value: unknown, min: string, exclusive: boolean): OpenAPIError => ({
    code: 'invalid',
    name,
    value,
    message: `${body(name)} should be greater than ${exclusive ? '' : 'or equal to '}${min}`,
  }),
  multipleOf: (name: string, value: unknown, factor: string): OpenAPIError => ({
    code: 'invalid',
    name,
    value,
    message: `${body(name)} should be a multiple of ${factor}`,
  }),
  multipleOfMustBePositive: (name: string, factor: string): OpenAPIError => ({
    code: 'invalid',
    name,
    value: factor,
    message: `factor MultipleOf declared for ${name} must be positive: ${factor}`,
  }),
  tooFewItems: (name: string, size: number, min: number): OpenAPIError => ({
    code: 'invalid',
    name,
    value: size,
    message: `${body(name)} should have at least ${min} items`,
  }),
  tooManyItems: (name: string, size: number, max: number): OpenAPIError => ({ code: 'tooMany', name, actual: size, max }),
  duplicateItems: (name: string): OpenAPIError => ({ code: 'invalid', name, value: undefined, message: `${body(name)} shouldn't contain duplicates` }),
  tooFewProperties: (name: string, count: number, min: number): OpenAPIError => ({
    code: 'invalid',
    name,
    value: count,
    message: `${body(name)} should have at least ${min} properties`,
  }),
  tooManyProperties: (name: string, count: number, max: number): OpenAPIError => ({ code: 'tooMany', name, actual: count, max }),
  propertyNotAllowed: (name: string, key: string): OpenAPIError => ({
    code: 'invalid',
    name,
    value: key,
    message: `${name}.${key} in body is a forbidden property`,
  }),
  anyOf: (name: string): OpenAPIError => ({ code: 'composite', message: `${goQuote(name)} must validate at least one schema (anyOf)` }),
  oneOf: (name: string, valid: number): OpenAPIError => ({
    code: 'composite',
    message: `${goQuote(name)} must validate one and only one schema (oneOf). ${valid === 0 ? 'Found none valid' : `Found ${valid} valid alternatives`}`,
  }),
  allOf: (name: string, noneValid: boolean): OpenAPIError => ({
    code: 'composite',
    message: `${goQuote(name)} must validate all the schemas (allOf)${noneValid ? '. None validated' : ''}`,
  }),
  not: (name: string): OpenAPIError => ({ code: 'composite', message: `${goQuote(name)} must not validate the schema (not)` }),
};

/** `kubeOpenAPIResultToFieldErrors(fieldPrefix, result)`. */
export function toFieldError(error: OpenAPIError, fieldPrefix: string): FieldError {
  return withGoFloatValue(convert(error, fieldPrefix));
}

function convert(error: OpenAPIError, fieldPrefix: string): FieldError {
  if (error.code === 'composite') return fieldError.invalid(renderPath(fieldPrefix), '', error.message);
  const trimmed = error.name.startsWith('.') ? error.name.slice(1) : error.name;
  const field = renderPath(trimmed === '' ? fieldPrefix : childPath(fieldPrefix, trimmed));
  switch (error.code) {
    case 'required':
      return fieldError.required(field);
    case 'enum':
      // Non-string enum members are shown as their JSON, then quoted like every other member; a
      // null bad value is json.Marshal's bare `null` (kube-apiserver 1.37.2: `Unsupported value: null`).
      return fieldError.notSupported(
        field,
        error.value ?? null,
        error.allowed.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      );
    case 'tooLong':
      return fieldError.tooLong(field, error.value, error.max);
    case 'tooMany':
      return fieldError.tooMany(field, error.actual, error.max);
    case 'invalidType':
      return fieldError.typeInvalid(field, error.value ?? '', error.message);
    case 'invalid':
      return fieldError.invalid(field, error.value ?? '', error.message);
  }
}
