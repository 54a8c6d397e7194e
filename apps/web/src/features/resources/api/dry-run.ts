/**
 * Server-side validation while the person types: the draft goes to the API server with
 * `?dryRun=All` (validated, defaulted, admitted, never stored). The answer is either the object
 * the server would store or the Status that explains why not.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { StatusError, type GroupVersionResource, type KubeObject, type Status } from '@dojo/kube-api';
import { queryKeys } from '../../../lib/query-keys.ts';
import { createObject, updateObject } from './resource-writes.ts';

export type DryRunAnswer = { ok: true; object: KubeObject } | { ok: false; status: Status };

export const dryRunQueryOptions = (gvr: GroupVersionResource, namespace: string | undefined, mode: 'create' | 'update', body: string) =>
  queryOptions({
    queryKey: queryKeys.dryRun(gvr, mode, body),
    queryFn: async ({ signal }): Promise<DryRunAnswer> => {
      const object = JSON.parse(body) as KubeObject;
      const target = { gvr, ...(namespace ? { namespace } : {}) };
      try {
        const result =
          mode === 'create'
            ? await createObject(target, object, { dryRun: true, signal })
            : await updateObject(target, object.metadata.name ?? '', object, { dryRun: true, signal });
        return { ok: true, object: result };
      } catch (error) {
        if (error instanceof StatusError && error.code >= 400 && error.code < 500) return { ok: false, status: error.status };
        throw error;
      }
    },
    staleTime: 30_000,
    gcTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });

/** Dry-runs `body` (already debounced by the caller); disabled while `body` is undefined. */
export function useDryRun(gvr: GroupVersionResource, namespace: string | undefined, mode: 'create' | 'update', body: string | undefined) {
  return useQuery({ ...dryRunQueryOptions(gvr, namespace, mode, body ?? '{}'), enabled: body !== undefined });
}
