/**
 * The mark on a reconcile the receiver made of an operator's span (`ReconcileStartRecord.traced`),
 * defined once: the receiver sets it (receive-reconciles.ts), the export must not send such a
 * reconcile on (it came from a trace already, and would come back when the console's export
 * reaches its own receiver), a recording counts by it. Checked by the compiler on the record's
 * type, not by a field name typed by hand on each side.
 */
import type { ReconcileStartRecord, TracedReconcile } from '@dojo/console-protocol';

export type ReceivedStart = ReconcileStartRecord & { readonly traced: TracedReconcile };

export function receivedFromTrace(start: ReconcileStartRecord | undefined): start is ReceivedStart {
  return start?.traced !== undefined;
}
