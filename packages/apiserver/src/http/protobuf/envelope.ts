/**
 * Kubernetes' protobuf encoding of one object: the 4 bytes `k8s\x00`, then a runtime.Unknown
 * whose typeMeta names the apiVersion and kind and whose `raw` is the kind's message (which
 * itself carries no apiVersion or kind). Lists are objects of their List kind. Only kinds with a
 * message speak it; custom resources have none and stay JSON, as in kube-apiserver.
 */
import { newBadRequest, parseApiVersion, StatusError, type KubeObject } from '@dojo/kube-api';
import { JsonCodec } from './json-codec.ts';
import { wireSchema } from './wire-schema.ts';

export const protobufMediaType = 'application/vnd.kubernetes.protobuf';
export const protobufWatchContentType = `${protobufMediaType};stream=watch`;

const magic = Buffer.from('k8s\x00', 'latin1');

/** Our message package per API group. */
const packageOfGroup: Readonly<Record<string, string>> = {
  '': 'core',
  apps: 'apps',
  'events.k8s.io': 'events',
  'rbac.authorization.k8s.io': 'rbac',
  'coordination.k8s.io': 'coordination',
  'apiextensions.k8s.io': 'apiextensions',
  autoscaling: 'autoscaling',
  'networking.k8s.io': 'networking',
  policy: 'policy',
  'discovery.k8s.io': 'discovery',
  'storage.k8s.io': 'storage',
  'scheduling.k8s.io': 'scheduling',
  batch: 'batch',
  'authentication.k8s.io': 'authentication',
  'authorization.k8s.io': 'authorization',
  'admissionregistration.k8s.io': 'admissionregistration',
  'meta.k8s.io': 'meta',
  'apidiscovery.k8s.io': 'apidiscovery',
};

/** Kinds apimachinery registers in every group version (Status, DeleteOptions, ...). */
const metaKinds = new Set(['Status', 'DeleteOptions', 'WatchEvent']);

/** The message of a kind, or undefined when it has none (custom resources, Table). */
export function messageOf(apiVersion: string, kind: string): string | undefined {
  const { group, version } = parseApiVersion(apiVersion);
  const name = metaKinds.has(kind) ? `meta.v1.${kind}` : packageOfGroup[group] !== undefined ? `${packageOfGroup[group]}.${version}.${kind}` : undefined;
  return name !== undefined && wireSchema().has(name) ? name : undefined;
}

let codec: JsonCodec | undefined;
const jsonCodec = (): JsonCodec => (codec ??= new JsonCodec(wireSchema()));

/** The message bytes of a JSON object of `message`, no envelope (watch frames use this). */
export function encodeMessage(message: string, json: object): Uint8Array {
  const schema = wireSchema();
  return schema
    .type(message)
    .encode(jsonCodec().toWire(message, json) as object)
    .finish();
}

/** An object in the envelope; throws when its kind has no message (a caller bug). */
export function encodeObject(obj: { apiVersion?: string; kind?: string }): Buffer {
  const apiVersion = obj.apiVersion ?? '';
  const kind = obj.kind ?? '';
  const message = messageOf(apiVersion, kind);
  if (!message) throw new Error(`${apiVersion} ${kind} has no protobuf encoding`);
  const raw = encodeMessage(message, obj);
  const unknown = wireSchema()
    .type('runtime.Unknown')
    .encode({ f1: { f1: apiVersion, f2: kind }, f2: raw })
    .finish();
  return Buffer.concat([magic, unknown]);
}

/**
 * An object from the envelope, as JSON with apiVersion and kind. An envelope without kind takes
 * `defaults` (the URL's), as apimachinery's decoder does. Malformed input is a 400.
 */
export function decodeObject(body: Uint8Array, defaults: { apiVersion: string; kind: string }): KubeObject {
  if (body.length < magic.length || !magic.equals(body.subarray(0, magic.length))) {
    throw newBadRequest(`provided data does not appear to be a protobuf message, expected prefix [${[...magic].join(' ')}]`);
  }
  try {
    const schema = wireSchema();
    const unknown = schema.type('runtime.Unknown').decode(body.subarray(magic.length)) as unknown as { f1?: { f1?: string; f2?: string }; f2?: Uint8Array };
    const apiVersion = unknown.f1?.f1 || defaults.apiVersion;
    const kind = unknown.f1?.f2 || defaults.kind;
    const message = messageOf(apiVersion, kind);
    if (!message) throw newBadRequest(`no kind "${kind}" is registered for version "${apiVersion}"`);
    const decoded = schema.type(message).decode(unknown.f2 ?? new Uint8Array());
    return { apiVersion, kind, ...(jsonCodec().toJson(message, decoded) as object) } as KubeObject;
  } catch (err) {
    if (err instanceof StatusError) throw err;
    throw newBadRequest(`unable to decode the protobuf body: ${(err as Error).message}`);
  }
}
