/**
 * The Dojo kind (core.jutsu.com/v1), as the seed's `api/v1/dojo_types.go` defines it: the wire
 * shape of crds/core.jutsu.com_dojos.yaml. Optional fields are optional because the API server
 * defaults some (database, replicas) and a new object has no status at all.
 */
import type { Condition, KubeObject } from '@dojo/kube-api';

export type DojoDatabase = 'Postgres' | 'Mongo';

/** corev1.SecretReference: a namespace-less reference means the Dojo's own namespace. */
export interface SecretReference {
  name: string;
  namespace?: string;
}

export interface ObjectReference {
  name: string;
  namespace?: string | undefined;
}

export interface DojoSpec {
  accountId: string;
  title: string;
  /** Defaulted to Postgres by the CRD schema. */
  database?: DojoDatabase;
  /** The Secret CloudNativePG produces for the Database owner (see api/cnpg.ts). */
  credentialsRef: SecretReference;
  /** Defaulted to 1 by the CRD schema; minimum 0. */
  replicas?: number;
  /** Empty means the operator's default app image. */
  image?: string;
  alarms?: { channelRef?: ObjectReference };
}

export type DojoConditionType = 'Available' | 'Progressing' | 'Degraded';

export type AlarmState = 'Pending' | 'Sent' | 'Dropped';

/**
 * One alarm: raised (Pending) in the same status write that records the transition, posted to
 * Discord with `nonce`, then marked Sent. See dojo/dojo-alarms.ts for why in that order.
 */
export interface DojoAlarm {
  id: number;
  state: AlarmState;
  /** The transitions that raised it, e.g. ["Degraded=True", "Available=False"]. */
  conditions?: string[];
  reason: string;
  message: string;
  raisedAt: string;
  nonce?: string;
  channel?: ObjectReference;
  channelId?: string;
  messageId?: string;
  sentAt?: string;
  droppedReason?: string;
}

export interface DojoAlarmStatus {
  lastId?: number;
  history?: DojoAlarm[];
}

export interface DojoStatus {
  observedGeneration?: number;
  conditions?: Condition[];
  credentials?: SecretReference;
  replicas?: number;
  readyReplicas?: number;
  updatedReplicas?: number;
  availableReplicas?: number;
  /** Ready replicas over desired, e.g. "1/3". */
  readyStatus?: string;
  /** The pods' label selector as a string, for the scale subresource. */
  selector?: string;
  alarms?: DojoAlarmStatus | undefined;
}

export interface Dojo extends KubeObject {
  spec: DojoSpec;
  status?: DojoStatus;
}
