/** One object's reconciles — by its identity, so another kind's namesake never shows — its older records loaded from history. */
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { useTelemetryBackfill } from '../api/telemetry.ts';
import type { ObjectPageLink, TimelineView } from '../model/timeline-view.ts';
import { ReconcileTimeline } from './ReconcileTimeline.tsx';

export function ObjectReconciles({
  identity,
  view,
  onViewChange,
  objectLink,
}: {
  identity: ObjectIdentity;
  view: TimelineView;
  onViewChange: (view: TimelineView) => void;
  objectLink?: ObjectPageLink;
}) {
  useTelemetryBackfill({ object: identityKey(identity), ...(identity.uid ? { uid: identity.uid } : {}), limit: 5000 });
  return <ReconcileTimeline identity={identity} view={view} onViewChange={onViewChange} windowMs={60_000} {...(objectLink ? { objectLink } : {})} />;
}
