/**
 * Writes to the cluster: create, update (with the resourceVersion read, so a concurrent change
 * is a 409, never a silent overwrite), delete, scale. The watch brings the result into every
 * list; nothing here edits the cache by hand.
 */
import { useMutation } from '@tanstack/react-query';
import type { GroupVersionResource, KubeObject } from '@dojo/kube-api';
import { apiRequest } from '../../../lib/api-client.ts';
import { kubePath } from '../../../lib/kube-paths.ts';
import { consoleFieldManager } from '../model/apply-config.ts';
import type { JsonObject } from '../model/form-values.ts';
import { isSecretResource, secretChanges } from '../model/secret-changes.ts';

export interface WriteTarget {
  gvr: GroupVersionResource;
  namespace?: string;
}

/** The object as the server has it now (not the watch's copy, which may be a moment behind). */
export function readObject(target: WriteTarget, name: string, options: { signal?: AbortSignal } = {}) {
  return apiRequest<KubeObject>(kubePath(target.gvr, { ...(target.namespace ? { namespace: target.namespace } : {}), name }), { signal: options.signal });
}

export function createObject(target: WriteTarget, body: unknown, options: { dryRun?: boolean; signal?: AbortSignal } = {}) {
  return apiRequest<KubeObject>(kubePath(target.gvr, target.namespace ? { namespace: target.namespace } : {}), {
    method: 'POST',
    body,
    query: { dryRun: options.dryRun ? 'All' : undefined, fieldManager: consoleFieldManager },
    signal: options.signal,
  });
}

export function updateObject(target: WriteTarget, name: string, body: unknown, options: { dryRun?: boolean; signal?: AbortSignal } = {}) {
  return apiRequest<KubeObject>(kubePath(target.gvr, { ...(target.namespace ? { namespace: target.namespace } : {}), name }), {
    method: 'PUT',
    body,
    query: { dryRun: options.dryRun ? 'All' : undefined, fieldManager: consoleFieldManager },
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
    query: { fieldManager: consoleFieldManager },
  });
}

/**
 * `base` is the version the edit stands on (the draft's base, use-rebasing-draft): a Secret's
 * save sends the changes to it, with its resourceVersion, never the whole object.
 */
export function useUpdateObject(target: WriteTarget, name: string, base?: JsonObject) {
  return useMutation({
    mutationFn: (body: unknown) =>
      base && isSecretResource(target.gvr) ? patchSecret(target, name, base, body as JsonObject) : updateObject(target, name, body),
  });
}

/** Deletes as `kubectl delete` does: owned objects go to the garbage collector in the background. */
export function deleteObject(target: WriteTarget, name: string) {
  return apiRequest<unknown>(kubePath(target.gvr, { ...(target.namespace ? { namespace: target.namespace } : {}), name }), {
    method: 'DELETE',
    body: { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' },
  });
}

export function useDeleteObject(target: WriteTarget, name: string) {
  return useMutation({ mutationFn: () => deleteObject(target, name) });
}

/** Sets replicas through the scale subresource, as `kubectl scale` does. */
export function useScaleObject(target: WriteTarget, name: string) {
  return useMutation({
    mutationFn: (replicas: number) =>
      apiRequest<unknown>(kubePath(target.gvr, { ...(target.namespace ? { namespace: target.namespace } : {}), name, subresource: 'scale' }), {
        method: 'PATCH',
        body: { spec: { replicas } },
        contentType: 'application/merge-patch+json',
        query: { fieldManager: consoleFieldManager },
      }),
  });
}

/**
 * Server-side apply of a YAML configuration with the console's field manager (`kubectl apply
 * --server-side`). `force` takes over fields other managers own; without it they are a 409
 * that names them.
 */
export function applyObject(target: WriteTarget, name: string, yaml: string, options: { dryRun?: boolean; force?: boolean; signal?: AbortSignal } = {}) {
  return apiRequest<KubeObject>(kubePath(target.gvr, { ...(target.namespace ? { namespace: target.namespace } : {}), name }), {
    method: 'PATCH',
    body: yaml,
    contentType: 'application/apply-patch+yaml',
    query: { fieldManager: consoleFieldManager, dryRun: options.dryRun ? 'All' : undefined, force: options.force ? 'true' : undefined },
    signal: options.signal,
  });
}
