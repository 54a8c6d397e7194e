/**
 * The journal keeps no object bodies, and a Secret's values must never reach it: the operations
 * of a patch applied to a Secret by a webhook or a policy keep their op and path, but a value
 * that could hold the Secret's data (`/data…`, `/stringData…`, or the whole object) reads
 * `<redacted>`, as the console shows Secret values everywhere else.
 */
import type { AdmissionPatchOperation, AdmissionRecord } from '@dojo/console-protocol';

const redacted = '<redacted>';

function carriesData(path: string): boolean {
  return path === '' || path === '/data' || path.startsWith('/data/') || path === '/stringData' || path.startsWith('/stringData/');
}

function redactOperation(operation: AdmissionPatchOperation): AdmissionPatchOperation {
  return operation.value !== undefined && carriesData(operation.path) ? { ...operation, value: redacted } : operation;
}

export function withSecretValuesRedacted(record: AdmissionRecord): AdmissionRecord {
  return record.patch ? { ...record, patch: record.patch.map(redactOperation) } : record;
}
