/**
 * Who wrote what, as the API server's request journal saw it: for each object its last write
 * and its last status write, and for each recent resourceVersion the request that returned it.
 * Exact for every client — an operator written in Go or Python, kubectl, a CI job, or one of
 * the console's own controllers — where recorded versions know only the field manager, and
 * know nothing on kinds the console does not record versions of.
 *
 * One of the ActivityService's sinks: every journal record the console reads passes `append`.
 * Bounded: past `capacity` objects the one written longest ago is forgotten, and past
 * `capacity` resourceVersions the oldest. At 10,000 Dojos both are full (71 MB of the console's
 * heap, ~480 bytes a write held): a write's writer and changed paths are shared with every
 * other write that has the same, and its uid with the object's previous write.
 */
import type { FieldWriter, RequestJournalRecord, RequestRecord } from '@dojo/console-protocol';
import type { ClientIdentifier } from '@dojo/activity';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { SharedValues } from './shared-values.ts';

/** One successful write, as the journal recorded it. */
export interface JournalWrite {
  readonly seq: number;
  readonly time: number;
  readonly verb: RequestRecord['verb'];
  readonly subresource?: string;
  readonly uid?: string;
  /** The resourceVersion the write returned. */
  readonly resourceVersion?: string;
  readonly changedPaths?: readonly string[];
  readonly writer: FieldWriter;
}

export interface ObjectWrites {
  readonly last: JournalWrite;
  /** The last write to the status subresource, or that changed only status fields. */
  readonly lastStatus?: JournalWrite;
}

/** What the explainer and the field history read. */
export interface JournalWritesView {
  /** The object's last writes, when the journal saw any (of this incarnation when `uid` is given). */
  writesOf(object: ObjectIdentity): ObjectWrites | undefined;
  /** The write that returned this resourceVersion, when the journal saw it. */
  writeReturning(resourceVersion: string): JournalWrite | undefined;
}

const writeVerbs = new Set<RequestRecord['verb']>(['create', 'update', 'patch', 'delete']);

export class JournalWriters implements JournalWritesView {
  readonly #identifier: ClientIdentifier;
  readonly #capacity: number;
  readonly #byObject = new Map<string, ObjectWrites>();
  readonly #byVersion = new Map<string, JournalWrite>();
  readonly #writers = new SharedValues<FieldWriter>();
  readonly #paths = new SharedValues<readonly string[]>();

  constructor(identifier: ClientIdentifier, capacity = 100_000) {
    this.#identifier = identifier;
    this.#capacity = capacity;
  }

  append(record: RequestJournalRecord): void {
    if (record.type !== 'request' || !writeVerbs.has(record.verb) || record.code < 200 || record.code >= 300 || record.dryRun) return;
    if (record.kind === undefined || record.name === undefined || record.group === undefined) return;
    // An update or patch that changed nothing wrote no version.
    if (record.changedPaths?.length === 0 && record.verb !== 'create' && record.verb !== 'delete') return;
    const key = identityKey({ group: record.group, kind: record.kind, name: record.name, ...(record.namespace ? { namespace: record.namespace } : {}) });
    const before = this.#byObject.get(key);
    const write = this.#writeOf(record, before?.last.uid === record.uid ? before?.last.uid : record.uid);
    const sameObject = before && (before.last.uid === undefined || write.uid === undefined || before.last.uid === write.uid);
    const lastStatus = isStatusWrite(write) ? write : sameObject ? before.lastStatus : undefined;
    this.#byObject.delete(key);
    this.#byObject.set(key, { last: write, ...(lastStatus ? { lastStatus } : {}) });
    if (this.#byObject.size > this.#capacity) this.#byObject.delete(this.#byObject.keys().next().value!);
    if (write.resourceVersion !== undefined) {
      this.#byVersion.set(write.resourceVersion, write);
      if (this.#byVersion.size > this.#capacity) this.#byVersion.delete(this.#byVersion.keys().next().value!);
    }
  }

  writesOf(object: ObjectIdentity): ObjectWrites | undefined {
    const writes = this.#byObject.get(identityKey(object));
    if (!writes || (object.uid !== undefined && writes.last.uid !== undefined && writes.last.uid !== object.uid)) return undefined;
    return writes;
  }

  writeReturning(resourceVersion: string): JournalWrite | undefined {
    return this.#byVersion.get(resourceVersion);
  }

  #writeOf(record: RequestRecord, uid: string | undefined): JournalWrite {
    const client = this.#identifier.identify(record);
    const writer: FieldWriter = {
      source: 'journal',
      client: client.name,
      ...(record.fieldManager ? { manager: record.fieldManager } : {}),
      ...(client.kind === 'embedded' ? { controller: client.name } : {}),
    };
    const paths = record.changedPaths;
    return {
      seq: record.seq,
      time: record.time,
      verb: record.verb,
      writer: this.#writers.share(`${writer.client}\u0000${writer.manager ?? ''}\u0000${writer.controller ?? ''}`, writer),
      ...(record.subresource ? { subresource: record.subresource } : {}),
      ...(uid ? { uid } : {}),
      ...(record.rvReturned ? { resourceVersion: record.rvReturned } : {}),
      ...(paths ? { changedPaths: this.#paths.share(paths.join('\u0000'), paths) } : {}),
    };
  }
}

/** A write to the status subresource, or an update or patch that changed only status fields. */
export function isStatusWrite(write: Pick<JournalWrite, 'subresource' | 'changedPaths'>): boolean {
  if (write.subresource === 'status') return true;
  const paths = write.changedPaths ?? [];
  return paths.length > 0 && paths.every((p) => p === 'status' || p.startsWith('status.') || p.startsWith('status['));
}
