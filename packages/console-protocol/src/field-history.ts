/**
 * Field history by writer: `GET /api/history/fields?object=<identityKey>[&uid=]` answers a
 * `FieldHistory` — per field path, every value it took in the versions the console recorded
 * and who wrote each (field manager; controller and reconcile when the console's telemetry
 * links the write to one); the fields more than one manager wrote; each 409 on the object
 * traced to the version its writer had read and the write it had not seen; and a blame of the
 * newest version's YAML, line by line.
 *
 * Field paths name list items by their keys, as people read them (the same names the request
 * journal uses): `spec.template.spec.containers[name=web].image`,
 * `status.conditions[type=Ready].status`, `metadata.labels["app.kubernetes.io/name"]`; a list
 * of scalars is one field.
 */
import type { ObjectIdentity } from '@dojo/kube-api';
import type { StreamCoverage } from './history.ts';
import type { ConflictCause } from './telemetry.ts';

/**
 * Who wrote a version. `telemetry`: a reconcile of a controller the console runs made the
 * write that returned this resourceVersion (exact). `managedFields`: the field manager whose
 * managedFields entry the version changed (a best guess within a second). `journal`: the API
 * server's request journal recorded the request (exact, names the client). `unknown`: none.
 */
export interface FieldWriter {
  readonly source: 'telemetry' | 'journal' | 'managedFields' | 'unknown';
  readonly manager?: string;
  /** A controller the console runs, when the manager is one (or the telemetry says so). */
  readonly controller?: string;
  readonly reconcileId?: string;
  /** The API client (user or agent) that made the write, when a request journal tells. */
  readonly client?: string;
}

/** One recorded version, by resourceVersion, with its receive time and writer. */
export interface VersionRef {
  readonly resourceVersion: string;
  readonly time: number;
  readonly writer: FieldWriter;
}

/** A field's value as of one version; `removed` when the version took the field away. */
export interface FieldChange extends VersionRef {
  readonly value?: unknown;
  readonly removed?: true;
}

export interface FieldTimeline {
  readonly path: string;
  /** Oldest first; the first is the version the field appeared in (or the oldest recorded). */
  readonly changes: readonly FieldChange[];
  /** The distinct writers of its changes (manager names; "unknown" when nobody is known). */
  readonly writers: readonly string[];
  /** The managers that own the field now, per the object's managedFields. */
  readonly owners: readonly string[];
  /** More than one manager wrote it, over its history or as owners now. */
  readonly contested: boolean;
}

/**
 * A 409 on the object traced back: the loser sent `staleRV`, the version it had read; the
 * version after that one (`nextVersion`) is the write it had not seen, and its writer won.
 */
export interface ConflictTrace {
  readonly seq: number;
  readonly time: number;
  /** A field-manager conflict has no stale read and no winning version: only fields and their managers. */
  readonly cause?: ConflictCause;
  readonly controller?: string;
  readonly reconcileId?: string;
  readonly staleRV?: string;
  readonly currentRV?: string;
  readonly currentManager?: string;
  readonly injected?: boolean;
  readonly staleVersion?: VersionRef;
  readonly nextVersion?: VersionRef;
  /** The fields `nextVersion` changed: what the loser's write would have raced with. */
  readonly changedPaths?: readonly string[];
}

/** One line of the newest version's YAML, with the field it shows and that field's last change. */
export interface BlameLine {
  readonly text: string;
  readonly path?: string;
  readonly last?: VersionRef;
}

/** `GET /api/history/fields`. */
export interface FieldHistory {
  readonly object: ObjectIdentity;
  /** How many versions it was built from. */
  readonly versions: number;
  readonly fields: readonly FieldTimeline[];
  /** Newest first. */
  readonly conflicts: readonly ConflictTrace[];
  /** The newest recorded version, as YAML, line by line. */
  readonly blame: readonly BlameLine[];
  readonly coverage: StreamCoverage;
  /** False when the console does not record versions of this kind. */
  readonly recorded: boolean;
}
