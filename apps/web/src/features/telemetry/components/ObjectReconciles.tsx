/** One object's reconciles: the timeline filtered to it, its older records loaded on demand. */
import { useTelemetryBackfill } from '../api/telemetry.ts';
import type { Span } from '../model/span.ts';
import { ReconcileTimeline } from './ReconcileTimeline.tsx';

export function ObjectReconciles({ objectKey, objectLink }: { objectKey: string; objectLink?: (span: Span) => string | undefined }) {
  useTelemetryBackfill({ objectKey, limit: 5000 });
  return <ReconcileTimeline object={objectKey} lockObject windowMs={60_000} {...(objectLink ? { objectLink } : {})} />;
}
