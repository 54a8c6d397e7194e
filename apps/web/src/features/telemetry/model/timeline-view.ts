/**
 * What a person looks at in the timeline, as plain values so that it can live in the URL and be
 * shared: the object and trigger filters, the selected reconcile, and the time window (absent
 * while following live).
 */
import type { ObjectPageTab } from '@dojo/console-protocol';
import type { ObjectIdentity } from '@dojo/kube-api';

export interface TimelineView {
  /** Text the reconciled object must contain ("default/web", "Deployment"). */
  object?: string | undefined;
  /** A trigger kind ("Deployment") or reason ("requeue") the reconcile must have. */
  trigger?: string | undefined;
  /** The selected reconcile's id. */
  reconcile?: string | undefined;
  /** The time window (epoch ms); absent while following live. */
  from?: number | undefined;
  to?: number | undefined;
}

/** Where a reconcile view links to: an object's page, on a tab, at a version or a reconcile. */
export type ObjectPageLink = (identity: ObjectIdentity, at?: { tab?: ObjectPageTab; rv?: string; reconcile?: string }) => string | undefined;

/** Rounds a window to whole milliseconds and drops a degenerate one. */
export function windowOf(view: TimelineView): { start: number; end: number } | undefined {
  if (view.from === undefined || view.to === undefined || !(view.to > view.from)) return undefined;
  return { start: Math.floor(view.from), end: Math.ceil(view.to) };
}
