/**
 * Why a key was added to a workqueue. client-go's queue keeps only the key; this product's
 * question is "what triggered this reconcile?", so every add may carry a trigger and the queue
 * hands the triggers merged into a key to the worker that takes it (kube-rs' ReconcileReason).
 */
import type { WatchEventType } from '@dojo/kube-api';

/** Well-known reasons; any other string is allowed for sources the runtime does not know. */
export type TriggerReason =
  | 'watch'
  | 'owned'
  | 'requeue'
  | 'requeueAfter'
  | 'error'
  | 'conflict'
  | 'resync'
  | 'manual'
  | (string & {});

/**
 * A plain JSON object (it lands in the journal as is). The named fields are the ones the console
 * understands; extra primitive fields are kept and shown as details.
 */
export interface Trigger {
  readonly reason: TriggerReason;
  /** For watch triggers: the event type and the object that changed (maybe an owned child). */
  readonly event?: WatchEventType;
  readonly kind?: string;
  readonly key?: string;
  readonly resourceVersion?: string;
  /** For requeues: the reconcile whose result asked for this add. */
  readonly reconcileId?: string;
  /** The journal record that recorded this add, when a controller journaled it. */
  readonly seq?: number;
  readonly [detail: string]: string | number | boolean | undefined;
}
