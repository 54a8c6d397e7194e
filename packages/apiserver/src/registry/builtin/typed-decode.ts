/**
 * Built-in kinds are decoded into Go structs by kube-apiserver: a field of the wrong JSON type
 * is a 400 ("json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type
 * string"), and a field the struct does not have is dropped (and reported for fieldValidation).
 * The one description of each kind's fields is its protobuf message (http/protobuf/schema/,
 * generated from the Kubernetes sources); this walks a JSON object against it. ObjectMeta is
 * checked the same way for every kind, custom resources included, since kube decodes their
 * metadata into ObjectMeta too.
 */
import { StatusError, newBadRequest, type KubeObject } from '@dojo/kube-api';
import { isScalar, type FieldDef, type ScalarType } from '../../http/protobuf/message-table.ts';
import { specialTypes, type NestedCodec } from '../../http/protobuf/special-types.ts';
import { wireSchema } from '../../http/protobuf/wire-schema.ts';
import type { DecodeResult } from '../strategy.ts';
import { base64ErrorIndex } from './base64.ts';

const goDecodeErrors = new WeakMap<StatusError, string>();
const strictDecodingErrors = new WeakMap<StatusError, string[]>();

/** The 400 of a body Go's decoder refuses, remembering the decoder's own words for callers that word it otherwise. */
function typedDecodeFailure(kind: string, version: string, goError: string): StatusError {
  const error = newBadRequest(`${kind} in version "${version}" cannot be handled as a ${kind}: ${goError}`);
  goDecodeErrors.set(error, goError);
  return error;
}

/**
 * The Go decoder's words when `err` is a typed decoding's refusal: kube's patch handler decodes
 * the patched object itself and reports that as an Invalid `patch`.
 */
export function goDecodeErrorOf(err: unknown): string | undefined {
  return err instanceof StatusError ? goDecodeErrors.get(err) : undefined;
}

/** fieldValidation=Strict's 400 for unknown fields, remembering each `unknown field "..."` for the patch handler. */
export function strictDecodingFailure(kind: string, version: string, errors: string[]): StatusError {
  const error = newBadRequest(`${kind} in version "${version}" cannot be handled as a ${kind}: strict decoding error: ${errors.join(', ')}`);
  strictDecodingErrors.set(error, errors);
  return error;
}

/** The strict decoding errors (`unknown field "spec.x"`) when `err` is fieldValidation=Strict's refusal. */
export function strictDecodingErrorsOf(err: unknown): string[] | undefined {
  return err instanceof StatusError ? strictDecodingErrors.get(err) : undefined;
}

/** The first type error, in the words of Go's json.UnmarshalTypeError. */
class TypeMismatch extends Error {
  constructor(
    readonly value: string,
    readonly struct: string,
    readonly path: string,
    readonly goType: string,
  ) {
    super(`json: cannot unmarshal ${value} into Go struct field ${struct}.${path} of type ${goType}`);
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const isEmptyObject = (v: unknown): boolean => {
  for (const _ in v as Json) return false;
  return true;
};

/** Go's name of a message type: `core.v1.ObjectMeta` is `v1.ObjectMeta`. */
const goMessage = (name: string): string => name.split('.').slice(-2).join('.');
const structOf = (name: string): string => name.split('.').pop()!;

const numericScalars: ReadonlySet<ScalarType> = new Set(['int32', 'int64', 'double']);
const scalarZero: Record<ScalarType, unknown> = { string: '', bytes: '', bool: false, int32: 0, int64: 0, double: 0 };
const goScalar: Record<ScalarType, string> = { string: 'string', bytes: '[]uint8', bool: 'bool', int32: 'int32', int64: 'int64', double: 'float64' };

function goTypeOf(def: FieldDef): string {
  const one = isScalar(def.type) ? goScalar[def.type] : goMessage(def.type);
  if (def.mapKey) return `map[${goScalar[def.mapKey]}]${one}`;
  return def.repeated ? `[]${one}` : one;
}

/**
 * How Go's decoder names a JSON value in its error (sigs.k8s.io/json's literalStore): a number
 * keeps its text only where a number was wanted and did not fit (1.5 for an int32); anywhere
 * else (a string, a struct, a list) it is just "number".
 */
function jsonKind(value: unknown, numericTarget = false): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return numericTarget ? `number ${String(value)}` : 'number';
  if (typeof value === 'boolean') return 'bool';
  return typeof value === 'string' ? 'string' : 'object';
}

class IllegalBase64 extends Error {}

function scalarOk(type: ScalarType, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'bytes':
      return typeof value === 'string';
    case 'bool':
      return typeof value === 'boolean';
    case 'int32':
      return typeof value === 'number' && Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31;
    case 'int64':
      return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER;
    case 'double':
      return typeof value === 'number';
  }
}

