/**
 * Reads what a field history is built from — the object's recorded versions of one
 * incarnation, their writers, the 409s on it, and who owns each field now (the live object's
 * managedFields, from the informer cache) — and builds it (field-history.ts).
 */
import type { ConflictRecord, FieldHistory } from '@dojo/console-protocol';
import type { KubeObject, ObjectIdentity } from '@dojo/kube-api';
import type { RecordedHistory } from '../recorded-history.ts';
import { buildFieldHistory } from './field-history.ts';
import { fieldOwners } from './managed-field-owners.ts';

export interface FieldHistoryDeps {
  readonly history: RecordedHistory;
  /** The object as the caches hold it now (with managedFields), if they do. */
  readonly liveObject: (identity: ObjectIdentity) => KubeObject | undefined;
  readonly recordsVersionsOf?: (group: string, kind: string) => boolean;
}

const maxVersions = 500;
const maxConflicts = 50;

export function fieldHistoryOf(deps: FieldHistoryDeps, identity: ObjectIdentity): FieldHistory {
  const live = deps.liveObject(identity);
  // One incarnation: the one asked for, else the live one, else the newest recorded.
  const uid = identity.uid ?? live?.metadata.uid ?? deps.history.versions(identity, 1)[0]?.object.uid;
  const object: ObjectIdentity = { ...identity, ...(uid ? { uid } : {}) };
  const versions = deps.history.versions(object, maxVersions);
  const conflicts = deps.history.telemetry(object, ['conflict'], maxConflicts).filter((r): r is ConflictRecord => r.type === 'conflict');
  return buildFieldHistory({
    object,
    versions,
    writers: deps.history.writers(object, versions),
    conflicts,
    owners: live && (!uid || live.metadata.uid === uid) ? fieldOwners(live.metadata.managedFields) : new Map(),
    coverage: deps.history.versionsCoverage(),
    recorded: deps.recordsVersionsOf?.(identity.group, identity.kind) ?? true,
  });
}
