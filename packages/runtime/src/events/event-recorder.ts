/**
 * What a controller calls to leave a Kubernetes Event behind (client-go's
 * `record.EventRecorder`, kube-rs' `events::Recorder`): `record(dojo, 'Warning', 'Degraded', why)`.
 *
 * Promises (kept by `EventBroadcaster`, the one implementation that writes):
 * - `record` returns at once and never throws; the Event is written later, by a loop outside
 *   every reconcile, so its requests are not attributed to the reconcile that recorded it.
 * - A repeat of the same Event bumps the `count` and `lastTimestamp` of the one already
 *   written instead of writing another (event-correlator.ts).
 * - Best effort and bounded, as in client-go: when the queue is full or a write fails the Event
 *   is dropped and counted, never retried and never an error for the caller.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { ResourceType } from '../client/resource-type.ts';

export type EventType = 'Normal' | 'Warning';

/** Who reports: `source.component` / `reportingComponent`, and for the kubelet its node. */
export interface EventSource {
  /** e.g. "deployment-controller", "kubelet", "dojo-operator". */
  readonly component: string;
  /** The node, for the kubelet (`source.host`, `reportingInstance`). */
  readonly host?: string;
}

export interface EventOptions {
  /**
   * The object's kind, for an object that does not carry apiVersion and kind (a cached or
   * listed one does not); by default they are read from the object.
   */
  readonly resource?: ResourceType;
  /** The part of the object the Event is about, e.g. "spec.containers{app}". */
  readonly fieldPath?: string;
}

export interface EventRecorder {
  record(object: KubeObject, type: EventType, reason: string, message: string, options?: EventOptions): void;
}

/** Records nothing: for benchmarks and for callers that want no Events. */
export const discardingEventRecorder: EventRecorder = { record: () => {} };
