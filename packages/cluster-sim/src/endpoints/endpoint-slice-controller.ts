/**
 * kube's endpointslice controller: every Service with a selector owns EndpointSlices named
 * `<service>-<random>` (labels kubernetes.io/service-name and endpointslice.kubernetes.io/
 * managed-by: endpointslice-controller.k8s.io, addressType IPv4) listing the Pods it selects
 * with their conditions. Slices are matched to what is wanted by their ports; changed ones
 * are updated, missing ones created, extra ones deleted. The garbage collector removes them
 * with their Service (owner reference).
 */
import { isNotFound, semanticEqual } from '@dojo/kube-api';
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
import { controllerRefTo } from '../core/owner-references.ts';
import type { EndpointSlice, Service } from '../core/service-types.ts';
import type { Pod } from '../core/workload-types.ts';
import { systemControllers } from '../system-controllers.ts';
import { managedByLabel, serviceNameLabel, sliceControllerName, sliceLabels, wantedSlices } from './endpoint-slices.ts';
import { servicesSelecting } from './endpoints-controller.ts';
import { publishedService } from './published-service.ts';
import { portsKey } from './service-endpoints.ts';

const { endpointSlices, pods, services } = builtinTypes;
const cacheCatchUpMs = 100;

class EndpointSliceReconciler implements Reconciler {
  readonly #client: Client;
  readonly #pods: ReadableStore<Pod>;
  readonly #slices: ReadableStore<EndpointSlice>;
  /**
   * Slices created but not yet in the cache, by Service (kube's endpointSliceTracker): until
   * the cache shows them, a pass would create them again.
   */
  readonly #created = new Map<string, Set<string>>();

  constructor(client: Client, podCache: ReadableStore<Pod>, sliceCache: ReadableStore<EndpointSlice>) {
    this.#client = client;
    this.#pods = podCache;
    this.#slices = sliceCache;
  }

  async reconcile(request: Request): Promise<Result | void> {
    const service = await publishedService(this.#client, request);
    if (service === 'gone') {
      this.#created.delete(`${request.namespace ?? ''}/${request.name}`);
      return;
    }
    if (!service) return;
    const labels = sliceLabels(service);
    const existing = this.#slices
      .byIndex('namespace', request.namespace ?? '')
      .filter((s) => s.metadata.labels?.[serviceNameLabel] === request.name && s.metadata.labels[managedByLabel] === sliceControllerName);
    const key = `${request.namespace ?? ''}/${request.name}`;
    const pending = [...(this.#created.get(key) ?? [])].filter((name) => !existing.some((s) => s.metadata.name === name));
    if (pending.length > 0) return { requeueAfter: cacheCatchUpMs };
    this.#created.delete(key);
    const unmatched = [...existing];
    for (const wanted of wantedSlices(service, this.#pods.byIndex('namespace', request.namespace ?? ''))) {
      const index = unmatched.findIndex((s) => portsKey(s.ports ?? []) === wanted.key);
      const current = index >= 0 ? unmatched.splice(index, 1)[0] : undefined;
      const body = { addressType: 'IPv4' as const, endpoints: wanted.endpoints, ...(wanted.ports.length ? { ports: wanted.ports } : {}) };
      if (current) {
        if (semanticEqual(current.endpoints ?? [], body.endpoints) && semanticEqual(current.metadata.labels ?? {}, labels)) continue;
        await this.#client.update(endpointSlices, { ...current, ...body, metadata: { ...current.metadata, labels } });
        continue;
      }
      try {
        const created = await this.#client.create(endpointSlices, {
          apiVersion: 'discovery.k8s.io/v1',
          kind: 'EndpointSlice',
          metadata: { generateName: `${request.name}-`, namespace: request.namespace, labels, ownerReferences: [controllerRefTo(service, services)] },
          ...body,
        } satisfies EndpointSlice);
        this.#created.set(key, new Set([...(this.#created.get(key) ?? []), created.metadata.name ?? '']));
      } catch (error) {
        if (!isNamespaceTerminating(error)) throw error;
      }
    }
    for (const extra of unmatched) {
      try {
        await this.#client.delete(
          endpointSlices,
          { namespace: extra.metadata.namespace, name: extra.metadata.name ?? '' },
          { preconditions: { uid: extra.metadata.uid } },
        );
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
  }
}

export function addEndpointSliceController(manager: Manager, workers: number): Controller {
  const serviceCache = manager.informers.informerFor<Service>(services).store;
  return ControllerBuilder.create(manager)
    .named(systemControllers.endpointSlice.name)
    .for(services)
    .owns(endpointSlices)
    .watches(pods, servicesSelecting(serviceCache))
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(
      new EndpointSliceReconciler(
        manager.client,
        manager.informers.informerFor<Pod>(pods).store,
        manager.informers.informerFor<EndpointSlice>(endpointSlices).store,
      ),
    );
}
