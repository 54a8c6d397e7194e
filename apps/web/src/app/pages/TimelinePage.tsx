import { PageHeader } from '../../components/PageHeader.tsx';
import { ReconcileTimeline } from '../../features/telemetry/components/ReconcileTimeline.tsx';
import { navigate } from '../../lib/router.tsx';
import { useReconciledObjectLink } from '../object-links.ts';
import { paths } from '../routes.ts';

/** The controller and object filters live in the URL, so a filtered timeline can be shared. */
export function TimelinePage({ controller, object }: { controller?: string; object?: string }) {
  const objectLink = useReconciledObjectLink();
  return (
    <>
      <PageHeader
        title="Reconcile timeline"
        description="One lane per worker. Wheel to zoom, drag to pan, click a reconcile for its triggers and API calls."
      />
      <ReconcileTimeline
        controller={controller}
        object={object}
        objectLink={objectLink}
        onFilterChange={(f) => navigate(paths.timeline({ controller: f.controller, object: f.object }), { replace: true })}
      />
    </>
  );
}
