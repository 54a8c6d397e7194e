/** The object's current conditions, every field metav1.Condition has. */
import type { KubeObject } from '@dojo/kube-api';
import { ConditionChip } from '../../../../components/ConditionChip.tsx';
import { DataTable } from '../../../../components/DataTable.tsx';
import { ageOfTimestamp } from '../../../../lib/time-format.ts';
import { useNow } from '../../../../lib/use-now.ts';
import { conditionsOf } from '../../model/object-summary.ts';

export function ConditionsTable({ object }: { object: KubeObject }) {
  const now = useNow(5_000);
  const generation = object.metadata.generation;
  return (
    <DataTable
      caption="Conditions"
      rows={conditionsOf(object)}
      rowKey={(c) => c.type}
      empty="This object reports no conditions."
      columns={[
        { id: 'type', header: 'Type', cell: (c) => <ConditionChip condition={c} /> },
        { id: 'status', header: 'Status', cell: (c) => c.status },
        { id: 'reason', header: 'Reason', cell: (c) => <span className="font-mono text-xs">{c.reason}</span> },
        { id: 'message', header: 'Message', cell: (c) => <bdi className="break-words">{c.message}</bdi>, className: 'max-w-md' },
        {
          id: 'transition',
          header: 'Last transition',
          cell: (c) => (
            <time dateTime={c.lastTransitionTime} title={c.lastTransitionTime}>
              {ageOfTimestamp(c.lastTransitionTime, now)} ago
            </time>
          ),
        },
        {
          id: 'generation',
          header: 'Observed gen.',
          align: 'right',
          cell: (c) => (
            <span
              className={
                c.observedGeneration !== undefined && generation !== undefined && c.observedGeneration < generation ? 'text-amber-700 dark:text-amber-300' : ''
              }
            >
              {c.observedGeneration ?? '—'}
              {generation !== undefined ? ` / ${generation}` : ''}
            </span>
          ),
        },
      ]}
    />
  );
}
