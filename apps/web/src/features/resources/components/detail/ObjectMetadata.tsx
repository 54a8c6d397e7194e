/** Identity and lifecycle of an object: generation vs observed, versions, finalizers, labels. */
import type { ReactNode } from 'react';
import type { KubeObject } from '@dojo/kube-api';
import { Badge } from '../../../../components/ConditionChip.tsx';
import { ageOfTimestamp } from '../../../../lib/time-format.ts';
import { useNow } from '../../../../lib/use-now.ts';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="truncate text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

export function ObjectMetadata({ object }: { object: KubeObject }) {
  const now = useNow(5_000);
  const m = object.metadata;
  const observed = (object.status as { observedGeneration?: unknown } | undefined)?.observedGeneration;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-6">
        <Item label="Namespace">{m.namespace ?? '(cluster)'}</Item>
        <Item label="Age">{ageOfTimestamp(m.creationTimestamp, now)}</Item>
        <Item label="Generation">{m.generation ?? '—'}</Item>
        <Item label="Observed generation">{typeof observed === 'number' ? observed : '—'}</Item>
        <Item label="Resource version">
          <span className="font-mono">{m.resourceVersion}</span>
        </Item>
        <Item label="UID">
          <span className="font-mono text-xs" title={m.uid}>
            {m.uid}
          </span>
        </Item>
      </dl>
      {m.deletionTimestamp || m.finalizers?.length ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {m.deletionTimestamp ? <Badge tone="unknown">Terminating since {ageOfTimestamp(m.deletionTimestamp, now)} ago</Badge> : null}
          {m.finalizers?.length ? <span className="text-slate-600 dark:text-slate-400">Finalizers:</span> : null}
          {m.finalizers?.map((f) => (
            <code key={f} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">
              {f}
            </code>
          ))}
        </div>
      ) : null}
      {m.labels && Object.keys(m.labels).length ? (
        <div className="flex flex-wrap gap-1.5">
          <span className="sr-only">Labels:</span>
          {Object.entries(m.labels).map(([k, v]) => (
            <code key={k} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              {k}={v}
            </code>
          ))}
        </div>
      ) : null}
    </div>
  );
}
