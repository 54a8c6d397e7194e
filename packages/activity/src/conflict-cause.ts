/**
 * What a 409 a client got was about (console-protocol's ConflictCause), from its journal record.
 *
 * Kubernetes answers 409 reason Conflict both for a stale resourceVersion and for a
 * server-side apply that would take fields other managers own. A server-side apply sent without
 * a resourceVersion has no precondition that can fail — the API server retries its own
 * optimistic-concurrency misses internally (GuaranteedUpdate) — so its 409 Conflict is a
 * field-manager conflict. One that carries metadata.resourceVersion may be either; the journal
 * names the fields' managers (from the Status causes of type FieldManagerConflict) when the
 * server records them, and that decides it.
 */
import type { ConflictCause, RequestRecord } from '@dojo/console-protocol';

export function conflictCauseOf(record: RequestRecord): ConflictCause {
  const fields = record.conflict?.fieldManagers;
  if (fields?.length) return { kind: 'fieldManager', fields };
  if (record.patchType === 'apply' && record.rvSent === undefined) return { kind: 'fieldManager', fields: [] };
  return { kind: 'resourceVersion' };
}

/** A dry run changes nothing: its 409 is the answer to a preview, not a conflict on the object. */
export const isConflictOnObject = (record: RequestRecord): boolean => record.code === 409 && !record.dryRun;
