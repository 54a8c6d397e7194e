/**
 * Starting the simulated control plane: `registerClusterSim(manager, options)` adds its
 * controllers to a Manager (before or after it starts); `startClusterSim(options)` makes a
 * Manager of its own, registers and starts it.
 *
 * Registering installs the CloudNativePG Database CRD and reads API discovery, so that the
 * garbage collector and the namespace controller know every kind; discovery is read again
 * whenever a CRD changes and every `discoveryRefreshMs`.
 *
 * The Manager must watch all namespaces (no `namespace` option): the simulated cluster runs
 * every Pod, not one namespace's.
 */
import {
  builtinTypes,
  discardingEventRecorder,
  Manager,
  type Clock,
  type Controller,
  type EventRecorder,
  type Journal,
  type ResourceType,
  type RuntimeMetrics,
} from '@dojo/runtime';
import { addDatabaseController } from './cnpg/database-controller.ts';
import { installDatabaseCrd } from './cnpg/database-crd.ts';
import { addDaemonSetController } from './daemonset/daemonset-controller.ts';
import { addCronJobController } from './cronjob/cronjob-controller.ts';
import { addDeploymentController } from './deployment/deployment-controller.ts';
import { ResourceCatalog } from './discovery/resource-catalog.ts';
import { addEndpointSliceController } from './endpoints/endpoint-slice-controller.ts';
import { addEndpointsController } from './endpoints/endpoints-controller.ts';
import { GarbageCollector } from './gc/garbage-collector.ts';
import { addJobController } from './job/job-controller.ts';
import { addTtlAfterFinishedController } from './job/ttl-after-finished-controller.ts';
import { discardingLogSink, type ContainerLogSink } from './kubelet/container-logs.ts';
import { addKubelet } from './kubelet/kubelet-controller.ts';
import { addNamespaceController } from './namespace/namespace-controller.ts';
import { namespaceFinalizer, type KubeConfigOf } from './namespace/namespace-finalizer.ts';
import { addNodeLeaseController } from './nodes/node-lease-controller.ts';
import { ensureSimulatedNodes, simulatedNodeNames } from './nodes/simulated-nodes.ts';
import { addReplicaSetController } from './replicaset/replica-set-controller.ts';
import { addRootCaPublisher } from './rootca/root-ca-publisher.ts';
import { resolveClusterSimOptions, type ClusterSimOptions, type ClusterSimOptionsInput } from './sim-options.ts';
import { addStatefulSetController } from './statefulset/stateful-set-controller.ts';
import { ensureDefaultStorageClass } from './storage/simulated-storage-class.ts';
import { addPvcProtectionController, addPvProtectionController } from './storage/storage-protection-controllers.ts';
import { addVolumeBinder } from './storage/volume-binder-controller.ts';
import { addServiceAccountController } from './serviceaccount/service-account-controller.ts';
import { schedulerComponent, systemControllers, type SystemControllerInfo } from './system-controllers.ts';

export interface ClusterSimController {
  readonly controller: Controller;
  readonly info: SystemControllerInfo;
}

export interface ClusterSim {
  readonly options: ClusterSimOptions;
  /** The "system" controllers, in the Manager under their `info.name`. */
  readonly controllers: readonly ClusterSimController[];
  /** Kinds the garbage collector and namespace controller handle beyond what discovery finds. */
  registerTypes(...types: ResourceType[]): void;
  /** Reads API discovery now (new CRDs are otherwise found within `discoveryRefreshMs`). */
  refreshDiscovery(): Promise<void>;
  /** Stops the simulator's own timers and connections; the Manager stops its controllers. */
  close(): void;
}

export interface RegisterClusterSimOptions extends ClusterSimOptionsInput {
  /** The cluster's kubeconfig: finalizing a Namespace needs a request the runtime's client has no verb for. */
  readonly kubeConfig: KubeConfigOf;
  /** Where the simulated containers' logs go: the embedded API server's store (`ApiServerHandle`), which answers `pods/log`. */
  readonly containerLogs?: ContainerLogSink;
}

