/**
 * kube's endpoints controller: for every Service with a selector, an Endpoints object of the
 * same name lists the Pods it selects (endpoints.kubernetes.io/managed-by:
 * endpoint-controller), written only when its subsets or labels change; it goes when the
 * Service goes. Services without a selector are left to whoever writes their Endpoints.
 */
import { isAlreadyExists, isNotFound, semanticEqual, type KubeObject } from '@dojo/kube-api';
import {
  builtinTypes,
  type Client,
  type Controller,
  ControllerBuilder,
  type Manager,
  type ReadableStore,
  type Reconciler,
  type Request,
  type Result,
} from '@dojo/runtime';
import { isNamespaceTerminating } from '../core/api-errors.ts';
import type { Endpoints, Service } from '../core/service-types.ts';
import type { Pod } from '../core/workload-types.ts';
import { systemControllers } from '../system-controllers.ts';
import { publishedService } from './published-service.ts';
import { endpointSubsets, selects } from './service-endpoints.ts';

const { endpoints, pods, services } = builtinTypes;

export const endpointsManagedByLabel = 'endpoints.kubernetes.io/managed-by';
const endpointsControllerName = 'endpoint-controller';
const cacheCatchUpMs = 100;

class EndpointsReconciler implements Reconciler {
  readonly #client: Client;
  readonly #pods: ReadableStore<Pod>;

  constructor(client: Client, podCache: ReadableStore<Pod>) {
    this.#client = client;
    this.#pods = podCache;
  }

  async reconcile(request: Request): Promise<Result | void> {
    const service = await publishedService(this.#client, request);
    if (service === 'gone') return this.#deleteManaged(request);
    if (!service) return;
    const subsets = endpointSubsets(service, this.#pods.byIndex('namespace', request.namespace ?? ''));
    const labels: Record<string, string> = { ...service.metadata.labels, [endpointsManagedByLabel]: endpointsControllerName };
    if (service.spec.clusterIP === 'None') labels['service.kubernetes.io/headless'] = '';
    let current: Endpoints | undefined;
    try {
      current = await this.#client.get<Endpoints>(endpoints, request);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    if (current && semanticEqual(current.subsets ?? [], subsets) && semanticEqual(current.metadata.labels ?? {}, labels)) return;
    const desired: Endpoints = {
      apiVersion: 'v1',
      kind: 'Endpoints',
      ...current,
      metadata: { ...current?.metadata, name: request.name, namespace: request.namespace, labels },
      ...(subsets.length ? { subsets } : {}),
    };
    if (!subsets.length) delete desired.subsets;
    try {
      if (current) await this.#client.update(endpoints, desired);
      else await this.#client.create(endpoints, desired);
    } catch (error) {
      if (!current && isNamespaceTerminating(error)) return;
      // Created by an earlier pass the cache has not shown yet: look again once it has.
      if (!current && isAlreadyExists(error)) return { requeueAfter: cacheCatchUpMs };
      throw error;
    }
  }

  async #deleteManaged(request: Request): Promise<void> {
    try {
      const current = await this.#client.get<Endpoints>(endpoints, request);
      if (current.metadata.labels?.[endpointsManagedByLabel] !== endpointsControllerName) return;
      await this.#client.delete(endpoints, request, { preconditions: { uid: current.metadata.uid } });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
}

/** The Services in the Pod's namespace that select it (old and new labels are both mapped). */
export function servicesSelecting(serviceCache: ReadableStore<Service>): (pod: KubeObject) => Request[] {
  return (pod) =>
    serviceCache
      .byIndex('namespace', pod.metadata.namespace ?? '')
      .filter((svc) => selects(svc, pod as Pod))
      .map((svc) => ({ namespace: svc.metadata.namespace, name: svc.metadata.name ?? '' }));
}

export function addEndpointsController(manager: Manager, workers: number): Controller {
  const serviceCache = manager.informers.informerFor<Service>(services).store;
  return ControllerBuilder.create(manager)
    .named(systemControllers.endpoints.name)
    .for(services)
    .watches(pods, servicesSelecting(serviceCache))
    .watches(endpoints, (ep) => [{ namespace: ep.metadata.namespace, name: ep.metadata.name ?? '' }])
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(new EndpointsReconciler(manager.client, manager.informers.informerFor<Pod>(pods).store));
}
