/**
 * Wires the ReplicaSet controller: ReplicaSets are reconciled, owned Pods bring their
 * ReplicaSet back, orphan Pods bring the ReplicaSets that select them, and every Pod event
 * settles the expectations of the ReplicaSet that created or deleted it.
 */
import { controllerOf, type KubeObject, LabelSelector } from '@dojo/kube-api';
import { builtinTypes, type Controller, ControllerBuilder, type EventRecorder, type Manager, type Request } from '@dojo/runtime';
import type { ReplicaSet } from '../core/workload-types.ts';
import { systemControllers } from '../system-controllers.ts';
import { observedPodExpectations } from './pod-expectations.ts';
import { podOwnerDeps } from './replica-set-deps.ts';
import { ReplicaSetReconciler } from './replica-set-reconciler.ts';

const { pods, replicaSets } = builtinTypes;

export interface ReplicaSetControllerOptions {
  readonly recorder: EventRecorder;
  readonly workers: number;
  readonly nodeName: string;
}

export function addReplicaSetController(manager: Manager, options: ReplicaSetControllerOptions): Controller {
  const expectations = observedPodExpectations(manager, 'ReplicaSet');
  const cache = manager.informers.informerFor<ReplicaSet>(replicaSets).store;
  const selectingReplicaSets = (pod: KubeObject): Request[] => {
    if (controllerOf(pod)) return [];
    return cache
      .byIndex('namespace', pod.metadata.namespace ?? '')
      .filter((rs) => LabelSelector.fromObject(rs.spec.selector).matches(pod.metadata.labels))
      .map((rs) => ({ namespace: rs.metadata.namespace, name: rs.metadata.name ?? '' }));
  };
  return ControllerBuilder.create(manager)
    .named(systemControllers.replicaSet.name)
    .for(replicaSets)
    .owns(pods)
    .watches(pods, selectingReplicaSets)
    .withOptions({ maxConcurrentReconciles: options.workers })
    .complete(new ReplicaSetReconciler({ ...podOwnerDeps(manager, options.recorder, expectations), nodeName: options.nodeName }));
}
