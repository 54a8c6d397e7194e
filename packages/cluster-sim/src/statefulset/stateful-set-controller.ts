/**
 * Wires the StatefulSet controller: StatefulSets are reconciled; their Pods and
 * ControllerRevisions bring them back, and an orphan Pod or revision brings the sets that
 * select it (kube's getPodStatefulSets). Claims are read from their informer.
 */
import { controllerOf, type KubeObject, LabelSelector } from '@dojo/kube-api';
import { builtinTypes, type Controller, ControllerBuilder, type EventRecorder, type Manager, type Request } from '@dojo/runtime';
import type { ControllerRevision, PersistentVolumeClaim, StatefulSet } from '../core/apps-types.ts';
import type { Pod } from '../core/workload-types.ts';
import { systemControllers } from '../system-controllers.ts';
import { StatefulSetReconciler } from './stateful-set-reconciler.ts';

const { controllerRevisions, persistentVolumeClaims, pods, statefulSets } = builtinTypes;

export interface StatefulSetControllerOptions {
  readonly recorder: EventRecorder;
  readonly workers: number;
  /** The simulated nodes, in order: replica N goes to node N mod their count. */
  readonly nodeNames: readonly string[];
}

export function addStatefulSetController(manager: Manager, options: StatefulSetControllerOptions): Controller {
  const cache = manager.informers.informerFor<StatefulSet>(statefulSets).store;
  const selecting = (object: KubeObject): Request[] => {
    if (controllerOf(object)) return [];
    return cache
      .byIndex('namespace', object.metadata.namespace ?? '')
      .filter((set) => LabelSelector.fromObject(set.spec.selector).matches(object.metadata.labels))
      .map((set) => ({ namespace: set.metadata.namespace, name: set.metadata.name ?? '' }));
  };
  const nodeNames = options.nodeNames.length > 0 ? options.nodeNames : [''];
  return ControllerBuilder.create(manager)
    .named(systemControllers.statefulSet.name)
    .for(statefulSets)
    .owns(pods)
    .watches(pods, selecting)
    .owns(controllerRevisions)
    .watches(controllerRevisions, selecting)
    .withOptions({ maxConcurrentReconciles: options.workers })
    .complete(
      new StatefulSetReconciler({
        client: manager.client,
        api: manager.apiClient,
        pods: manager.informers.informerFor<Pod>(pods).store,
        revisions: manager.informers.informerFor<ControllerRevision>(controllerRevisions).store,
        claims: manager.informers.informerFor<PersistentVolumeClaim>(persistentVolumeClaims).store,
        clock: manager.clock,
        recorder: options.recorder,
        nodeFor: (ordinal) => nodeNames[Math.abs(ordinal) % nodeNames.length] ?? '',
      }),
    );
}
