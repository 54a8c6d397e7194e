/**
 * A coordination.k8s.io/v1 Lease used as a leader-election lock (client-go's
 * `resourcelock.LeaseLock`): the record lives in the Lease's spec, and every write carries the
 * resourceVersion it read, so two candidates can never both win the same round.
 */
import { formatMicroTime, isNotFound, type KubeObject } from '@dojo/kube-api';
import type { ObjectReader, ObjectWriter } from '../client/client.ts';
import { builtinTypes } from '../client/resource-type.ts';

/** Who leads, until when (client-go's LeaderElectionRecord). Times are epoch ms. */
export interface LeaderElectionRecord {
  /** "" once a leader released the lease. */
  readonly holderIdentity: string;
  readonly leaseDurationSeconds: number;
  readonly acquireTime: number;
  readonly renewTime: number;
  readonly leaseTransitions: number;
}

export interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
}

export interface Lease extends KubeObject {
  spec?: LeaseSpec;
}

/** A Lease as read: its record and the object (whose resourceVersion guards the next write). */
export interface LockState {
  readonly record: LeaderElectionRecord;
  readonly lease: Lease;
}

export class LeaseLock {
  readonly namespace: string;
  readonly name: string;
  readonly #client: ObjectReader & ObjectWriter;

  constructor(client: ObjectReader & ObjectWriter, namespace: string, name: string) {
    this.#client = client;
    this.namespace = namespace;
    this.name = name;
  }

  /** The current record, or undefined when the Lease does not exist yet. */
  async get(signal?: AbortSignal): Promise<LockState | undefined> {
    try {
      const lease = await this.#client.get<Lease>(builtinTypes.leases, { namespace: this.namespace, name: this.name }, { signal });
      return { lease, record: recordOf(lease) };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async create(record: LeaderElectionRecord, signal?: AbortSignal): Promise<LockState> {
    const lease = await this.#client.create<Lease>(
      builtinTypes.leases,
      { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { namespace: this.namespace, name: this.name }, spec: specOf(record) },
      { signal },
    );
    return { lease, record: recordOf(lease) };
  }

  /** Replaces the record; fails with 409 Conflict if the Lease changed since `current` was read. */
  async update(current: LockState, record: LeaderElectionRecord, signal?: AbortSignal): Promise<LockState> {
    const lease = await this.#client.update<Lease>(builtinTypes.leases, { ...current.lease, spec: specOf(record) }, { signal });
    return { lease, record: recordOf(lease) };
  }
}

function specOf(record: LeaderElectionRecord): LeaseSpec {
  return {
    holderIdentity: record.holderIdentity,
    leaseDurationSeconds: record.leaseDurationSeconds,
    acquireTime: formatMicroTime(record.acquireTime),
    renewTime: formatMicroTime(record.renewTime),
    leaseTransitions: record.leaseTransitions,
  };
}

function recordOf(lease: Lease): LeaderElectionRecord {
  const spec = lease.spec ?? {};
  const time = (text: string | undefined): number => (text ? Date.parse(text) || 0 : 0);
  return {
    holderIdentity: spec.holderIdentity ?? '',
    leaseDurationSeconds: spec.leaseDurationSeconds ?? 0,
    acquireTime: time(spec.acquireTime),
    renewTime: time(spec.renewTime),
    leaseTransitions: spec.leaseTransitions ?? 0,
  };
}
