/**
 * Our notation for Kubernetes protobuf messages: one table per API group, message name to
 * fields, each field keyed by its JSON name and written `'<number> <type>'`:
 *
 *   '7 int64'                      a scalar; a zero value is dropped from JSON (omitempty)
 *   '10 *int64'                    a zero value stays in JSON (a Go pointer, or no omitempty)
 *   '13 []meta.v1.OwnerReference'  repeated
 *   '11 map<string,string>'        a map
 *   '2 ...core.v1.VolumeSource'    a message whose JSON fields sit inline in the parent's
 *
 * Scalars: string, bytes (base64 in JSON), bool, int32, int64, double. Anything else names a
 * message: a table entry, or one of the hand-written special types (special-types.ts).
 */

export type FieldSpec = `${number} ${string}`;
export type MessageTable = Readonly<Record<string, Readonly<Record<string, FieldSpec>>>>;

export type ScalarType = 'string' | 'bytes' | 'bool' | 'int32' | 'int64' | 'double';
const scalars: ReadonlySet<string> = new Set<ScalarType>(['string', 'bytes', 'bool', 'int32', 'int64', 'double']);

export const isScalar = (type: string): type is ScalarType => scalars.has(type);

export interface FieldDef {
  /** The JSON key (for an inline field, only a name). */
  json: string;
  number: number;
  /** Scalar name or message name; for a map, the value type. */
  type: string;
  repeated: boolean;
  mapKey?: ScalarType;
  /** Its JSON fields are the parent's (Go `json:",inline"`). */
  inline: boolean;
  /** A zero scalar read from the wire stays in JSON. */
  keepZero: boolean;
}

export function parseFieldSpec(json: string, spec: FieldSpec): FieldDef {
  const match = /^(\d+) (\.\.\.)?(\*)?(\[\])?(?:map<(\w+),([\w.]+)>|([\w.]+))$/.exec(spec);
  if (!match) throw new Error(`bad field spec for ${json}: ${spec}`);
  const [, number, inline, keepZero, repeated, mapKey, mapValue, type] = match;
  if (mapKey !== undefined && !isScalar(mapKey)) throw new Error(`bad map key for ${json}: ${spec}`);
  const def: FieldDef = {
    json,
    number: Number(number),
    type: (mapValue ?? type)!,
    repeated: repeated !== undefined,
    inline: inline !== undefined,
    keepZero: keepZero !== undefined,
  };
  if (mapKey !== undefined) def.mapKey = mapKey;
  return def;
}

export function parseMessage(fields: Readonly<Record<string, FieldSpec>>): FieldDef[] {
  return Object.entries(fields).map(([json, spec]) => parseFieldSpec(json, spec));
}
