/**
 * kube's root-ca-certificate-publisher: every active Namespace has a ConfigMap
 * `kube-root-ca.crt` whose `ca.crt` is the CA that signs the API server's serving
 * certificate, so Pods can verify kubernetes.default.svc. The CA comes from the kubeconfig
 * the simulator connects with (its current cluster's certificate-authority data or file);
 * without one (an insecure kubeconfig) there is nothing to publish and the controller idles.
 */
import { readFileSync } from 'node:fs';
import { isAlreadyExists, isNotFound, semanticEqual, type KubeObject } from '@dojo/kube-api';
import { builtinTypes, type Client, type Controller, ControllerBuilder, type Manager, type Reconciler, type Request, type Result } from '@dojo/runtime';
import { isNamespaceTerminating } from '../core/api-errors.ts';
import type { KubeConfigOf } from '../namespace/namespace-finalizer.ts';
import { activeNamespace } from '../namespace/active-namespace.ts';
import { systemControllers } from '../system-controllers.ts';

const { configMaps, namespaces } = builtinTypes;

export const rootCaConfigMapName = 'kube-root-ca.crt';
const descriptionAnnotation = 'kubernetes.io/description';
const description =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. ' +
  'No other usage is guaranteed across distributions of Kubernetes clusters.';

/** The PEM of the kubeconfig's current cluster CA, or undefined when it has none. */
export function clusterCaOf(kubeConfig: KubeConfigOf): string | undefined {
  const cluster = kubeConfig.getCurrentCluster();
  if (cluster?.caData) return Buffer.from(cluster.caData, 'base64').toString('utf8');
  if (cluster?.caFile) return readFileSync(cluster.caFile, 'utf8');
  return undefined;
}

interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
}

class RootCaReconciler implements Reconciler {
  readonly #client: Client;
  readonly #ca: string | undefined;

  constructor(client: Client, ca: string | undefined) {
    this.#client = client;
    this.#ca = ca;
  }

  async reconcile(request: Request): Promise<Result | void> {
    if (this.#ca === undefined) return;
    if (!(await activeNamespace(this.#client, request.name))) return;
    const data = { 'ca.crt': this.#ca };
    let current: ConfigMap;
    try {
      current = await this.#client.get<ConfigMap>(configMaps, { namespace: request.name, name: rootCaConfigMapName });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      try {
        await this.#client.create(configMaps, {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: rootCaConfigMapName, namespace: request.name, annotations: { [descriptionAnnotation]: description } },
          data,
        });
      } catch (createError) {
        if (!isAlreadyExists(createError) && !isNotFound(createError) && !isNamespaceTerminating(createError)) throw createError;
      }
      return;
    }
    if (semanticEqual(current.data ?? {}, data) && current.metadata.annotations?.[descriptionAnnotation]) return;
    await this.#client.update(configMaps, {
      ...current,
      data,
      metadata: { ...current.metadata, annotations: { ...current.metadata.annotations, [descriptionAnnotation]: description } },
    });
  }
}

export function addRootCaPublisher(manager: Manager, kubeConfig: KubeConfigOf, workers: number): Controller {
  return ControllerBuilder.create(manager)
    .named(systemControllers.rootCaPublisher.name)
    .for(namespaces)
    .watches(configMaps, (cm) => (cm.metadata.name === rootCaConfigMapName ? [{ name: cm.metadata.namespace ?? '' }] : []))
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(new RootCaReconciler(manager.client, clusterCaOf(kubeConfig)));
}
