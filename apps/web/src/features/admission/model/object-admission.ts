/**
 * One object's writes that went through admission, from the request log: the records whose
 * write named this object and carried admission records, newest first. An object is its
 * identity: a write recorded with a uid belongs to the incarnation with that uid only; a write
 * without one (a create refused before the object existed has no uid) belongs to whichever
 * object has that kind, namespace and name.
 */
import type { AdmissionRecord, RequestJournalRecord, RequestRecord } from '@dojo/console-protocol';
import type { ObjectIdentity } from '@dojo/kube-api';

export type AdmittedWrite = RequestRecord & { readonly admission: readonly AdmissionRecord[] };

function isAdmittedWrite(record: RequestJournalRecord): record is AdmittedWrite {
  return record.type === 'request' && (record.admission?.length ?? 0) > 0;
}

function namesObject(record: RequestRecord, identity: ObjectIdentity): boolean {
  if ((record.group ?? '') !== identity.group) return false;
  if (record.kind !== undefined && record.kind !== identity.kind) return false;
  if ((record.namespace ?? '') !== (identity.namespace ?? '') || record.name !== identity.name) return false;
  return record.uid === undefined || identity.uid === undefined || record.uid === identity.uid;
}

export function admittedWritesOf(records: readonly RequestJournalRecord[], identity: ObjectIdentity): AdmittedWrite[] {
  return records
    .filter(isAdmittedWrite)
    .filter((r) => namesObject(r, identity))
    .sort((a, b) => b.seq - a.seq);
}
