/** Wires the simulated kubelet: every Pod is its to run (the cluster has one simulated node). */
import { builtinTypes, type Controller, ControllerBuilder, type EventRecorder, type Manager } from '@dojo/runtime';
import type { ClusterSimOptions } from '../sim-options.ts';
import { systemControllers } from '../system-controllers.ts';
import { KubeletReconciler } from './kubelet-reconciler.ts';

export interface KubeletRecorders {
  readonly kubelet: EventRecorder;
  readonly scheduler: EventRecorder;
}

export function addKubelet(manager: Manager, recorders: KubeletRecorders, options: ClusterSimOptions): Controller {
  return ControllerBuilder.create(manager)
    .named(systemControllers.kubelet.name)
    .for(builtinTypes.pods)
    .withOptions({ maxConcurrentReconciles: options.concurrency.kubelet })
    .complete(new KubeletReconciler({ client: manager.client, clock: manager.clock, recorder: recorders.kubelet, schedulerRecorder: recorders.scheduler, options }));
}
