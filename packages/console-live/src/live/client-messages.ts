/**
 * Decoding of client frames on /ws into the protocol's `ClientMessage` (@dojo/console-protocol,
 * docs/protocol.md). Anything else is a protocol error.
 */
import type { ClientMessage } from '@dojo/console-protocol';

export class ProtocolError extends Error {}

const isString = (v: unknown): v is string => typeof v === 'string';
const optionalString = (v: unknown, name: string): string | undefined => {
  if (v === undefined) return undefined;
  if (!isString(v) || v.length > 1024) throw new ProtocolError(`${name} must be a string`);
  return v;
};

/** Kubernetes names: a group is empty (core) or a DNS subdomain, a version, resource or namespace a DNS label. */
const dnsLabel = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const groupName = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*)?$/;

export function decodeClientMessage(text: string): ClientMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ProtocolError('frame must be a JSON object');
  const m = value as Record<string, unknown>;
  if (m.op === 'ping') return { op: 'ping' };
  if (!isString(m.id) || m.id.length === 0 || m.id.length > 128) throw new ProtocolError('id must be a non-empty string of at most 128 characters');
  if (m.op === 'unsubscribe') return { op: 'unsubscribe', id: m.id };
  if (m.op !== 'subscribe') throw new ProtocolError(`unknown op ${JSON.stringify(m.op)}`);
  switch (m.kind) {
    case 'watch': {
      const r = m.resource as Record<string, unknown> | undefined;
      // Each part becomes a path segment upstream: only names, never ".." or an empty segment.
      if (
        !r ||
        !isString(r.group) ||
        !isString(r.version) ||
        !isString(r.resource) ||
        r.group.length > 253 ||
        !groupName.test(r.group) ||
        !dnsLabel.test(r.version) ||
        !dnsLabel.test(r.resource)
      ) {
        throw new ProtocolError('resource must be {group, version, resource}');
      }
      const namespace = optionalString(m.namespace, 'namespace');
      if (namespace !== undefined && namespace !== '' && !dnsLabel.test(namespace)) throw new ProtocolError('namespace must be a namespace name');
      const labelSelector = optionalString(m.labelSelector, 'labelSelector');
      const resourceVersion = optionalString(m.resourceVersion, 'resourceVersion');
      return {
        op: 'subscribe',
        id: m.id,
        kind: 'watch',
        resource: { group: r.group, version: r.version, resource: r.resource },
        ...(namespace ? { namespace } : {}),
        ...(labelSelector ? { labelSelector } : {}),
        ...(resourceVersion ? { resourceVersion } : {}),
      };
    }
    case 'telemetry': {
      if (m.fromSeq !== undefined && (!Number.isInteger(m.fromSeq) || (m.fromSeq as number) < 0))
        throw new ProtocolError('fromSeq must be a non-negative integer');
      const controller = optionalString(m.controller, 'controller');
      const objectKey = optionalString(m.objectKey, 'objectKey');
      const object = optionalString(m.object, 'object');
      return {
        op: 'subscribe',
        id: m.id,
        kind: 'telemetry',
        ...(m.fromSeq !== undefined ? { fromSeq: m.fromSeq as number } : {}),
        ...(controller ? { controller } : {}),
        ...(objectKey ? { objectKey } : {}),
        ...(object ? { object } : {}),
      };
    }
    case 'metrics':
      return { op: 'subscribe', id: m.id, kind: 'metrics' };
    default:
      throw new ProtocolError(`unknown subscription kind ${JSON.stringify(m.kind)}`);
  }
}
