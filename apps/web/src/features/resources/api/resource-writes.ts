/**
 * Writes to the cluster: create, update (with the resourceVersion read, so a concurrent change
 * is a 409, never a silent overwrite), delete, scale. The watch brings the result into every
 * list; nothing here edits the cache by hand.
 */
import { useMutation } from '@tanstack/react-query';
import type { GroupVersionResource, KubeObject } from '@dojo/kube-api';
import { apiRequest } from '../../../lib/api-client.ts';
import { kubePath } from '../../../lib/kube-paths.ts';
import type { JsonObject } from '../model/form-values.ts';
import { isSecretResource, secretChanges } from '../model/secret-changes.ts';

export interface WriteTarget {
  gvr: GroupVersionResource;
  namespace?: string;
}

export function createObject(target: WriteTarget, body: unknown, options: { dryRun?: boolean; signal?: AbortSignal } = {}) {
  return apiRequest<KubeObject>(kubePath(target.gvr, target.namespace ? { namespace: target.namespace } : {}), {
    method: 'POST',
    body,
    query: { dryRun: options.dryRun ? 'All' : undefined, fieldManager: 'dojo-console' },
    signal: options.signal,
  });
}

export function updateObject(target: WriteTarget, name: string, body: unknown, options: { dryRun?: boolean; signal?: AbortSignal } = {}) {
  return apiRequest<KubeObject>(kubePath(target.gvr, { ...(target.namespace ? { namespace: target.namespace } : {}), name }), {
    method: 'PUT',
    body,
    query: { dryRun: options.dryRun ? 'All' : undefined, fieldManager: 'dojo-console' },
    signal: options.signal,
  });
}

export function useCreateObject(target: WriteTarget) {
  return useMutation({ mutationFn: (body: unknown) => createObject(target, body) });
}

/** Sends only what changed in a Secret (its values are never shown, so never sent back). */
export function patchSecret(target: WriteTarget, name: string, initial: JsonObject, draft: JsonObject) {
  return apiRequest<KubeObject>(kubePath(target.gvr, { ...(target.namespace ? { namespace: target.namespace } : {}), name }), {
    method: 'PATCH',
    body: secretChanges(initial, draft),
    contentType: 'application/merge-patch+json',
    query: { fieldManager: 'dojo-console' },
  });
}

/** `initial` is what the edit started from: a Secret's save sends the changes to it, not the whole object. */
export function useUpdateObject(target: WriteTarget, name: string, initial?: JsonObject) {
  return useMutation({
    mutationFn: (body: unknown) =>
      initial && isSecretResource(target.gvr) ? patchSecret(target, name, initial, body as JsonObject) : updateObject(target, name, body),
  });
}

export function useDeleteObject(target: WriteTarget, name: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<unknown>(kubePath(target.gvr, { ...(target.namespace ? { namespace: target.namespace } : {}), name }), {
        method: 'DELETE',
        body: { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' },
      }),
  });
}

/** Sets replicas through the scale subresource, as `kubectl scale` does. */
export function useScaleObject(target: WriteTarget, name: string) {
  return useMutation({
    mutationFn: (replicas: number) =>
      apiRequest<unknown>(kubePath(target.gvr, { ...(target.namespace ? { namespace: target.namespace } : {}), name, subresource: 'scale' }), {
        method: 'PATCH',
        body: { spec: { replicas } },
        contentType: 'application/merge-patch+json',
        query: { fieldManager: 'dojo-console' },
      }),
  });
}
