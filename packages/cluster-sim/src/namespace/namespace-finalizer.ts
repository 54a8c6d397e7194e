/**
 * Finalizing a Namespace: PUT /api/v1/namespaces/{name}/finalize with the `kubernetes`
 * finalizer removed from spec.finalizers, as kube's namespace controller does.
 *
 * The runtime's client has no verb for the finalize subresource (its subresources are status
 * and scale), so this one write goes through a transport of its own. It is therefore not in
 * the journal as an API call of the reconcile that made it.
 */
import { StatusError, type KubeObject } from '@dojo/kube-api';
import { KubeTransport, type Manager } from '@dojo/runtime';
import { systemControllers } from '../system-controllers.ts';

export const kubernetesFinalizer = 'kubernetes';

export interface NamespaceFinalizer {
  /** Removes the `kubernetes` finalizer; with none left, the API server deletes the Namespace. */
  finalize(namespace: KubeObject, signal?: AbortSignal): Promise<void>;
  close(): void;
}

/** The kubeconfig a Manager is created from. */
export type KubeConfigOf = Parameters<typeof Manager.create>[0]['kubeConfig'];

export async function namespaceFinalizer(kubeConfig: KubeConfigOf): Promise<NamespaceFinalizer> {
  // The runtime's own User-Agent: inside the controller's reconcile it becomes
  // "dojo-runtime/namespace-controller", which the request journal attributes to the controller.
  const transport = await KubeTransport.fromKubeConfig(kubeConfig);
  return {
    async finalize(namespace, signal) {
      const name = namespace.metadata.name ?? '';
      const spec = (namespace.spec ?? {}) as { finalizers?: string[] };
      const body = {
        ...namespace,
        apiVersion: 'v1',
        kind: 'Namespace',
        spec: { ...spec, finalizers: (spec.finalizers ?? []).filter((f) => f !== kubernetesFinalizer) },
      };
      const response = await transport.request({
        method: 'PUT',
        path: `/api/v1/namespaces/${encodeURIComponent(name)}/finalize?fieldManager=${systemControllers.namespace.name}`,
        body: JSON.stringify(body),
        signal,
      });
      if (response.code < 200 || response.code >= 300) throw StatusError.fromResponse(response.code, response.body);
    },
    close: () => transport.close(),
  };
}
