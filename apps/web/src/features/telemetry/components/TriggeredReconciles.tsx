/** Links to the reconciles one version of an object triggered (as far as this tab's telemetry reaches). */
import type { ObjectIdentity } from '@dojo/kube-api';
import { Link } from '../../../lib/router.tsx';
import { useStoreVersion, useTelemetryStore } from '../api/telemetry.ts';
import type { ObjectPageLink } from '../model/timeline-view.ts';

export function TriggeredReconciles({ object, resourceVersion, objectLink }: { object: ObjectIdentity; resourceVersion: string; objectLink: ObjectPageLink }) {
  const store = useTelemetryStore();
  useStoreVersion(store, 1000);
  const spans = store.spansTriggeredBy(object, resourceVersion);
  if (spans.length === 0) return <span className="text-slate-600 dark:text-slate-400">—</span>;
  return (
    <ul className="flex flex-wrap gap-x-2 gap-y-0.5 text-xs">
      {spans.slice(0, 6).map((span) => {
        const to = span.object ? objectLink(span.object, { tab: 'reconciles', reconcile: span.id }) : undefined;
        const text = `${span.controller} ${span.result ?? 'running'}`;
        return (
          <li key={span.id}>
            {to ? (
              <Link
                to={to}
                className="text-indigo-700 underline dark:text-indigo-300"
                aria-label={`Reconcile by ${span.controller} that RV ${resourceVersion} triggered`}
              >
                {text}
              </Link>
            ) : (
              text
            )}
          </li>
        );
      })}
      {spans.length > 6 ? <li>+{spans.length - 6} more</li> : null}
    </ul>
  );
}
