/**
 * What apimachinery's runtime.DefaultUnstructuredConverter says when it cannot turn a JSON map
 * into a built-in kind's Go struct (runtime/converter.go, fromUnstructured). kube's strategic
 * merge patch handler converts the patched map this way instead of decoding JSON (apiserver
 * handlers/patch.go, applyPatchToObject), so its refusals have words of their own:
 *
 * - a scalar Go's reflect can convert but JSON would not: `cannot convert int64 to string`
 *   (an integer into a string), `cannot convert float64 to int32` (a fraction into an integer);
 * - a scalar it cannot convert at all: `unrecognized type: string` (a bool, a fraction, a map
 *   or a list where a string goes), named by the destination's kind;
 * - a container of the wrong shape: `cannot restore map from string`, `cannot restore slice
 *   from int64`, `cannot restore struct from: bool` (the source's kind: map, slice, string,
 *   bool, int64, float64);
 * - bytes that are not base64: `error decoding from json: illegal base64 data at input byte 0`;
 * - a type with its own UnmarshalJSON (metav1.Time) answers in the JSON decoder's words.
 *
 * Struct fields are visited in declaration order (the wire schema keeps it) and the first
 * problem ends the conversion. Integers are int64 and fractions float64, as kube's decoder
 * preserves them; an int64 that overflows an int32 converts silently, as reflect truncates.
 */
import { goJsonKind } from '../../patch/json-value.ts';
import { isScalar, type FieldDef, type ScalarType } from '../../http/protobuf/message-table.ts';
import { specialTypes, type NestedCodec } from '../../http/protobuf/special-types.ts';
import { wireSchema } from '../../http/protobuf/wire-schema.ts';
import { base64ErrorIndex } from './base64.ts';

/** The converter's refusal, in its words. */
class ConversionProblem extends Error {}

/** A value whose type has its own UnmarshalJSON we do not word: the caller keeps its own message. */
class Unworded extends Error {}

type GoKind = 'string' | 'bool' | 'int64' | 'float64' | 'map' | 'slice';

/** reflect's Kind of a value decoded into interface{} with ints preserved. */
function sourceKind(value: unknown): GoKind {
  if (Array.isArray(value)) return 'slice';
  if (typeof value === 'object') return 'map';
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 2 ** 63 ? 'int64' : 'float64';
  return typeof value === 'boolean' ? 'bool' : 'string';
}

/** reflect's Kind of each scalar's Go type ([]byte is a slice, converted by bytes()). */
const destinationKind: Record<ScalarType, string> = { string: 'string', bytes: 'slice', bool: 'bool', int32: 'int32', int64: 'int64', double: 'float64' };
const numeric = new Set(['int32', 'int64', 'uint8', 'float64']);

/** fromUnstructured's simple-type case: assignable, or convertible within JSON's groups. */
function scalar(destination: string, value: unknown): void {
  const source = sourceKind(value);
  if (source === destination) return;
  if (source === 'int64' && numeric.has(destination)) return;
  if (source === 'float64' && numeric.has(destination)) {
    if (destination === 'float64' || Number.isInteger(value)) return;
    throw new ConversionProblem(`cannot convert float64 to ${destination}`);
  }
  // Go converts an integer to a string (as a rune), so reflect calls it convertible; JSON does not.
  if (source === 'int64' && destination === 'string') throw new ConversionProblem('cannot convert int64 to string');
  throw new ConversionProblem(`unrecognized type: ${destination}`);
}

/** A []byte: base64 text (what Go's JSON encoding of bytes is), or a list of bytes. */
function bytes(value: unknown): void {
  if (typeof value === 'string') {
    const bad = base64ErrorIndex(value);
    if (bad >= 0) throw new ConversionProblem(`error decoding from json: illegal base64 data at input byte ${bad}`);
    return;
  }
  if (!Array.isArray(value)) throw new ConversionProblem(`cannot restore slice from ${sourceKind(value)}`);
  for (const element of value) if (element !== null) scalar('uint8', element);
}

function one(type: string, value: unknown): void {
  if (value === null) return;
  if (type === 'bytes') bytes(value);
  else if (isScalar(type)) scalar(destinationKind[type], value);
  else message(type, value);
}

function field(def: FieldDef, value: unknown): void {
  if (def.mapKey) {
    if (sourceKind(value) !== 'map') throw new ConversionProblem(`cannot restore map from ${sourceKind(value)}`);
    for (const element of Object.values(value as object)) one(def.type, element);
  } else if (def.repeated) {
    if (!Array.isArray(value)) throw new ConversionProblem(`cannot restore slice from ${sourceKind(value)}`);
    for (const element of value) one(def.type, element);
  } else one(def.type, value);
}

/** Special types convert through their own UnmarshalJSON; their messages reach the walk again. */
const nested: NestedCodec = {
  toJson: () => undefined,
  toWire: (type, json) => {
    message(type, json);
    return {};
  },
};

function message(name: string, value: unknown): void {
  const special = specialTypes[name];
  if (special) {
    // metav1.Time's UnmarshalJSON decodes a JSON string first, in the JSON decoder's words.
    if ((name === 'meta.v1.Time' || name === 'meta.v1.MicroTime') && typeof value !== 'string') {
      throw new ConversionProblem(`json: cannot unmarshal ${goJsonKind(value)} into Go value of type string`);
    }
    if (special.fromJson(value, nested) === undefined) throw new Unworded();
    return;
  }
  if (sourceKind(value) !== 'map') throw new ConversionProblem(`cannot restore struct from: ${sourceKind(value)}`);
  fields(name, value as Record<string, unknown>);
}

function fields(name: string, json: Record<string, unknown>): void {
  for (const def of wireSchema().fields(name)) {
    if (def.inline) fields(def.type, json);
    else if (Object.hasOwn(json, def.json) && json[def.json] !== null && json[def.json] !== undefined) field(def, json[def.json]);
  }
}

/**
 * The converter's refusal of `obj` as the built-in kind whose message is `messageName`, or
 * undefined when it converts (or its refusal is one we cannot word).
 */
export function unstructuredConversionError(messageName: string, obj: unknown): string | undefined {
  try {
    // TypeMeta comes first in every kind's struct: kind, then apiVersion, both strings.
    const meta = obj as Record<string, unknown>;
    for (const key of ['kind', 'apiVersion']) if (meta[key] !== undefined && meta[key] !== null) scalar('string', meta[key]);
    message(messageName, obj);
    return undefined;
  } catch (err) {
    if (err instanceof ConversionProblem) return err.message;
    if (err instanceof Unworded) return undefined;
    throw err;
  }
}
