import { PageHeader } from '../../components/PageHeader.tsx';
import { ReconcileTimeline } from '../../features/telemetry/components/ReconcileTimeline.tsx';
import { updateSearch, useLocation } from '../../lib/router.tsx';
import { useReconciledObjectLink } from '../object-links.ts';

export function TimelinePage() {
  const { search } = useLocation();
  const objectLink = useReconciledObjectLink();
  return (
    <>
      <PageHeader
        title="Reconcile timeline"
        description="One lane per worker. Wheel to zoom, drag to pan, click a reconcile for its triggers and API calls."
      />
      <ReconcileTimeline
        controller={search.get('controller') ?? undefined}
        object={search.get('object') ?? undefined}
        objectLink={objectLink}
        onFilterChange={(f) => updateSearch({ controller: f.controller, object: f.object })}
      />
    </>
  );
}
