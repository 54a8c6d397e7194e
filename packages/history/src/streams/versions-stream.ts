/**
 * Every version of every object the console watches, by a seq of the stream's own, indexed by
 * the object's identity key and uid; typed by what changed, so evictions say how many spec
 * changes and how much status churn went.
 */
import type { ObjectVersionRecord } from '@dojo/console-protocol';
import { identityKey } from '@dojo/kube-api';
import type { StreamSpec } from '../stream-spec.ts';

export const versionsStream: StreamSpec<ObjectVersionRecord> = {
  name: 'versions',
  seqOf: (r) => r.seq,
  timeOf: (r) => r.time,
  typeOf: (r) => r.change,
  columns: {
    object: (r) => identityKey(r.object),
    uid: (r) => r.object.uid,
  },
};
