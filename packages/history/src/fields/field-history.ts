/**
 * Field history by writer, from an object's recorded versions (oldest first): every field's
 * values and who wrote each, the fields more than one manager wrote, each 409 traced to the
 * version its writer had read and the write it had not seen, and a blame of the newest
 * version. Pure: the route reads the versions, writers, conflicts and owners, this builds.
 */
import type {
  ConflictRecord,
  ConflictTrace,
  FieldChange,
  FieldHistory,
  FieldTimeline,
  FieldWriter,
  ObjectVersionRecord,
  StreamCoverage,
  VersionRef,
} from '@dojo/console-protocol';
import { jsonEqual, type ObjectIdentity } from '@dojo/kube-api';
import { leavesOf } from './field-paths.ts';
import { yamlBlame } from './yaml-blame.ts';

export interface FieldHistoryInput {
  readonly object: ObjectIdentity;
  /** Oldest first. */
  readonly versions: readonly ObjectVersionRecord[];
  /** By resourceVersion. */
  readonly writers: ReadonlyMap<string, FieldWriter>;
  readonly conflicts: readonly ConflictRecord[];
  /** Field path -> the managers that own it now (managed-field-owners.ts). */
  readonly owners: ReadonlyMap<string, readonly string[]>;
  readonly coverage: StreamCoverage;
  readonly recorded: boolean;
}

/** Long values (a last-applied-configuration annotation) are cut: the timeline is for reading. */
const maxValueChars = 400;
const unknownWriter: FieldWriter = { source: 'unknown' };

export function writerName(writer: FieldWriter): string {
  return writer.manager ?? writer.controller ?? writer.client ?? 'unknown';
}

export function buildFieldHistory(input: FieldHistoryInput): FieldHistory {
  const versions = input.versions.filter((v) => v.event !== 'DELETED');
  const ref = (v: ObjectVersionRecord): VersionRef => ({
    resourceVersion: v.resourceVersion,
    time: v.time,
    writer: input.writers.get(v.resourceVersion) ?? unknownWriter,
  });
  const changes = new Map<string, FieldChange[]>();
  const leavesByRv = new Map<string, Map<string, unknown>>();
  let previous = new Map<string, unknown>();
  for (const version of versions) {
    const leaves = leavesOf(version.body);
    leavesByRv.set(version.resourceVersion, leaves);
    for (const [path, value] of leaves) {
      if (previous.has(path) && sameValue(previous.get(path), value)) continue;
      push(changes, path, { ...ref(version), value: shown(value) });
    }
    for (const path of previous.keys()) if (!leaves.has(path)) push(changes, path, { ...ref(version), removed: true });
    previous = leaves;
  }
  const newest = versions[versions.length - 1];
  const order = [...(newest ? leavesByRv.get(newest.resourceVersion)!.keys() : []), ...[...changes.keys()].sort()];
  const fields: FieldTimeline[] = [...new Set(order)]
    .filter((path) => changes.has(path))
    .map((path) => timeline(path, changes.get(path)!, input.owners.get(path) ?? []));
  const lastChange = new Map(fields.map((f) => [f.path, f.changes[f.changes.length - 1]!] as const));
  return {
    object: input.object,
    versions: versions.length,
    fields,
    conflicts: [...input.conflicts].reverse().map((c) => traceConflict(c, versions, leavesByRv, ref)),
    blame: newest ? yamlBlame(newest.body, (path) => lastChange.get(path)) : [],
    coverage: input.coverage,
    recorded: input.recorded,
  };
}

function timeline(path: string, changes: FieldChange[], owners: readonly string[]): FieldTimeline {
  const writers = [...new Set(changes.map((c) => writerName(c.writer)))];
  const known = writers.filter((w) => w !== 'unknown');
  return { path, changes, writers, owners, contested: known.length > 1 || owners.length > 1 };
}

/** For a resourceVersion race, the version the loser had read (its stale resourceVersion) and the one after it, which it had not seen. */
function traceConflict(
  conflict: ConflictRecord,
  versions: readonly ObjectVersionRecord[],
  leavesByRv: ReadonlyMap<string, Map<string, unknown>>,
  ref: (v: ObjectVersionRecord) => VersionRef,
): ConflictTrace {
  // A field-manager conflict read no stale version and lost to no later one: its fields' owners say it all.
  if (conflict.cause?.kind === 'fieldManager')
    return { seq: conflict.seq, time: conflict.time, cause: conflict.cause, ...pick(conflict, ['controller', 'reconcileId', 'injected']) };
  const at = conflict.staleRV === undefined ? -1 : versions.findIndex((v) => v.resourceVersion === conflict.staleRV);
  const stale = at >= 0 ? versions[at] : undefined;
  const next = at >= 0 ? versions[at + 1] : undefined;
  return {
    seq: conflict.seq,
    time: conflict.time,
    ...pick(conflict, ['controller', 'reconcileId', 'staleRV', 'currentRV', 'currentManager', 'injected']),
    ...(stale ? { staleVersion: ref(stale) } : {}),
    ...(next ? { nextVersion: ref(next), changedPaths: changedPaths(leavesByRv.get(stale!.resourceVersion)!, leavesByRv.get(next.resourceVersion)!) } : {}),
  };
}

function changedPaths(before: Map<string, unknown>, after: Map<string, unknown>): string[] {
  const paths = [...after].filter(([path, value]) => !before.has(path) || !sameValue(before.get(path), value)).map(([path]) => path);
  return [...paths, ...[...before.keys()].filter((path) => !after.has(path))];
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (value[key] !== undefined) out[key] = value[key];
  return out;
}

function push(changes: Map<string, FieldChange[]>, path: string, change: FieldChange): void {
  const list = changes.get(path);
  if (list) list.push(change);
  else changes.set(path, [change]);
}

function sameValue(a: unknown, b: unknown): boolean {
  return jsonEqual(a, b);
}

function shown(value: unknown): unknown {
  if (typeof value === 'string' && value.length > maxValueChars) return `${value.slice(0, maxValueChars - 1)}…`;
  if (typeof value === 'object' && value !== null) {
    const text = JSON.stringify(value);
    if (text.length > maxValueChars) return `${text.slice(0, maxValueChars - 1)}…`;
  }
  return value;
}
