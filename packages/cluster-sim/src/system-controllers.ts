/**
 * The simulated control plane's controllers as the console lists them ("system", next to the
 * operator's): the name each registers with the Manager, the kind it reconciles, and the
 * component its Events come from (kube-controller-manager's and the kubelet's own names).
 */

export interface SystemControllerInfo {
  /** The controller's name in the Manager, metrics, journal and field managers. */
  readonly name: string;
  /** The kind it reconciles; the garbage collector reconciles every kind ("*"). */
  readonly forKind: { readonly group: string; readonly version: string; readonly kind: string };
  /** `source.component` / `reportingComponent` of the Events it records. */
  readonly component: string;
  readonly description: string;
}

export const systemControllers = {
  deployment: {
    name: 'deployment-controller',
    forKind: { group: 'apps', version: 'v1', kind: 'Deployment' },
    component: 'deployment-controller',
    description: 'Rolls Deployments out through pod-template-hash ReplicaSets and reports their status.',
  },
  replicaSet: {
    name: 'replicaset-controller',
    forKind: { group: 'apps', version: 'v1', kind: 'ReplicaSet' },
    component: 'replicaset-controller',
    description: 'Creates and deletes Pods until each ReplicaSet has its replicas.',
  },
  kubelet: {
    name: 'kubelet',
    forKind: { group: '', version: 'v1', kind: 'Pod' },
    component: 'kubelet',
    description: 'Schedules Pods onto the simulated node and walks them through Pending, Running and Ready.',
  },
  statefulSet: {
    name: 'statefulset-controller',
    forKind: { group: 'apps', version: 'v1', kind: 'StatefulSet' },
    component: 'statefulset-controller',
    description: 'Creates each StatefulSet Pod in order with its claims, and rolls them from the highest ordinal down.',
  },
  daemonSet: {
    name: 'daemonset-controller',
    forKind: { group: 'apps', version: 'v1', kind: 'DaemonSet' },
    component: 'daemonset-controller',
    description: 'Runs one Pod of each DaemonSet on every node it fits, and rolls them node by node.',
  },
  persistentVolumeBinder: {
    name: 'persistentvolume-binder-controller',
    forKind: { group: '', version: 'v1', kind: 'PersistentVolumeClaim' },
    component: 'persistentvolume-controller',
    description: 'Provisions a PersistentVolume for each claim of a simulated StorageClass and binds the two.',
  },
  pvcProtection: {
    name: 'persistentvolumeclaim-protection-controller',
    forKind: { group: '', version: 'v1', kind: 'PersistentVolumeClaim' },
    component: 'pvc-protection-controller',
    description: 'Lets a deleted PersistentVolumeClaim go once no running Pod uses it (removes kubernetes.io/pvc-protection).',
  },
  pvProtection: {
    name: 'persistentvolume-protection-controller',
    forKind: { group: '', version: 'v1', kind: 'PersistentVolume' },
    component: 'pv-protection-controller',
    description: 'Lets a deleted PersistentVolume go once it is no longer Bound (removes kubernetes.io/pv-protection).',
  },
  nodeLease: {
    name: 'node-lease-controller',
    forKind: { group: '', version: 'v1', kind: 'Node' },
    component: 'kubelet',
    description: "Renews each simulated Node's Lease in kube-node-lease every 10 s, as its kubelet would.",
  },
  garbageCollector: {
    name: 'garbage-collector',
    forKind: { group: '*', version: '*', kind: '*' },
    component: 'garbage-collector-controller',
    description: 'Deletes dependents of deleted owners (background, foreground) or orphans them.',
  },
  namespace: {
    name: 'namespace-controller',
    forKind: { group: '', version: 'v1', kind: 'Namespace' },
    component: 'namespace-controller',
    description: 'Empties a terminating Namespace, then finalizes it.',
  },
  database: {
    name: 'cnpg-database',
    forKind: { group: 'postgresql.cnpg.io', version: 'v1', kind: 'Database' },
    component: 'cloudnative-pg',
    description: 'Simulates CloudNativePG: gives each Database its application credentials Secret.',
  },
  job: {
    name: 'job-controller',
    forKind: { group: 'batch', version: 'v1', kind: 'Job' },
    component: 'job-controller',
    description: 'Runs Jobs: creates Pods up to parallelism until completions succeeded, counts them, fails on backoffLimit or deadline.',
  },
  cronJob: {
    name: 'cronjob-controller',
    forKind: { group: 'batch', version: 'v1', kind: 'CronJob' },
    component: 'cronjob-controller',
    description: 'Creates a Job for each scheduled time of a CronJob, applies its concurrency policy and prunes its history.',
  },
  ttlAfterFinished: {
    name: 'ttl-after-finished-controller',
    forKind: { group: 'batch', version: 'v1', kind: 'Job' },
    component: 'ttl-after-finished-controller',
    description: 'Deletes finished Jobs once their ttlSecondsAfterFinished has passed.',
  },
  endpoints: {
    name: 'endpoints-controller',
    forKind: { group: '', version: 'v1', kind: 'Service' },
    component: 'endpoint-controller',
    description: "Keeps each selecting Service's Endpoints listing the ready and not-ready Pods it selects.",
  },
  endpointSlice: {
    name: 'endpointslice-controller',
    forKind: { group: '', version: 'v1', kind: 'Service' },
    component: 'endpoint-slice-controller',
    description: "Keeps each selecting Service's EndpointSlices listing the Pods it selects, with their conditions.",
  },
  serviceAccount: {
    name: 'serviceaccount-controller',
    forKind: { group: '', version: 'v1', kind: 'Namespace' },
    component: 'serviceaccount-controller',
    description: 'Gives every Namespace its default ServiceAccount.',
  },
  rootCaPublisher: {
    name: 'root-ca-certificate-publisher-controller',
    forKind: { group: '', version: 'v1', kind: 'Namespace' },
    component: 'root-ca-certificate-publisher',
    description: 'Publishes the cluster CA as the kube-root-ca.crt ConfigMap in every Namespace.',
  },
} as const satisfies Record<string, SystemControllerInfo>;

export type SystemControllerKey = keyof typeof systemControllers;

const names: ReadonlySet<string> = new Set(Object.values(systemControllers).map((c) => c.name));

/** True for a controller of the simulated control plane (the console labels it "system"). */
export function isSystemController(name: string): boolean {
  return names.has(name);
}

/** The component the scheduler's Events come from ("Scheduled"). */
export const schedulerComponent = 'default-scheduler';
