/** Kubernetes Events about this object (core/v1 Events whose involvedObject is it), live, each linked to the reconcile that recorded it. */
import type { ReactNode } from 'react';
import type { KubeObject } from '@dojo/kube-api';
import { Badge } from '../../../../components/ConditionChip.tsx';
import { DataTable } from '../../../../components/DataTable.tsx';
import { Loading } from '../../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../../components/ErrorNotice.tsx';
import { ageOfTimestamp } from '../../../../lib/time-format.ts';
import { useNow } from '../../../../lib/use-now.ts';
import { useResourceList } from '../../api/resource-list.ts';

const eventsGvr = { group: '', version: 'v1', resource: 'events' };

interface CoreEvent extends KubeObject {
  involvedObject?: { kind?: string; name?: string; uid?: string; namespace?: string };
  reason?: string;
  message?: string;
  type?: string;
  count?: number;
  lastTimestamp?: string;
  eventTime?: string;
  firstTimestamp?: string;
  source?: { component?: string };
  reportingComponent?: string;
}

function when(e: CoreEvent): string | undefined {
  return e.lastTimestamp ?? e.eventTime ?? e.firstTimestamp ?? e.metadata.creationTimestamp;
}

/** `recordedBy` renders the link to the reconcile that recorded an Event (the page builds it: it sees the telemetry). */
export function EventsList({ object, recordedBy }: { object: KubeObject; recordedBy?: (event: KubeObject) => ReactNode }) {
  const events = useResourceList(eventsGvr, object.metadata.namespace);
  const now = useNow(5_000);
  if (events.isPending) return <Loading label="Loading events…" />;
  if (events.error) return <ErrorNotice error={events.error} title="Could not list events" />;
  const mine = (events.data.items as CoreEvent[])
    .filter((e) =>
      e.involvedObject?.uid && object.metadata.uid
        ? e.involvedObject.uid === object.metadata.uid
        : e.involvedObject?.kind === object.kind && e.involvedObject?.name === object.metadata.name,
    )
    .sort((a, b) => (when(b) ?? '').localeCompare(when(a) ?? ''));
  return (
    <DataTable
      caption="Events"
      rows={mine}
      rowKey={(e) => e.metadata.uid ?? e.metadata.name ?? ''}
      empty="No events recorded for this object."
      columns={[
        { id: 'type', header: 'Type', cell: (e) => <Badge tone={e.type === 'Warning' ? 'bad' : 'neutral'}>{e.type ?? 'Normal'}</Badge> },
        { id: 'reason', header: 'Reason', cell: (e) => <span className="font-mono text-xs">{e.reason}</span> },
        { id: 'message', header: 'Message', cell: (e) => <bdi className="break-words">{e.message}</bdi>, className: 'max-w-xl' },
        { id: 'source', header: 'From', cell: (e) => e.reportingComponent || e.source?.component || '' },
        { id: 'count', header: 'Count', align: 'right', cell: (e) => e.count ?? 1 },
        { id: 'reconcile', header: 'Recorded by', cell: (e) => recordedBy?.(e) ?? '—' },
        { id: 'age', header: 'Last seen', align: 'right', cell: (e) => ageOfTimestamp(when(e), now) },
      ]}
    />
  );
}
