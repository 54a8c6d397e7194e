/**
 * Kubernetes JSON <-> protobuf, message by message, driven by our field definitions.
 *
 * To the wire: every field present in the JSON goes out (values of the wrong JSON type are
 * skipped, as a typed decoder would refuse them); fields we do not define are dropped, as
 * kube-apiserver's typed decoding drops unknown fields.
 * From the wire: Go writes every non-pointer field even when zero, so a zero scalar is dropped
 * unless the field keeps zeros (a pointer, or no omitempty); present messages stay (`{}`), as Go
 * marshals a struct; empty lists and maps are dropped.
 */
import { isScalar, type FieldDef, type ScalarType } from './message-table.ts';
import { specialTypes, type Named, type NestedCodec, type SpecialType } from './special-types.ts';
import { wireFieldName, type WireSchema } from './wire-schema.ts';

type Json = Record<string, unknown>;
type Wire = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v);

function scalarToWire(type: ScalarType, value: unknown): unknown {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
    case 'bool':
      return typeof value === 'boolean' ? value : undefined;
    case 'int32':
    case 'int64':
      return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : undefined;
    case 'double':
      return typeof value === 'number' ? value : undefined;
    case 'bytes':
      return typeof value === 'string' ? Buffer.from(value, 'base64') : undefined;
  }
}

/** A decoded scalar as JSON: int64 Longs become numbers, bytes base64. */
function scalarToJson(type: ScalarType, value: unknown): unknown {
  if (type === 'bytes') return Buffer.from(value as Uint8Array).toString('base64');
  if (type === 'int64') return typeof value === 'number' ? value : (value as { toNumber(): number }).toNumber();
  return value;
}

const isZero = (value: unknown): boolean => value === '' || value === 0 || value === false;

export class JsonCodec implements NestedCodec {
  constructor(private readonly schema: WireSchema) {}

  /** A JSON object (or special JSON value) as the plain object protobufjs encodes. */
  toWire(type: string, json: unknown): unknown {
    const special = specialTypes[type];
    if (special) return this.specialToWire(type, special, json);
    if (!isObject(json)) return undefined;
    const wire: Wire = {};
    for (const def of this.schema.fields(type)) {
      if (def.inline) {
        const inner = this.toWire(def.type, json) as Wire;
        if (Object.keys(inner).length > 0) wire[wireFieldName(def)] = inner;
        continue;
      }
      const value = json[def.json];
      if (value === undefined || value === null) continue;
      const converted = this.valueToWire(def, value);
      if (converted !== undefined) wire[wireFieldName(def)] = converted;
    }
    return wire;
  }

  private valueToWire(def: FieldDef, value: unknown): unknown {
    const one = (v: unknown) => (isScalar(def.type) ? scalarToWire(def.type, v) : this.toWire(def.type, v));
    if (def.mapKey) {
      if (!isObject(value)) return undefined;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        const converted = v === null ? undefined : one(v);
        if (converted !== undefined) out[k] = converted;
      }
      return out;
    }
    if (def.repeated) return Array.isArray(value) ? value.map(one).filter((v) => v !== undefined) : undefined;
    return one(value);
  }

  private specialToWire(type: string, special: SpecialType, json: unknown): unknown {
    const named = special.fromJson(json, this);
    if (!named) return undefined;
    const wire: Wire = {};
    for (const def of this.schema.fields(type)) {
      const value = named[def.json];
      if (value === undefined) continue;
      // Nested messages arrive converted by `toWire`; scalars as JS values.
      wire[wireFieldName(def)] = value;
    }
    return wire;
  }

  /** A decoded protobufjs message as JSON (or a special type's JSON value). */
  toJson(type: string, wire: unknown): unknown {
    const special = specialTypes[type];
    if (special) return special.toJson(this.named(type, wire as Wire), this);
    const out: Json = {};
    const message = wire as Wire;
    for (const def of this.schema.fields(type)) {
      const name = wireFieldName(def);
      if (!Object.prototype.hasOwnProperty.call(message, name)) continue;
      const value = message[name];
      if (value === undefined || value === null) continue;
      if (def.inline) {
        Object.assign(out, this.toJson(def.type, value));
        continue;
      }
      const converted = this.valueToJson(def, value);
      if (converted !== undefined) out[def.json] = converted;
    }
    return out;
  }

  private valueToJson(def: FieldDef, value: unknown): unknown {
    const one = (v: unknown) => (isScalar(def.type) ? scalarToJson(def.type, v) : this.toJson(def.type, v));
    if (def.mapKey) {
      const entries = Object.entries(value as Record<string, unknown>);
      return entries.length === 0 ? undefined : Object.fromEntries(entries.map(([k, v]) => [k, one(v)]));
    }
    if (def.repeated) {
      const list = value as unknown[];
      return list.length === 0 ? undefined : list.map(one);
    }
    const converted = one(value);
    return isScalar(def.type) && isZero(converted) && !def.keepZero ? undefined : converted;
  }

  /** A special type's fields by name: scalars as JS values, messages as still-encoded wire objects. */
  private named(type: string, wire: Wire): Named {
    const named: Named = {};
    for (const def of this.schema.fields(type)) {
      const name = wireFieldName(def);
      if (!Object.prototype.hasOwnProperty.call(wire, name)) continue;
      const value = wire[name];
      if (value === undefined || value === null || (def.repeated && (value as unknown[]).length === 0)) continue;
      if (!isScalar(def.type)) named[def.json] = value;
      else if (def.type === 'bytes') named[def.json] = Buffer.from(value as Uint8Array);
      else named[def.json] = def.repeated ? value : scalarToJson(def.type, value);
    }
    return named;
  }
}
