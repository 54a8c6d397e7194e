/** Small, valid objects for tests and benchmarks against the embedded API server. */
import { newControllerRef, type KubeObject, type OwnerReference } from '@dojo/kube-api';

export interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
}

export function configMap(namespace: string, name: string, data: Record<string, string> = {}, extra: Partial<KubeObject['metadata']> = {}): ConfigMap {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace, name, ...extra }, data };
}

/** A Deployment the API server accepts: a selector matching its template, one container. */
export function deployment(namespace: string, name: string, replicas = 1, ownerReferences?: OwnerReference[]): KubeObject {
  const labels = { app: name };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { namespace, name, ...(ownerReferences ? { ownerReferences } : {}) },
    spec: {
      replicas,
      selector: { matchLabels: labels },
      template: { metadata: { labels }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] } },
    },
  };
}

/** An owner reference that makes `owner` the controller of the object carrying it. */
export function controllerRef(owner: KubeObject): OwnerReference {
  return newControllerRef(owner, { apiVersion: owner.apiVersion ?? 'v1', kind: owner.kind ?? '' });
}
