/**
 * Wires the Deployment controller: Deployments are reconciled, owned ReplicaSets bring their
 * Deployment back, and an orphaned ReplicaSet brings every Deployment that selects it (one of
 * them will adopt it).
 */
import { controllerOf, type KubeObject, LabelSelector } from '@dojo/kube-api';
import { builtinTypes, type Controller, ControllerBuilder, type EventRecorder, type Manager, type Request } from '@dojo/runtime';
import type { Deployment, ReplicaSet } from '../core/workload-types.ts';
import { systemControllers } from '../system-controllers.ts';
import { DeploymentReconciler } from './deployment-reconciler.ts';

const { deployments, replicaSets } = builtinTypes;

export function addDeploymentController(manager: Manager, recorder: EventRecorder, workers: number): Controller {
  const cache = manager.informers.informerFor<Deployment>(deployments).store;
  const selectingDeployments = (rs: KubeObject): Request[] => {
    if (controllerOf(rs)) return [];
    return cache
      .byIndex('namespace', rs.metadata.namespace ?? '')
      .filter((d) => LabelSelector.fromObject(d.spec.selector).matches(rs.metadata.labels))
      .map((d) => ({ namespace: d.metadata.namespace, name: d.metadata.name ?? '' }));
  };
  return ControllerBuilder.create(manager)
    .named(systemControllers.deployment.name)
    .for(deployments)
    .owns(replicaSets)
    .watches(replicaSets, selectingDeployments)
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(
      new DeploymentReconciler({
        client: manager.client,
        api: manager.apiClient,
        replicaSets: manager.informers.informerFor<ReplicaSet>(replicaSets).store,
        clock: manager.clock,
        recorder,
      }),
    );
}
