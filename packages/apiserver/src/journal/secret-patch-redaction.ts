/**
 * The journal keeps no object bodies, and a Secret's values must never reach it: the operations
 * of a patch applied to a Secret by a webhook or a policy keep their op and path, but a value
 * that could hold the Secret's data reads `<redacted>`, as the console shows Secret values
 * everywhere else: one at `/data…`, `/stringData…` or the whole object, and kubectl's
 * `last-applied-configuration` annotation wherever the operation's value holds it (the
 * annotation itself, the annotations, or the metadata): under `kubectl apply` it is the whole
 * Secret, data included.
 */
import type { AdmissionPatchOperation, AdmissionRecord } from '@dojo/console-protocol';

const redacted = '<redacted>';
const lastApplied = 'kubectl.kubernetes.io/last-applied-configuration';
/** The annotation's JSON Pointer segment (RFC 6901 escapes `/` as `~1`). */
const lastAppliedPath = `/metadata/annotations/${lastApplied.replaceAll('/', '~1')}`;

function carriesData(path: string): boolean {
  return path === '' || path === '/data' || path.startsWith('/data/') || path === '/stringData' || path.startsWith('/stringData/') || path === lastAppliedPath;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function withoutLastApplied(annotations: unknown): unknown {
  return isObject(annotations) && lastApplied in annotations ? { ...annotations, [lastApplied]: redacted } : annotations;
}

/** The value with the last-applied annotation redacted where the path puts it inside. */
function redactInside(path: string, value: unknown): unknown {
  if (path === '/metadata/annotations') return withoutLastApplied(value);
  if (path === '/metadata' && isObject(value) && 'annotations' in value) return { ...value, annotations: withoutLastApplied(value.annotations) };
  return value;
}

function redactOperation(operation: AdmissionPatchOperation): AdmissionPatchOperation {
  if (operation.value === undefined) return operation;
  if (carriesData(operation.path)) return { ...operation, value: redacted };
  const value = redactInside(operation.path, operation.value);
  return value === operation.value ? operation : { ...operation, value };
}

export function withSecretValuesRedacted(record: AdmissionRecord): AdmissionRecord {
  return record.patch ? { ...record, patch: record.patch.map(redactOperation) } : record;
}
