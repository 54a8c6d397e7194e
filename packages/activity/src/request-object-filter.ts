/**
 * Which journal records are requests about one object (its writes, as its Admission tab asks,
 * and its reads): by the object's uid, and by namespace + name for the writes that never
 * learned one — a create refused by admission (or anything else) is journaled with the name it
 * asked for and no uid. A record of another uid under the same name is another incarnation of
 * it (deleted and created again), not this object.
 */
import type { RequestJournalRecord, RequestRecord } from '@dojo/console-protocol';

export interface RequestObjectFilter {
  /** The object's metadata.uid. */
  readonly uid?: string | undefined;
  /** The URL's resource (plural, lowercase) and API group ('' for the core group). */
  readonly resource?: string | undefined;
  readonly group?: string | undefined;
  /** '' or absent for a cluster-scoped object. */
  readonly namespace?: string | undefined;
  readonly name?: string | undefined;
}

export function isRequestAbout(record: RequestJournalRecord, filter: RequestObjectFilter): record is RequestRecord {
  if (record.type !== 'request') return false;
  if (filter.resource !== undefined && record.resource !== filter.resource) return false;
  if (filter.group !== undefined && (record.group ?? '') !== filter.group) return false;
  if (filter.uid !== undefined && record.uid !== undefined) return record.uid === filter.uid;
  if (filter.name === undefined) return false;
  return record.name === filter.name && (record.namespace ?? '') === (filter.namespace ?? '');
}
