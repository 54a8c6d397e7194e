/**
 * @dojo/cluster-sim — a simulated control plane for the embedded cluster, in the spirit of kwok.
 *
 * Promises:
 * - Deployment, ReplicaSet, StatefulSet, DaemonSet, Pod lifecycle ("kubelet"), node Lease,
 *   PersistentVolume provisioner/binder, Job, CronJob, ttl-after-finished, endpoints,
 *   endpointslice, default ServiceAccount, root CA publisher, garbage collector, namespace and
 *   CloudNativePG Database controllers, written as ordinary controllers on @dojo/runtime.
 * - Three Ready Nodes and a default StorageClass (`standard`) exist once it has started.
 * - Pods with restartPolicy Never or OnFailure (Job Pods) run to completion: they exit 0 after
 *   `podRunTime` (or the seconds in their annotation `sim.dojo.dev/run-seconds`); an image
 *   tagged `:crash` or `:fail` exits 1; one tagged `:missing` never pulls (docs/simulator.md).
 * - Simulated containers log (start, ready, a heartbeat, the crash or exit) to a
 *   ContainerLogSink, one log per container instance, so `pods/log` with `previous` works.
 * - All state is rebuilt from the API on start; nothing lives only in memory.
 * - Delays and failure modes are options, so tests and benchmarks can set them.
 * - What memory does hold is soft and safe to lose, as in kube's own controllers: the clock of
 *   a container phase in flight, expectations of a ReplicaSet's own writes, Event counts.
 *
 * Misuse: never start it against a real cluster; real controllers already own these kinds.
 * Never register it on a Manager scoped to one namespace: it runs the whole cluster.
 *
 * Contents:
 * - cluster-sim.ts        registerClusterSim / startClusterSim
 * - system-controllers.ts the controllers' names, kinds and Event components ("system")
 * - sim-options.ts        delays, back-off, failure rates, nodes, seed; and their defaults
 * - deployment/ replicaset/ statefulset/ daemonset/ kubelet/ gc/ namespace/ cnpg/
 *   job/ (Job, ttl-after-finished) cronjob/ endpoints/ (Endpoints, EndpointSlices)
 *   serviceaccount/ rootca/   one controller each
 * - nodes/                the simulated Nodes and their kubelets' Lease heartbeats
 * - storage/              the default StorageClass, its simulated provisioner and the binder
 * - discovery/            the kinds the cluster serves, for the GC and namespace controller
 * - core/                 what the controllers share: wire types, owner references and
 *                         adoption, controller history (ControllerRevisions), seeded jitter (timestamps and semantic equality come from
 *                         kube-api, Events from the runtime's recorder)
 * - testing/              the embedded API server + simulator + kubectl, for tests
 */
export {
  registerClusterSim,
  startClusterSim,
  type ClusterSim,
  type ClusterSimController,
  type RegisterClusterSimOptions,
  type RunningClusterSim,
  type StartClusterSimOptions,
} from './cluster-sim.ts';
export { isSystemController, schedulerComponent, systemControllers, type SystemControllerInfo, type SystemControllerKey } from './system-controllers.ts';
export { defaultClusterSimOptions, resolveClusterSimOptions, type ClusterSimOptions, type ClusterSimOptionsInput } from './sim-options.ts';
export { pickDelay, unitInterval, type DelayRange } from './core/seeded-random.ts';
export { runSecondsAnnotation } from './kubelet/container-behaviour.ts';
export type { ContainerLogSink, ContainerLogWrite } from './kubelet/container-logs.ts';
export { databases, type Database, type DatabaseSpec, type DatabaseStatus } from './cnpg/database-types.ts';
export { databaseCrd, databaseCrdName } from './cnpg/database-crd.ts';
export { appSecretName } from './cnpg/app-secret.ts';
