/**
 * The runtime journal's records, by their own seq: indexed by controller, by the object they
 * are about (its identity key and uid) and by queue key, typed by record type so that evicting
 * reconcile-start records counts evicted reconciles.
 */
import type { TelemetryRecord } from '@dojo/console-protocol';
import { identityKey } from '@dojo/kube-api';
import type { StreamSpec } from '../stream-spec.ts';

export const telemetryStream: StreamSpec<TelemetryRecord> = {
  name: 'telemetry',
  seqOf: (r) => r.seq,
  timeOf: (r) => r.time,
  typeOf: (r) => r.type,
  columns: {
    controller: (r) => r.controller,
    object: (r) => (r.object ? identityKey(r.object) : undefined),
    uid: (r) => r.object?.uid,
    key: (r) => r.key,
    reconcile: (r) => ('reconcileId' in r ? r.reconcileId : undefined),
  },
};
