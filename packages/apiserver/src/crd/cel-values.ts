/**
 * JSON to CEL values, typed by the structural schema as apiextensions' UnstructuredToVal does:
 * `integer` fields are CEL ints (bigint) and `number` fields doubles, so `self.x >= oldSelf.x`
 * compares like with like; strings with format date/date-time are timestamps, duration are
 * durations and byte are bytes. Values without a schema (int-or-string, preserve-unknown-fields)
 * follow the JSON: whole numbers are ints, others doubles.
 */
import { Duration } from '@marcbachmann/cel-js/evaluator';
import { isObject, setOwn } from './json-value.ts';
import type { JSONSchemaProps } from './schema-types.ts';

const durationUnits: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  μs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

/** Go's time.ParseDuration, to nanoseconds; undefined when not a duration. */
export function parseGoDuration(text: string): bigint | undefined {
  const match = /^([-+]?)((?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+|0)$/.exec(text);
  if (!match) return undefined;
  let total = 0n;
  for (const part of match[2]!.matchAll(/(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)/g)) {
    const unit = durationUnits[part[3]!]!;
    const fraction = part[2] ?? '';
    total += BigInt(part[1] || '0') * unit;
    if (fraction) total += (BigInt(fraction) * unit) / 10n ** BigInt(fraction.length);
  }
  return match[1] === '-' ? -total : total;
}

function durationValue(text: string): unknown {
  const nanos = parseGoDuration(text);
  if (nanos === undefined) return text;
  return new Duration(nanos / 1_000_000_000n, Number(nanos % 1_000_000_000n));
}

function stringValue(value: string, format: string | undefined): unknown {
  switch (format) {
    case 'date':
    case 'date-time':
    case 'datetime': {
      const date = new Date(format === 'date' ? `${value}T00:00:00Z` : value);
      return Number.isNaN(date.getTime()) ? value : date;
    }
    case 'duration':
      return durationValue(value);
    case 'byte':
      return new Uint8Array(Buffer.from(value, 'base64'));
    default:
      return value;
  }
}

function numberValue(value: number | bigint, asDouble: boolean): unknown {
  if (typeof value === 'bigint') return asDouble ? Number(value) : value;
  if (asDouble || !Number.isInteger(value)) return value;
  return BigInt(value);
}

/** Converts a decoded JSON value for use as `self`/`oldSelf` under `schema`. */
export function toCelValue(value: unknown, schema: JSONSchemaProps | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'bigint') return numberValue(value, schema?.type === 'number');
  if (typeof value === 'string') return schema?.type === 'string' ? stringValue(value, schema.format) : value;
  if (Array.isArray(value)) return value.map((item) => toCelValue(item, schema?.items));
  if (!isObject(value)) return value;
  const additional = typeof schema?.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const fieldSchema = schema?.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : additional;
    setOwn(out, key, toCelValue(field, fieldSchema));
  }
  return out;
}
