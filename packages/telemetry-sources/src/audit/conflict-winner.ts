/**
 * The write that won a 409 seen in audit events. kube-apiserver answers a conflict with a
 * Status that names no winner, so the console reads the object and takes the manager of its
 * managedFields entry written last at or before the 409 (entries have second precision; the
 * newest one when every entry is later, since a manager's entry moves with its next write).
 * The losing client's own manager (its `fieldManager`, else the one kube-apiserver derives from
 * its User-Agent) is passed over while another is there: a 409 says someone else wrote, and the
 * loser's retry right after would otherwise share the 409's second and win the tie.
 * Always marked `source: "managedFields"`: inferred, never seen. `currentRV` is given only when
 * the winner's entry is still the newest and no later than the 409: the object read is then the
 * version that won.
 */
import type { RequestRecord, VersionWriter } from '@dojo/console-protocol';
import type { KubeObject } from '@dojo/kube-api';

export type ConflictWinner = NonNullable<RequestRecord['conflict']>;

/** Reads an API path (a GET); rejects on any failure. */
export type ObjectReader = (path: string, signal: AbortSignal) => Promise<unknown>;

interface Entry {
  readonly manager: string;
  readonly at: number;
}

function entries(object: KubeObject): Entry[] {
  return (object.metadata.managedFields ?? []).flatMap((e) => {
    const at = e.time ? Date.parse(e.time) : NaN;
    return e.manager && !Number.isNaN(at) ? [{ manager: e.manager, at }] : [];
  });
}

/** kube-apiserver's default field manager: the User-Agent up to its first "/". */
export function managerOf(request: Pick<RequestRecord, 'fieldManager' | 'userAgent'>): string | undefined {
  return request.fieldManager ?? request.userAgent?.split('/')[0];
}

/** The winner of a 409 at `conflictTime` (epoch ms) as the object's managedFields tell it now; `loser`: the manager that got the 409. */
export function winnerFromManagedFields(object: KubeObject, conflictTime: number, loser?: string): ConflictWinner | undefined {
  const every = entries(object);
  const others = every.filter((e) => e.manager !== loser);
  const all = others.length ? others : every;
  if (all.length === 0) return undefined;
  // managedFields times are whole seconds: a write in the 409's own second counts as before it.
  const cutoff = Math.floor(conflictTime / 1000) * 1000;
  const newest = (list: Entry[]) => list.reduce((a, b) => (b.at >= a.at ? b : a));
  const before = all.filter((e) => e.at <= cutoff);
  const winner = before.length ? newest(before) : newest(all);
  const writer: VersionWriter = { fieldManager: winner.manager, source: 'managedFields' };
  const latest = newest(every);
  const unchangedSince = latest === winner && latest.at <= cutoff && object.metadata.resourceVersion;
  return { ...(unchangedSince ? { currentRV: unchangedSince } : {}), writer };
}

/** The object's API path from a journal record, or undefined when the record does not name one object. */
export function objectPath(record: RequestRecord): string | undefined {
  if (!record.resource || !record.name || record.version === undefined) return undefined;
  const base = record.group ? `/apis/${record.group}/${record.version}` : `/api/${record.version}`;
  const ns = record.namespace ? `/namespaces/${encodeURIComponent(record.namespace)}` : '';
  return `${base}${ns}/${record.resource}/${encodeURIComponent(record.name)}`;
}

/**
 * Looks the winner of a 409 up with a GET (at most `timeoutMs`); undefined when the object is
 * gone, unreadable to the console (its RBAC), or the read is slow: the 409 is then shown without a winner.
 */
export function conflictWinnerLookup(read: ObjectReader, timeoutMs = 2_000): (record: RequestRecord) => Promise<ConflictWinner | undefined> {
  return async (record) => {
    const path = objectPath(record);
    if (!path) return undefined;
    try {
      const object = (await read(path, AbortSignal.timeout(timeoutMs))) as KubeObject;
      return object?.metadata ? winnerFromManagedFields(object, record.time, managerOf(record)) : undefined;
    } catch {
      return undefined;
    }
  };
}