export async function registerClusterSim(manager: Manager, input: RegisterClusterSimOptions): Promise<ClusterSim> {
  const options = resolveClusterSimOptions(input);
  await installDatabaseCrd(manager.apiClient, manager.clock);
  // The cluster a kubelet and kind's setup would have made: its Nodes and a default StorageClass.
  const nodeNames = simulatedNodeNames(options.nodeName, options.nodeCount);
  await ensureSimulatedNodes(manager.apiClient, nodeNames, manager.clock.now());
  await ensureDefaultStorageClass(manager.apiClient);
  const catalog = new ResourceCatalog(manager.apiClient, manager.clock, options.discoveryRefreshMs);
  await catalog.refresh();
  catalog.startPeriodicRefresh();
  const rediscover = (): void => catalog.refreshSoon();
  manager.informers.informerFor(builtinTypes.customResourceDefinitions).addEventHandler({ onAdd: rediscover, onUpdate: rediscover, onDelete: rediscover });

  // Events go through the manager's one broadcaster, as each component of a real control plane reports its own.
  const recorder = (component: string, host?: string): EventRecorder =>
    options.recordEvents ? manager.eventRecorderFor({ component, ...(host ? { host } : {}) }) : discardingEventRecorder;
  const finalizer = await namespaceFinalizer(input.kubeConfig);
  const gc = new GarbageCollector(manager, catalog, recorder(systemControllers.garbageCollector.component), options.concurrency.garbageCollector);
  const controllers: ClusterSimController[] = [
    {
      info: systemControllers.deployment,
      controller: addDeploymentController(manager, recorder(systemControllers.deployment.component), options.concurrency.deployment),
    },
    {
      info: systemControllers.replicaSet,
      controller: addReplicaSetController(manager, {
        recorder: recorder(systemControllers.replicaSet.component),
        workers: options.concurrency.replicaSet,
        nodeName: options.nodeName,
      }),
    },
    {
      info: systemControllers.kubelet,
      controller: addKubelet(
        manager,
        { kubelet: (node) => recorder(systemControllers.kubelet.component, node), scheduler: recorder(schedulerComponent) },
        options,
        input.containerLogs ?? discardingLogSink,
      ),
    },
    {
      info: systemControllers.statefulSet,
      controller: addStatefulSetController(manager, {
        recorder: recorder(systemControllers.statefulSet.component),
        workers: options.concurrency.statefulSet,
        nodeNames,
      }),
    },
    {
      info: systemControllers.daemonSet,
      controller: addDaemonSetController(manager, recorder(systemControllers.daemonSet.component), options.concurrency.daemonSet),
    },
    {
      info: systemControllers.persistentVolumeBinder,
      controller: addVolumeBinder(manager, recorder(systemControllers.persistentVolumeBinder.component), options.concurrency.persistentVolumeBinder),
    },
    { info: systemControllers.pvcProtection, controller: addPvcProtectionController(manager, options.concurrency.pvcProtection) },
    { info: systemControllers.pvProtection, controller: addPvProtectionController(manager, options.concurrency.pvProtection) },
    { info: systemControllers.nodeLease, controller: addNodeLeaseController(manager, nodeNames, options.concurrency.nodeLease) },
    { info: systemControllers.garbageCollector, controller: gc.controller },
    {
      info: systemControllers.namespace,
      controller: addNamespaceController(
        manager,
        { catalog, finalizer, recorder: recorder(systemControllers.namespace.component) },
        options.concurrency.namespace,
      ),
    },
    {
      info: systemControllers.database,
      controller: addDatabaseController(manager, recorder(systemControllers.database.component), options.concurrency.database),
    },
    {
      info: systemControllers.job,
      controller: addJobController(manager, {
        recorder: recorder(systemControllers.job.component),
        workers: options.concurrency.job,
        nodeName: options.nodeName,
        backoff: options.backoff,
      }),
    },
    { info: systemControllers.cronJob, controller: addCronJobController(manager, recorder(systemControllers.cronJob.component), options.concurrency.cronJob) },
    { info: systemControllers.endpoints, controller: addEndpointsController(manager, options.concurrency.endpoints) },
    { info: systemControllers.endpointSlice, controller: addEndpointSliceController(manager, options.concurrency.endpointSlice) },
    { info: systemControllers.serviceAccount, controller: addServiceAccountController(manager, options.concurrency.serviceAccount) },
    { info: systemControllers.rootCaPublisher, controller: addRootCaPublisher(manager, input.kubeConfig, options.concurrency.rootCaPublisher) },
    { info: systemControllers.ttlAfterFinished, controller: addTtlAfterFinishedController(manager, options.concurrency.ttlAfterFinished) },
  ];
  return {
    options,
    controllers,
    registerTypes: (...types) => catalog.register(...types),
    refreshDiscovery: () => catalog.refresh(),
    close() {
      catalog.stop();
      gc.close();
      finalizer.close();
    },
  };
}

export interface StartClusterSimOptions extends RegisterClusterSimOptions {
  readonly clock?: Clock;
  readonly journal?: Journal;
  readonly metrics?: RuntimeMetrics;
}

export interface RunningClusterSim {
  readonly manager: Manager;
  readonly sim: ClusterSim;
  /** Stops the controllers (reconciles in flight finish), then the informers. */
  stop(): Promise<void>;
}

/** A Manager of its own running the simulated control plane, started once its caches synced. */
export async function startClusterSim(input: StartClusterSimOptions): Promise<RunningClusterSim> {
  const manager = await Manager.create({
    kubeConfig: input.kubeConfig,
    fieldManager: 'cluster-sim',
    ...(input.clock ? { clock: input.clock } : {}),
    ...(input.journal ? { journal: input.journal } : {}),
    ...(input.metrics ? { metrics: input.metrics } : {}),
  });
  const sim = await registerClusterSim(manager, input);
  await manager.start();
  return {
    manager,
    sim,
    async stop() {
      sim.close();
      await manager.stop();
    },
  };
}
