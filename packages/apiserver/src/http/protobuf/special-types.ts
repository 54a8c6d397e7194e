/**
 * Messages whose JSON form is not an object of their fields, written by hand as their Go types
 * marshal them: times as RFC 3339 strings, IntOrString as a number or a string, Quantity as a
 * string, FieldsV1 / RawExtension / apiextensions JSON as embedded JSON, the schema unions
 * of CustomResourceDefinitions, and a user's ExtraValue as a list of strings. Each converts between its JSON value and its fields by name
 * (scalars as JS values, bytes as Buffers); a nested message goes through `nested`.
 */
import type { FieldSpec } from './message-table.ts';

export type Named = Record<string, unknown>;

export interface NestedCodec {
  toJson(type: string, wire: unknown): unknown;
  toWire(type: string, json: unknown): unknown;
}

export interface SpecialType {
  readonly fields: Readonly<Record<string, FieldSpec>>;
  /** The JSON value, or undefined for the zero value Go marshals as null. */
  toJson(fields: Named, nested: NestedCodec): unknown;
  /** The fields, or undefined when the JSON value cannot be this type. */
  fromJson(value: unknown, nested: NestedCodec): Named | undefined;
}

const props = 'apiextensions.v1.JSONSchemaProps';
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Seconds and nanoseconds of an RFC 3339 time, keeping the fraction's digits exactly. */
function parseTime(value: unknown): { seconds: number; nanos: number } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/i.exec(value);
  if (!match) return undefined;
  const ms = Date.parse(`${match[1]}${match[3]}`);
  if (Number.isNaN(ms)) return undefined;
  return { seconds: Math.floor(ms / 1000), nanos: Number((match[2] ?? '').padEnd(9, '0')) };
}

const isoSeconds = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 19);

/** metav1.Time: whole seconds (its protobuf decoder drops nanos too). */
const time: SpecialType = {
  fields: { seconds: '1 int64', nanos: '2 int32' },
  toJson: (f) => (f.seconds === undefined && f.nanos === undefined ? undefined : `${isoSeconds(Number(f.seconds ?? 0))}Z`),
  fromJson: (value) => {
    const t = parseTime(value);
    return t && { seconds: t.seconds };
  },
};

/** metav1.MicroTime: RFC 3339 with six fraction digits. */
const microTime: SpecialType = {
  fields: time.fields,
  toJson: (f) => {
    if (f.seconds === undefined && f.nanos === undefined) return undefined;
    const micros = String(Math.floor(Number(f.nanos ?? 0) / 1000)).padStart(6, '0');
    return `${isoSeconds(Number(f.seconds ?? 0))}.${micros}Z`;
  },
  fromJson: (value) => {
    const t = parseTime(value);
    return t && { seconds: t.seconds, nanos: Math.floor(t.nanos / 1000) * 1000 };
  },
};

/** A message holding JSON bytes: FieldsV1 (field `Raw`), RawExtension and apiextensions JSON (`raw`). */
function embeddedJson(field: string): SpecialType {
  return {
    fields: { [field]: '1 bytes' },
    toJson: (f) => {
      const raw = f[field];
      if (!Buffer.isBuffer(raw) || raw.length === 0) return undefined;
      try {
        return JSON.parse(raw.toString('utf8')) as unknown;
      } catch {
        return undefined;
      }
    },
    fromJson: (value) => (value === undefined ? undefined : { [field]: Buffer.from(JSON.stringify(value)) }),
  };
}

const intOrString: SpecialType = {
  fields: { type: '1 int64', intVal: '2 int32', strVal: '3 string' },
  toJson: (f) => (Number(f.type ?? 0) === 1 ? String(f.strVal ?? '') : Number(f.intVal ?? 0)),
  fromJson: (value) => {
    if (typeof value === 'number' && Number.isInteger(value)) return { type: 0, intVal: value };
    if (typeof value === 'string') return { type: 1, strVal: value };
    return undefined;
  },
};

const quantity: SpecialType = {
  fields: { string: '1 string' },
  toJson: (f) => String(f.string ?? '0'),
  fromJson: (value) => (typeof value === 'string' || typeof value === 'number' ? { string: String(value) } : undefined),
};

/** `items`: one schema for every item, or one per position. */
const schemaOrArray: SpecialType = {
  fields: { schema: `1 ${props}`, jSONSchemas: `2 []${props}` },
  toJson: (f, nested) => {
    const list = f.jSONSchemas as unknown[] | undefined;
    if (list?.length) return list.map((s) => nested.toJson(props, s));
    return f.schema === undefined ? undefined : nested.toJson(props, f.schema);
  },
  fromJson: (value, nested) => {
    if (Array.isArray(value)) return { jSONSchemas: value.map((s) => nested.toWire(props, s)) };
    return isObject(value) ? { schema: nested.toWire(props, value) } : undefined;
  },
};

/** `additionalProperties` / `additionalItems`: a schema, or a bare true/false. */
const schemaOrBool: SpecialType = {
  fields: { allows: '1 bool', schema: `2 ${props}` },
  toJson: (f, nested) => (f.schema !== undefined ? nested.toJson(props, f.schema) : f.allows === true),
  fromJson: (value, nested) => {
    if (typeof value === 'boolean') return { allows: value };
    return isObject(value) ? { allows: true, schema: nested.toWire(props, value) } : undefined;
  },
};

/** `dependencies` values: a schema, or a list of property names. */
const schemaOrStringArray: SpecialType = {
  fields: { schema: `1 ${props}`, property: '2 []string' },
  toJson: (f, nested) => {
    const list = f.property as string[] | undefined;
    if (list?.length) return list;
    return f.schema === undefined ? undefined : nested.toJson(props, f.schema);
  },
  fromJson: (value, nested) => {
    if (Array.isArray(value)) return { property: value.map(String) };
    return isObject(value) ? { schema: nested.toWire(props, value) } : undefined;
  },
};

/**
 * authentication/authorization ExtraValue (and AttestationValue): a message of `items` on the
 * wire, but in Go a `[]string`, so a JSON list of strings (`extra: {"scopes": ["a", "b"]}`).
 */
const extraValue: SpecialType = {
  fields: { items: '1 []string' },
  toJson: (f) => (Array.isArray(f.items) && f.items.length ? f.items : undefined),
  fromJson: (value) => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? { items: value } : undefined),
};

export const specialTypes: Readonly<Record<string, SpecialType>> = {
  'meta.v1.Time': time,
  'meta.v1.MicroTime': microTime,
  'meta.v1.FieldsV1': embeddedJson('Raw'),
  'runtime.RawExtension': embeddedJson('raw'),
  'apiextensions.v1.JSON': embeddedJson('raw'),
  'intstr.IntOrString': intOrString,
  'resource.Quantity': quantity,
  'apiextensions.v1.JSONSchemaPropsOrArray': schemaOrArray,
  'apiextensions.v1.JSONSchemaPropsOrBool': schemaOrBool,
  'apiextensions.v1.JSONSchemaPropsOrStringArray': schemaOrStringArray,
  'authentication.v1.ExtraValue': extraValue,
  'authentication.v1.AttestationValue': extraValue,
  'authorization.v1.ExtraValue': extraValue,
};
