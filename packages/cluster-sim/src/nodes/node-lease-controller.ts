/** Wires the simulated kubelets' heartbeats: each simulated Node is reconciled, and comes back when its Lease is due. */
import { builtinTypes, type Controller, ControllerBuilder, type Manager } from '@dojo/runtime';
import { systemControllers } from '../system-controllers.ts';
import { NodeLeaseReconciler } from './node-lease-reconciler.ts';

export function addNodeLeaseController(manager: Manager, nodeNames: readonly string[], workers: number): Controller {
  return ControllerBuilder.create(manager)
    .named(systemControllers.nodeLease.name)
    .for(builtinTypes.nodes)
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(new NodeLeaseReconciler({ client: manager.client, clock: manager.clock, nodeNames: new Set(nodeNames) }));
}
