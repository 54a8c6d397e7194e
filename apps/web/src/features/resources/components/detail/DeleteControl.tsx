/**
 * Delete with a confirmation that explains what will happen: finalizers keep the object,
 * "Terminating", until its controllers have cleaned up; owned objects are garbage-collected.
 */
import { useState } from 'react';
import type { GroupVersionResource, KubeObject } from '@dojo/kube-api';
import { Button } from '../../../../components/Button.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { useDeleteObject } from '../../api/resource-writes.ts';

export function DeleteControl({ gvr, kind, object }: { gvr: GroupVersionResource; kind: string; object: KubeObject }) {
  const [open, setOpen] = useState(false);
  const name = object.metadata.name ?? '';
  const remove = useDeleteObject({ gvr, ...(object.metadata.namespace ? { namespace: object.metadata.namespace } : {}) }, name);
  const finalizers = object.metadata.finalizers ?? [];
  const terminating = Boolean(object.metadata.deletionTimestamp);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} disabled={terminating}>
        {terminating ? 'Deleting…' : 'Delete'}
      </Button>
      <ConfirmDialog
        open={open}
        title={
          <>
            Delete {kind} <bdi>{name}</bdi>?
          </>
        }
        confirmLabel={`Delete ${name}`}
        danger
        busy={remove.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setOpen(false) })}
      >
        {finalizers.length ? (
          <p>It has finalizers ({finalizers.join(', ')}): it stays, marked Terminating, until its controllers finish their cleanup and remove them.</p>
        ) : (
          <p>It has no finalizers and goes away at once.</p>
        )}
        <p className="mt-2">Objects it owns are deleted by the garbage collector.</p>
        {remove.error ? (
          <p role="alert" className="mt-2 text-rose-700 dark:text-rose-300">
            {remove.error.message}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
