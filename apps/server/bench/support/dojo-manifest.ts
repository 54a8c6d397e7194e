/** The Dojo every benchmark here creates: the smallest valid one (see packages/operator/crds). */

export function dojoManifest(namespace: string, name: string, replicas = 1): object {
  return {
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { name, namespace },
    spec: { accountId: 'bench', title: `Dojo ${name}`, credentialsRef: { name: `${name}-app` }, replicas },
  };
}

export const dojosPath = (namespace: string): string => `/apis/core.jutsu.com/v1/namespaces/${namespace}/dojos`;

/** The part of a Dojo read back from a watch. */
export interface WatchedDojo {
  metadata: { name: string; namespace: string };
  status?: { conditions?: { type: string; status: string }[] };
}

/** The rule `kubectl wait --for=condition=Available` applies. */
export function isAvailable(object: WatchedDojo): boolean {
  return object.status?.conditions?.some((c) => c.type === 'Available' && c.status === 'True') ?? false;
}
