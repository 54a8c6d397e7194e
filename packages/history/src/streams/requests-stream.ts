/**
 * The API server's request journal, by the journal's own seq (so a console that reads the feed
 * again after a restart appends nothing twice): indexed by the authenticated user, the resource
 * and object asked for, the watch an event was delivered on, and whether a write was admitted
 * (carries admission records) or a dry run, so an object's Admission tab is filtered by SQLite
 * rather than by decoding every record of its name; typed by record type, so an eviction says
 * how many requests and how many delivered watch events went.
 */
import type { RequestJournalRecord } from '@dojo/console-protocol';
import type { StreamSpec } from '../stream-spec.ts';

export const requestsStream: StreamSpec<RequestJournalRecord> = {
  name: 'requests',
  seqOf: (r) => r.seq,
  timeOf: (r) => r.time,
  typeOf: (r) => r.type,
  // Under churn every delivered watch event is a record: the journal must not push the
  // reconciles and object versions out of the history, so it keeps at most half the limit.
  maxShare: 0.5,
  columns: {
    user: (r) => ('user' in r ? r.user : undefined),
    resource: (r) => ('resource' in r ? r.resource : undefined),
    namespace: (r) => ('namespace' in r ? r.namespace : undefined),
    name: (r) => ('name' in r ? r.name : undefined),
    watch: (r) => ('watchId' in r ? r.watchId : undefined),
    admitted: (r) => (r.type === 'request' && (r.admission?.length ?? 0) > 0 ? 1 : undefined),
    dryRun: (r) => (r.type === 'request' ? (r.dryRun ? 1 : 0) : undefined),
  },
};