/** apiVersion and kind are TypeMeta's, which every message carries inline outside its fields. */
const typeMeta = new Set(['apiVersion', 'kind']);

/**
 * A kind nested in another (a StatefulSet's volumeClaimTemplates are PersistentVolumeClaims)
 * carries TypeMeta too: a message with ObjectMeta that is not a template (PodTemplateSpec,
 * JobTemplateSpec and PersistentVolumeClaimTemplate have ObjectMeta and no TypeMeta).
 */
function embedsTypeMeta(message: string): boolean {
  return (
    !/Template(Spec)?$/.test(message) &&
    wireSchema()
      .fields(message)
      .some((def) => def.json === 'metadata' && def.type === 'meta.v1.ObjectMeta')
  );
}

/** The JSON names of a message's fields, inline structs' included: built once per message. */
const knownKeys = new Map<string, ReadonlySet<string>>();

function knownKeysOf(message: string): ReadonlySet<string> {
  let keys = knownKeys.get(message);
  if (!keys) {
    const collect = (name: string, into: Set<string>): Set<string> => {
      for (const def of wireSchema().fields(name)) {
        if (def.inline) collect(def.type, into);
        else into.add(def.json);
      }
      return into;
    };
    keys = collect(message, new Set());
    knownKeys.set(message, keys);
  }
  return keys;
}

class Walker {
  readonly unknown: string[] = [];

  constructor(
    private readonly prune: boolean,
    private readonly dropEmptyMaps = prune,
  ) {}

  /** Checks `json` as a `message` reached at `path` (JSON names, no indices, like Go's errors). */
  message(message: string, json: unknown, path: string, owner: string, def: FieldDef | undefined, top = false): void {
    const special = specialTypes[message];
    if (special) {
      if (json === null || json === undefined) return;
      if (special.fromJson(json, this.nested(path, owner)) === undefined)
        throw new TypeMismatch(jsonKind(json), owner, path, def ? goTypeOf(def) : goMessage(message));
      return;
    }
    if (json === null || json === undefined) return;
    if (!isObject(json)) throw new TypeMismatch(jsonKind(json), owner, path, def ? goTypeOf(def) : goMessage(message));
    this.fields(message, json, path);
    const known = knownKeysOf(message);
    for (const key of Object.keys(json)) {
      if (known.has(key) || (typeMeta.has(key) && (top || embedsTypeMeta(message)))) continue;
      this.unknown.push(`${path ? `${path}.` : ''}${key}`);
      if (this.prune) delete json[key];
    }
  }

  /** The fields of `message` in `json`, inline structs' fields included. */
  private fields(message: string, json: Json, path: string): void {
    const struct = structOf(message);
    for (const def of wireSchema().fields(message)) {
      if (def.inline) {
        this.fields(def.type, json, path);
        continue;
      }
      const value = json[def.json];
      if (value === undefined || value === null) continue;
      this.field(def, value, path ? `${path}.${def.json}` : def.json, struct);
      // Every map of the built-in types is `omitempty`: an empty one does not survive Go's
      // decoding and encoding, so `labels: {}` or `data: {}` is not stored.
      if (this.dropEmptyMaps && def.mapKey && isEmptyObject(value)) delete json[def.json];
      // Likewise a zero scalar of an `omitempty` field (Job status `active: 0`, `paused: false`).
      else if (this.prune && isScalar(def.type) && !def.keepZero && !def.repeated && !def.mapKey && (value === 0 || value === false || value === ''))
        delete json[def.json];
    }
  }

