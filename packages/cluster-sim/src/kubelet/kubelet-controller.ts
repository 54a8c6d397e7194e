/** Wires the simulated kubelet: every Pod is its to run, on whichever simulated node it is bound to. */
import { builtinTypes, type Controller, ControllerBuilder, type EventRecorder, type Manager } from '@dojo/runtime';
import type { ClusterSimOptions } from '../sim-options.ts';
import { systemControllers } from '../system-controllers.ts';
import type { ContainerLogSink } from './container-logs.ts';
import { KubeletReconciler } from './kubelet-reconciler.ts';
import { podConfigChangedPredicate } from './pod-config-changes.ts';

export interface KubeletRecorders {
  /** One per node, made on first use. */
  kubelet(nodeName: string): EventRecorder;
  readonly scheduler: EventRecorder;
}

export function addKubelet(manager: Manager, recorders: KubeletRecorders, options: ClusterSimOptions, logs: ContainerLogSink): Controller {
  const byNode = new Map<string, EventRecorder>();
  const recorderFor = (nodeName: string): EventRecorder => {
    let recorder = byNode.get(nodeName);
    if (!recorder) byNode.set(nodeName, (recorder = recorders.kubelet(nodeName)));
    return recorder;
  };
  return ControllerBuilder.create(manager)
    .named(systemControllers.kubelet.name)
    .for(builtinTypes.pods, { predicates: [podConfigChangedPredicate] })
    .withOptions({ maxConcurrentReconciles: options.concurrency.kubelet })
    .complete(new KubeletReconciler({ client: manager.client, clock: manager.clock, recorderFor, schedulerRecorder: recorders.scheduler, options, logs }));
}
