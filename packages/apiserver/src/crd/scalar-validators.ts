/**
 * The per-value checks of kube-openapi's SchemaValidator that do not recurse: type, string
 * (maxLength, minLength, pattern — first failure only), format, number (multipleOf, minimum,
 * maximum) and enum. Each mirrors one go-openapi validator, including its quirks: integer data is
 * compared against bounds truncated to int64, and a format on a non-string schema turns a type
 * mismatch into "must be of type <format>".
 */
import { compileGoRegexp } from './go-regexp.ts';
import { formatGoFloat } from './go-format.ts';
import { jsonEqual, kindOf, type JSONKind } from './json-value.ts';
import { openAPIError, type OpenAPIError } from './openapi-errors.ts';
import type { JSONSchemaProps } from './schema-types.ts';
import { effectiveFormat, matchesFormat } from './string-formats.ts';

/** The type list kube-openapi sees: int-or-string is converted to ["integer", "string"]. */
export function schemaTypes(schema: JSONSchemaProps): string[] {
  if (schema['x-kubernetes-int-or-string']) return ['integer', 'string'];
  return schema.type ? [schema.type] : [];
}

/** JSON type and Go-derived format of a decoded value (typeValidator.schemaInfoForType). */
function schemaInfo(kind: JSONKind): [string, string] {
  if (kind === 'integer') return ['integer', 'int64'];
  if (kind === 'number') return ['number', 'float64'];
  return [kind, ''];
}

export function typeErrors(schema: JSONSchemaProps, value: unknown, name: string): OpenAPIError[] {
  const types = schemaTypes(schema);
  const format = effectiveFormat(schema.format);
  if (types.length === 0 && format === '') return [];
  const kind = kindOf(value);
  if (kind === 'null') {
    if (types.length > 0 && !types.includes('null') && !schema.nullable) return [openAPIError.invalidType(name, types.join(','), 'null')];
    return [];
  }
  const [schType, dataFormat] = schemaInfo(kind);
  const isIntFloat = schType === 'integer' && types.includes('number');
  if (kind !== 'string' && kind !== 'array' && format !== '' && !(types.includes(schType) || dataFormat === format || isIntFloat)) {
    return [openAPIError.invalidType(name, format, dataFormat)];
  }
  const numeric = types.includes('number') || types.includes('integer');
  if (!numeric && format !== '' && (kind === 'string' || kind === 'array')) return [];
  if (!(types.includes(schType) || isIntFloat)) return [openAPIError.invalidType(name, types.join(','), schType)];
  return [];
}

export function stringErrors(schema: JSONSchemaProps, value: string, name: string): OpenAPIError[] {
  const length = [...value].length; // utf8.RuneCount
  if (schema.maxLength !== undefined && length > schema.maxLength) return [openAPIError.tooLong(name, value, schema.maxLength)];
  if (schema.minLength !== undefined && length < schema.minLength) return [openAPIError.tooShort(name, value, schema.minLength)];
  if (schema.pattern) {
    const re = compileGoRegexp(schema.pattern);
    if (re instanceof Error) return [openAPIError.pattern(name, value, `${schema.pattern}, but pattern is invalid: ${re.message}`)];
    if (!re.test(value)) return [openAPIError.pattern(name, value, schema.pattern)];
  }
  return [];
}

export function formatErrors(schema: JSONSchemaProps, value: string, name: string): OpenAPIError[] {
  const format = effectiveFormat(schema.format);
  if (format === '' || matchesFormat(format, value)) return [];
  return [openAPIError.invalidType(name, format, value)];
}

/**
 * numberValidator's own range check (kube-openapi IsValueValidAgainstRange, prefix "Checked"),
 * beside the type check: a schema of exactly one type, integer (format int32, int64 or none)
 * or number with format float, and a value that type cannot hold. It is not a validation error
 * of kube-openapi's kind, so apiextensions reports it on no path (`<nil>`) with an empty value.
 */
export function rangeErrors(schema: JSONSchemaProps, value: number, name: string): OpenAPIError[] {
  const types = schemaTypes(schema);
  if (types.length !== 1) return [];
  if (types[0] === 'integer') {
    const format = schema.format === 'int32' || schema.format === 'int64' ? schema.format : '';
    const [min, max] = format === 'int32' ? [-(2 ** 31), 2 ** 31 - 1] : [-(2 ** 63), 2 ** 63 - 1];
    if (Number.isInteger(value) && value >= min && value <= max) return [];
    return [openAPIError.composite(`Checked value must be of type integer ${format ? `with format ${format}` : '(default format)'} in ${name}`)];
  }
  if (types[0] === 'number' && schema.format === 'float' && Math.abs(value) > 3.4028234663852886e38) {
    return [openAPIError.composite(`Checked value must be of type number with format float in ${name}`)];
  }
  return [];
}

export function numberErrors(schema: JSONSchemaProps, value: number, name: string): OpenAPIError[] {
  const isInt = Number.isInteger(value);
  // MaximumNativeType & co: int64 data is compared with the bound converted by int64(bound).
  const bound = (b: number): [number, string] => (isInt ? [Math.trunc(b), String(Math.trunc(b))] : [b, formatGoFloat(b)]);
  const errors: OpenAPIError[] = [];
  if (schema.multipleOf !== undefined) {
    const factor = schema.multipleOf;
    const [f, text] = bound(factor);
    if (factor < 0) errors.push(openAPIError.multipleOfMustBePositive(name, text));
    else if (isInt && f !== 0) {
      if (value % f !== 0) errors.push(openAPIError.multipleOf(name, value, text));
    } else if (factor !== 0) {
      const mult = factor < 1 ? (1 / factor) * value : value / factor;
      if (!Number.isInteger(mult)) errors.push(openAPIError.multipleOf(name, value, formatGoFloat(factor)));
    }
  }
  if (schema.minimum !== undefined) {
    const [min, text] = bound(schema.minimum);
    const exclusive = schema.exclusiveMinimum === true;
    if (exclusive ? value <= min : value < min) errors.push(openAPIError.minimum(name, value, text, exclusive));
  }
  if (schema.maximum !== undefined) {
    const [max, text] = bound(schema.maximum);
    const exclusive = schema.exclusiveMaximum === true;
    if (exclusive ? value >= max : value > max) errors.push(openAPIError.maximum(name, value, text, exclusive));
  }
  return errors;
}

export function enumErrors(schema: JSONSchemaProps, value: unknown, name: string): OpenAPIError[] {
  if (!schema.enum || schema.enum.length === 0) return [];
  if (kindOf(value) !== 'null' && schema.enum.some((allowed) => jsonEqual(value, allowed))) return [];
  return [openAPIError.enum(name, value, schema.enum)];
}