  // Methods, not closures made per field: every create and update of a built-in kind walks
  // every field, and those closures (and tsx's naming of each) showed in the convergence profile.
  private field(def: FieldDef, value: unknown, path: string, struct: string): void {
    if (def.mapKey) {
      if (!isObject(value)) throw new TypeMismatch(jsonKind(value), struct, path, goTypeOf(def));
      for (const v of Object.values(value)) this.one(def, v, path, struct);
    } else if (def.repeated) {
      if (!Array.isArray(value)) throw new TypeMismatch(jsonKind(value), struct, path, goTypeOf(def));
      // Go decodes a null element of a list as its zero value: `hosts: [null]` is `[""]`, and
      // `ownerReferences: [null]` holds one empty OwnerReference.
      if (this.prune) value.forEach((v, i) => v === null && (value[i] = isScalar(def.type) ? scalarZero[def.type] : specialTypes[def.type] ? null : {}));
      for (const v of value) this.one(def, v, path, struct);
    } else this.one(def, value, path, struct);
  }

  /** One value of a field (an element, for lists and maps): a scalar of its type, or a message. */
  private one(def: FieldDef, v: unknown, path: string, struct: string): void {
    if (v === null) return;
    if (isScalar(def.type)) {
      if (!scalarOk(def.type, v)) throw new TypeMismatch(jsonKind(v, numericScalars.has(def.type)), struct, path, goScalar[def.type]);
      const bad = def.type === 'bytes' ? base64ErrorIndex(v as string) : -1;
      if (bad >= 0) throw new IllegalBase64(`illegal base64 data at input byte ${bad}`);
    } else this.message(def.type, v, path, struct, undefined);
  }

  /** Special types holding messages (CRD schema unions) check those the same way. */
  private nested(path: string, owner: string): NestedCodec {
    return {
      toJson: () => undefined,
      toWire: (type, json) => {
        this.message(type, json, path, owner, undefined);
        return {};
      },
    };
  }
}

function decodeAs(message: string, obj: KubeObject, prune: boolean, kind: string, version: string): DecodeResult {
  const walker = new Walker(prune);
  try {
    walker.message(message, obj, '', kind, undefined, true);
  } catch (err) {
    if (!(err instanceof TypeMismatch || err instanceof IllegalBase64)) throw err;
    throw typedDecodeFailure(kind, version, err.message);
  }
  return { unknownFields: walker.unknown.map((p) => `.${p}`) };
}

/**
 * The typed decoding of a built-in kind whose message is `message`: throws a 400 on a value of
 * the wrong type, drops unknown fields and names them (".spec.foo") for fieldValidation.
 */
export function typedDecoder(message: string, kind: string, version: string): (obj: KubeObject) => DecodeResult {
  return (obj) => decodeAs(message, obj, true, kind, version);
}

/** For kinds without a message (custom resources): ObjectMeta's types, and its empty maps dropped. */
export function checkMetadataTypes(obj: KubeObject, kind: string, version: string): void {
  const meta = obj.metadata as unknown;
  if (meta === undefined || meta === null) return;
  try {
    // A custom resource's metadata goes through ObjectMeta and back too: empty labels and
    // annotations do not survive it, unknown members are left to the kind's own decoding.
    new Walker(false, true).message('meta.v1.ObjectMeta', meta, 'metadata', 'ObjectMeta', undefined);
  } catch (err) {
    if (!(err instanceof TypeMismatch)) throw err;
    throw typedDecodeFailure(kind, version, err.message);
  }
}
