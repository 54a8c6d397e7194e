/**
 * Every incarnation an object name had, from its recorded versions: Kubernetes gives a
 * re-created object of the same name a new uid, so "the Dojo alpha" may be several objects one
 * after the other. Each is told apart by its uid, with when it was seen and, when it was
 * deleted, when and by whom: the client whose successful DELETE the API server's request
 * journal recorded near the deletion (absent on a cluster the console keeps no journal of).
 * A deleted object's page reads this to show what was recorded of it.
 */
import type { ObjectIncarnation, ObjectVersionRecord, RequestJournalRecord, RequestRecord } from '@dojo/console-protocol';
import type { ObjectIdentity } from '@dojo/kube-api';
import type { HistoryStore } from './history-store.ts';
import { requestsStream } from './streams/requests-stream.ts';
import { versionsStream } from './streams/versions-stream.ts';

/** The DELETE may be journaled a little before the watch delivers the deletion, or after. */
const deleteWindowBeforeMs = 15_000;
const deleteWindowAfterMs = 5_000;
const maxVersionHeaders = 100_000;

interface Seen {
  uid: string;
  firstSeen: number;
  lastSeen: number;
  versions: number;
  deletedAt?: number;
}

export interface IncarnationOptions {
  /** A recording's instant: what happened after it is not known yet. */
  readonly at?: number;
  /** Names the client that deleted an object (@dojo/activity's ClientIdentifier, as every view names clients). */
  readonly identifier: { identify(record: RequestRecord): { readonly name: string } };
}

/** The incarnations of `object` (its identity key), newest first. */
export function objectIncarnations(store: HistoryStore, key: string, identity: ObjectIdentity, options: IncarnationOptions): ObjectIncarnation[] {
  const until = options.at === undefined ? {} : { to: options.at + 1 };
  const headers = store.stream<ObjectVersionRecord>(versionsStream).headers({ where: { object: key }, ...until, newest: true, limit: maxVersionHeaders });
  const byUid = new Map<string, Seen>();
  for (const h of headers) {
    const uid = typeof h.columns.uid === 'string' ? h.columns.uid : '';
    let seen = byUid.get(uid);
    if (!seen) byUid.set(uid, (seen = { uid, firstSeen: h.time, lastSeen: h.time, versions: 0 }));
    seen.versions++;
    seen.lastSeen = Math.max(seen.lastSeen, h.time);
    seen.firstSeen = Math.min(seen.firstSeen, h.time);
    if (h.type === 'deleted') seen.deletedAt = h.time;
  }
  return [...byUid.values()]
    .sort((a, b) => b.lastSeen - a.lastSeen)
    .map((seen) => {
      const { deletedAt, ...rest } = seen;
      if (deletedAt === undefined) return rest;
      const by = deleter(store, identity, seen.uid, deletedAt, options);
      return { ...rest, deleted: { time: deletedAt, ...(by ? { by } : {}) } };
    });
}

function deleter(store: HistoryStore, identity: ObjectIdentity, uid: string, time: number, options: IncarnationOptions): string | undefined {
  const where: Record<string, string> = { name: identity.name, ...(identity.namespace ? { namespace: identity.namespace } : {}) };
  const to = Math.min(time + deleteWindowAfterMs, options.at === undefined ? Infinity : options.at + 1);
  const records = store.stream<RequestJournalRecord>(requestsStream).query({ where, types: ['request'], from: time - deleteWindowBeforeMs, to, limit: 1000 });
  let found: string | undefined;
  for (const record of records) {
    if (record.type !== 'request' || record.verb !== 'delete' || record.code < 200 || record.code >= 300 || record.dryRun) continue;
    if (record.kind !== identity.kind || (record.group ?? '') !== identity.group) continue;
    if (record.uid !== undefined && uid && record.uid !== uid) continue;
    found = options.identifier.identify(record).name;
  }
  return found;
}
