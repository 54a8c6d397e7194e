/**
 * Why a key was added to a workqueue, as the runtime records it (packages/runtime/src/workqueue/
 * trigger.ts): the reason plus, for watch triggers, the event, kind, object and resourceVersion.
 * Unknown fields are kept and shown as details.
 */
export interface QueueTrigger {
  reason: string;
  event?: string;
  kind?: string;
  key?: string;
  resourceVersion?: string;
  reconcileId?: string;
  seq?: number;
  [detail: string]: string | number | boolean | undefined;
}
