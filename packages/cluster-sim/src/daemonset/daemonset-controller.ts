/**
 * Wires the DaemonSet controller: DaemonSets are reconciled; their Pods and revisions bring
 * them back, orphans bring the sets that select them, any Node change brings every
 * DaemonSet (a new, relabelled or tainted Node changes where daemons run), and Pod events
 * settle the expectations of the set that created or deleted them.
 */
import { controllerOf, type KubeObject, LabelSelector } from '@dojo/kube-api';
import { builtinTypes, type Controller, ControllerBuilder, type EventRecorder, type Manager, type Request } from '@dojo/runtime';
import type { ControllerRevision, DaemonSet, Node } from '../core/apps-types.ts';
import { observedPodExpectations } from '../replicaset/pod-expectations.ts';
import { podOwnerDeps } from '../replicaset/replica-set-deps.ts';
import { systemControllers } from '../system-controllers.ts';
import { DaemonSetReconciler } from './daemonset-reconciler.ts';

const { controllerRevisions, daemonSets, nodes, pods } = builtinTypes;

export function addDaemonSetController(manager: Manager, recorder: EventRecorder, workers: number): Controller {
  const expectations = observedPodExpectations(manager, 'DaemonSet');
  const cache = manager.informers.informerFor<DaemonSet>(daemonSets).store;
  const requestOf = (ds: DaemonSet): Request => ({ namespace: ds.metadata.namespace, name: ds.metadata.name ?? '' });
  const selecting = (object: KubeObject): Request[] => {
    if (controllerOf(object)) return [];
    return cache
      .byIndex('namespace', object.metadata.namespace ?? '')
      .filter((ds) => LabelSelector.fromObject(ds.spec.selector).matches(object.metadata.labels))
      .map(requestOf);
  };
  return ControllerBuilder.create(manager)
    .named(systemControllers.daemonSet.name)
    .for(daemonSets)
    .owns(pods)
    .watches(pods, selecting)
    .owns(controllerRevisions)
    .watches(nodes, () => cache.list().map(requestOf))
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(
      new DaemonSetReconciler({
        ...podOwnerDeps(manager, recorder, expectations),
        revisions: manager.informers.informerFor<ControllerRevision>(controllerRevisions).store,
        nodes: manager.informers.informerFor<Node>(nodes).store,
      }),
    );
}
