/**
 * Why a key was added to a workqueue. client-go's queue keeps only the key; this product's
 * question is "what triggered this reconcile?", so every add may carry a trigger and the queue
 * hands the triggers merged into a key to the worker that takes it (kube-rs' ReconcileReason).
 */
import type { ObjectIdentity, WatchEventType } from '@dojo/kube-api';

/** Well-known reasons; any other string is allowed for sources the runtime does not know. */
export type TriggerReason = 'watch' | 'owned' | 'requeue' | 'requeueAfter' | 'error' | 'conflict' | 'resync' | 'manual' | (string & {});

/**
 * A plain JSON object (it lands in the journal as is). The named fields are the ones the console
 * understands; extra primitive fields are kept and shown as details.
 */
export interface Trigger {
  readonly reason: TriggerReason;
  /** For watch triggers: the event type and the object that changed (maybe an owned child). */
  readonly event?: WatchEventType;
  /** The changed object's kind and "namespace/name", as people read them. */
  readonly kind?: string;
  readonly key?: string;
  /** Which object changed, to match by (kinds share namespace/names). */
  readonly object?: ObjectIdentity;
  readonly resourceVersion?: string;
  /** The changed object's metadata.generation at this version. */
  readonly generation?: number;
  /**
   * Whether the spec changed: an ADDED object, or an update that moved metadata.generation
   * ("your edit"); false for status and metadata churn. Absent for kinds without generation.
   */
  readonly specChanged?: boolean;
  /** For requeues: the reconcile whose result asked for this add. */
  readonly reconcileId?: string;
  /** The journal record that recorded this add, when a controller journaled it. */
  readonly seq?: number;
  readonly [detail: string]: string | number | boolean | ObjectIdentity | undefined;
}

/**
 * The annotation on a Kubernetes Event naming the reconcile that recorded it (the latest one,
 * for a repeated Event): the console links Events to reconciles by it.
 */
export type ReconcileIdAnnotation = 'dojo-console.io/reconcile-id';
