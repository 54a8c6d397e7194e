/**
 * What a person (or a test, or a benchmark) can tune in the simulated cluster. The defaults
 * make the demo look like a real cluster: Pods take one to two seconds to become Ready, a
 * crashing container backs off like the kubelet does (10 s doubling to 5 min).
 */
import type { DelayRange } from './core/seeded-random.ts';
import type { SystemControllerKey } from './system-controllers.ts';

export interface ClusterSimOptions {
  /** The first simulated node, where ReplicaSet Pods run. */
  readonly nodeName: string;
  /** How many Ready Nodes the cluster has: `nodeName`, then `<nodeName>-2`, `-3` ... */
  readonly nodeCount: number;
  /** Seeds jitter and injected failures; the same seed gives the same cluster. */
  readonly seed: number;
  /** Pending -> Running: pulling the image and starting the containers. */
  readonly podStartDelay: DelayRange;
  /** Running -> Ready, after the containers started. */
  readonly podReadyDelay: DelayRange;
  /**
   * How long the containers of a Pod that runs to completion (restartPolicy Never or OnFailure:
   * Job Pods) run once ready before they exit 0. A Pod chooses its own with the annotation
   * `sim.dojo.dev/run-seconds` (see kubelet/container-behaviour.ts).
   */
  readonly podRunTime: DelayRange;
  /** How long a failing container runs (or an image pull takes) before it fails. */
  readonly failAfterMs: number;
  /** The kubelet's back-off after a crash or a failed pull: base, doubling, capped at max. */
  readonly backoff: { readonly baseMs: number; readonly maxMs: number };
  /** Share (0..1) of Pods whose containers crash, or fail to pull, without being asked to. */
  readonly failureRates: { readonly crash: number; readonly imagePull: number };
  /** How often a running simulated container logs a heartbeat line (kubelet/container-logs.ts). */
  readonly logHeartbeatMs: number;
  /** Record core/v1 Events for what the controllers do. */
  readonly recordEvents: boolean;
  /** How often API discovery is re-read for new kinds (CRD changes re-read it at once). */
  readonly discoveryRefreshMs: number;
  /**
   * Workers per controller (MaxConcurrentReconciles). The defaults are kube-controller-manager's
   * (--concurrent-deployment-syncs 5, -replicaset-syncs 5, -gc-syncs 20, -namespace-syncs 10,
   * -statefulset-syncs 5, -daemonset-syncs 2; the PV binder runs one worker):
   * each pass mostly waits for its writes' durable commits, and thousands of objects created at
   * once left fewer workers idle behind deep queues (the convergence benchmark).
   */
  readonly concurrency: Readonly<Record<SystemControllerKey, number>>;
}

/** Partial options, nested objects included; anything left out takes its default. */
export type ClusterSimOptionsInput = {
  readonly [K in keyof ClusterSimOptions]?: ClusterSimOptions[K] extends number | string | boolean ? ClusterSimOptions[K] : Partial<ClusterSimOptions[K]>;
};

export const defaultClusterSimOptions: ClusterSimOptions = {
  nodeName: 'dojo-sim-node',
  nodeCount: 3,
  seed: 1,
  podStartDelay: { minMs: 800, maxMs: 1500 },
  podReadyDelay: { minMs: 200, maxMs: 500 },
  podRunTime: { minMs: 1_000, maxMs: 3_000 },
  failAfterMs: 1_000,
  backoff: { baseMs: 10_000, maxMs: 300_000 },
  failureRates: { crash: 0, imagePull: 0 },
  logHeartbeatMs: 5_000,
  recordEvents: true,
  discoveryRefreshMs: 30_000,
  concurrency: {
    deployment: 5,
    replicaSet: 5,
    // kube's kubelet syncs every Pod on a worker of its own (pod_workers.go: a goroutine per Pod
    // UID), so no Pod waits for another's sync. One controller plays every simulated kubelet
    // here; with 4 workers, 1,000 Pods created at once queued their timed moves (Running, Ready)
    // behind each other. A pass is one status write, so 32 keep that queue short.
    kubelet: 32,
    garbageCollector: 20,
    namespace: 10,
    database: 4,
    statefulSet: 5,
    daemonSet: 2,
    persistentVolumeBinder: 1,
    // kube-controller-manager runs the pvc- and pv-protection controllers with one worker each.
    pvcProtection: 1,
    pvProtection: 1,
    nodeLease: 1,
    // --concurrent-job-syncs, -cron-job-syncs, -ttl-after-finished-syncs, -endpoint-syncs and
    // -service-endpoint-syncs are 5; the serviceaccounts and root CA publishers run one worker.
    job: 5,
    cronJob: 5,
    ttlAfterFinished: 5,
    endpoints: 5,
    endpointSlice: 5,
    serviceAccount: 1,
    rootCaPublisher: 1,
  },
};

export function resolveClusterSimOptions(input: ClusterSimOptionsInput = {}): ClusterSimOptions {
  const d = defaultClusterSimOptions;
  return {
    nodeName: input.nodeName ?? d.nodeName,
    nodeCount: input.nodeCount ?? d.nodeCount,
    seed: input.seed ?? d.seed,
    podStartDelay: { ...d.podStartDelay, ...input.podStartDelay },
    podReadyDelay: { ...d.podReadyDelay, ...input.podReadyDelay },
    podRunTime: { ...d.podRunTime, ...input.podRunTime },
    failAfterMs: input.failAfterMs ?? d.failAfterMs,
    backoff: { ...d.backoff, ...input.backoff },
    failureRates: { ...d.failureRates, ...input.failureRates },
    logHeartbeatMs: input.logHeartbeatMs ?? d.logHeartbeatMs,
    recordEvents: input.recordEvents ?? d.recordEvents,
    discoveryRefreshMs: input.discoveryRefreshMs ?? d.discoveryRefreshMs,
    concurrency: { ...d.concurrency, ...input.concurrency },
  };
}
