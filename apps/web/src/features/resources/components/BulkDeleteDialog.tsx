/**
 * Deleting several objects at once, after a confirmation that lists every one that goes (and
 * which of them will wait, Terminating, for their finalizers). Each delete is its own request;
 * the ones that fail are named and stay selected.
 */
import { useState } from 'react';
import type { GroupVersionResource, KubeObject } from '@dojo/kube-api';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { objectIdentity } from '../../../lib/apply-watch-event.ts';
import { deleteObject } from '../api/resource-writes.ts';

const label = (o: KubeObject) => (o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : (o.metadata.name ?? ''));

export function BulkDeleteDialog({
  gvr,
  kind,
  objects,
  open,
  onClose,
  onDeleted,
}: {
  gvr: GroupVersionResource;
  kind: string;
  objects: readonly KubeObject[];
  open: boolean;
  onClose: () => void;
  /** The identities of the objects the server accepted to delete. */
  onDeleted: (identities: string[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const withFinalizers = objects.filter((o) => o.metadata.finalizers?.length);
  const confirm = async () => {
    setBusy(true);
    const results = await Promise.allSettled(
      objects.map((o) => deleteObject({ gvr, ...(o.metadata.namespace ? { namespace: o.metadata.namespace } : {}) }, o.metadata.name ?? '')),
    );
    setBusy(false);
    onDeleted(objects.filter((_, i) => results[i]!.status === 'fulfilled').map(objectIdentity));
    const failed = results.flatMap((r, i) =>
      r.status === 'rejected' ? [`${label(objects[i]!)}: ${r.reason instanceof Error ? r.reason.message : String(r.reason)}`] : [],
    );
    setFailures(failed);
    if (failed.length === 0) onClose();
  };
  const count = `${objects.length} ${kind} object${objects.length === 1 ? '' : 's'}`;
  return (
    <ConfirmDialog
      open={open}
      title={`Delete ${count}?`}
      confirmLabel={`Delete ${count}`}
      danger
      busy={busy || objects.length === 0}
      onCancel={() => {
        setFailures([]);
        onClose();
      }}
      onConfirm={() => void confirm()}
    >
      <p>These go:</p>
      <ul aria-label="Objects to delete" className="mt-1 max-h-48 list-disc overflow-auto pl-5 font-mono text-xs">
        {objects.map((o) => (
          <li key={objectIdentity(o)}>
            <bdi>{label(o)}</bdi>
          </li>
        ))}
      </ul>
      {withFinalizers.length ? (
        <p className="mt-2">
          {withFinalizers.length} of them {withFinalizers.length === 1 ? 'has' : 'have'} finalizers and stay{withFinalizers.length === 1 ? 's' : ''}, marked
          Terminating, until {withFinalizers.length === 1 ? 'its' : 'their'} controllers finish their cleanup.
        </p>
      ) : null}
      <p className="mt-2">Objects they own are deleted by the garbage collector.</p>
      {failures.length ? (
        <ul role="alert" className="mt-2 list-disc pl-5 text-rose-700 dark:text-rose-300">
          {failures.map((f) => (
            <li key={f}>
              <bdi>{f}</bdi>
            </li>
          ))}
        </ul>
      ) : null}
    </ConfirmDialog>
  );
}
