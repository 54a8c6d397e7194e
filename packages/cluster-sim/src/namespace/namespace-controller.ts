/** Wires the namespace controller: Namespaces are reconciled; content is polled while it remains. */
import { builtinTypes, ControllerBuilder, type Controller, type Manager } from '@dojo/runtime';
import { systemControllers } from '../system-controllers.ts';
import { NamespaceReconciler, type NamespaceDeps } from './namespace-reconciler.ts';

export function addNamespaceController(manager: Manager, deps: Omit<NamespaceDeps, 'client' | 'api' | 'clock'>, workers: number): Controller {
  return ControllerBuilder.create(manager)
    .named(systemControllers.namespace.name)
    .for(builtinTypes.namespaces)
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(new NamespaceReconciler({ ...deps, client: manager.client, api: manager.apiClient, clock: manager.clock }));
}
