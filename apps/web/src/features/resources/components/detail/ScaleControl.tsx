/** Replicas through the scale subresource, for kinds that have one; the box follows the live count until the person focuses it or types. */
import type { FormEvent } from 'react';
import type { GroupVersionResource, KubeObject } from '@dojo/kube-api';
import { Button } from '../../../../components/Button.tsx';
import { useLiveInput } from '../../../../lib/use-live-input.ts';
import { useScaleObject } from '../../api/resource-writes.ts';
import { inputLook } from '../form/form-context.ts';

export function currentReplicas(object: KubeObject): number | undefined {
  const replicas = (object.spec as { replicas?: unknown } | undefined)?.replicas;
  return typeof replicas === 'number' ? replicas : undefined;
}

export function ScaleControl({ gvr, object }: { gvr: GroupVersionResource; object: KubeObject }) {
  const name = object.metadata.name ?? '';
  const scale = useScaleObject({ gvr, ...(object.metadata.namespace ? { namespace: object.metadata.namespace } : {}) }, name);
  const current = currentReplicas(object);
  const desired = useLiveInput(String(current ?? 1));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const replicas = Number(desired.value);
    if (Number.isInteger(replicas)) scale.mutate(replicas, { onSuccess: desired.reset });
  };
  return (
    <form onSubmit={submit} aria-label="Scale" className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
        Desired replicas
        <input type="number" min={0} step={1} {...desired.inputProps} className={`${inputLook} w-24 tabular-nums`} />
      </label>
      <Button type="submit" disabled={scale.isPending}>
        Scale
      </Button>
      {desired.edited ? (
        <Button variant="ghost" onClick={desired.reset}>
          Use live value
        </Button>
      ) : null}
      <span role="status" className="text-xs text-slate-600 dark:text-slate-400">
        {scale.isPending ? 'Scaling… ' : scale.error ? <span className="text-rose-700 dark:text-rose-300">{scale.error.message} </span> : null}
        {scale.isSuccess ? `Scaled to ${scale.variables}. ` : null}
        Now {current ?? '—'}.
      </span>
    </form>
  );
}
