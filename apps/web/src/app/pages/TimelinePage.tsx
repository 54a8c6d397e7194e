import { PageHeader } from '../../components/PageHeader.tsx';
import { ReconcileTimeline } from '../../features/telemetry/components/ReconcileTimeline.tsx';
import type { TimelineView } from '../../features/telemetry/model/timeline-view.ts';
import { navigate } from '../../lib/router.tsx';
import { useObjectPageLink } from '../object-links.ts';
import { paths } from '../paths.ts';

/** Filters, the selected reconcile and the time window live in the URL, so a view can be shared. */
export function TimelinePage({ controller, ...view }: { controller?: string | undefined } & TimelineView) {
  const objectLink = useObjectPageLink();
  const go = (next: { controller?: string | undefined } & TimelineView) => navigate(paths.timeline(next), { replace: true });
  return (
    <>
      <PageHeader title="Reconcile timeline" description="One lane per worker. Wheel to zoom, drag to pan, click a reconcile for its triggers and API calls." />
      <ReconcileTimeline
        controller={controller}
        onControllerChange={(c) => go({ ...view, controller: c })}
        view={view}
        onViewChange={(v) => go({ controller, ...v })}
        objectLink={objectLink}
      />
    </>
  );
}
