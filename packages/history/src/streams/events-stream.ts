/**
 * Kubernetes Events (core/v1), every version as the console's watch received it: the same
 * records as `versions`, kept apart because Events are records themselves and their churn
 * would crowd out the history of the objects they are about. Indexed by the Event's own
 * identity and by the object it is about (`involvedObject`, as an identity key).
 */
import type { ObjectVersionRecord } from '@dojo/console-protocol';
import { identityKey, parseApiVersion } from '@dojo/kube-api';
import type { StreamSpec } from '../stream-spec.ts';
import { versionsStream } from './versions-stream.ts';

interface InvolvedObject {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly namespace?: string;
  readonly name?: string;
}

function involvedKey(record: ObjectVersionRecord): string | undefined {
  const involved = (record.body as { involvedObject?: InvolvedObject }).involvedObject;
  if (!involved?.kind || !involved.name) return undefined;
  const { group } = parseApiVersion(involved.apiVersion ?? 'v1');
  return identityKey({ group, kind: involved.kind, ...(involved.namespace ? { namespace: involved.namespace } : {}), name: involved.name });
}

/** Keyed and typed as `versions` is, with the involved object as one more column. */
export const eventsStream: StreamSpec<ObjectVersionRecord> = {
  ...versionsStream,
  name: 'events',
  columns: { ...versionsStream.columns, involved: involvedKey },
};
