/**
 * One object of each kind operators own, watch or call beyond pods and deployments (StatefulSet,
 * DaemonSet, ControllerRevision, Job, CronJob, PersistentVolumeClaim, PersistentVolume,
 * Endpoints, Node, LimitRange, ResourceQuota), valid as sent and already carrying every default
 * the server applies, so that a create gives back a superset and a protobuf round trip the same
 * JSON. Namespaced samples live in namespace `samples`.
 */
import type { KubeObject } from '@dojo/kube-api';

const meta = (name: string, extra: Record<string, unknown> = {}) => ({ name, namespace: 'samples', labels: { app: name }, ...extra });

const podSpec = (restartPolicy: string) => ({
  containers: [
    {
      name: 'app',
      image: 'example.com/app:1.2.3',
      ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
      resources: { requests: { cpu: '100m', memory: '64Mi' } },
      terminationMessagePath: '/dev/termination-log',
      terminationMessagePolicy: 'File',
      imagePullPolicy: 'IfNotPresent',
    },
  ],
  restartPolicy,
  terminationGracePeriodSeconds: 30,
  dnsPolicy: 'ClusterFirst',
  nodeSelector: { 'kubernetes.io/os': 'linux' },
  securityContext: {},
  schedulerName: 'default-scheduler',
});

const template = (app: string, restartPolicy = 'Always') => ({ metadata: { labels: { app } }, spec: podSpec(restartPolicy) });

export const operatorKindSamples = {
  StatefulSet: {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: meta('web'),
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      serviceName: 'web',
      template: template('web'),
      volumeClaimTemplates: [
        {
          apiVersion: 'v1',
          kind: 'PersistentVolumeClaim',
          metadata: { name: 'data' },
          spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'standard', volumeMode: 'Filesystem' },
          status: { phase: 'Pending' },
        },
      ],
      podManagementPolicy: 'Parallel',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1, maxUnavailable: 1 } },
      revisionHistoryLimit: 5,
      minReadySeconds: 3,
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Retain' },
      ordinals: { start: 1 },
    },
  },
  DaemonSet: {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: meta('agent'),
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: template('agent'),
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '10%', maxSurge: 0 } },
      minReadySeconds: 5,
      revisionHistoryLimit: 4,
    },
  },
  ControllerRevision: {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: meta('web-7d9f8c', {
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: '6f1b0e0a-2f1d-4c55-9d0e-0d6a4a9a9b01', controller: true, blockOwnerDeletion: true },
      ],
    }),
    data: { spec: { template: { metadata: { labels: { app: 'web' } } } } },
    revision: 3,
  },
  Job: {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: meta('migrate'),
    spec: {
      parallelism: 2,
      completions: 4,
      activeDeadlineSeconds: 600,
      backoffLimit: 3,
      ttlSecondsAfterFinished: 100,
      completionMode: 'NonIndexed',
      suspend: true,
      podReplacementPolicy: 'Failed',
      manualSelector: false,
      template: template('migrate', 'OnFailure'),
    },
  },
  CronJob: {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: meta('nightly'),
    spec: {
      schedule: '30 2 * * *',
      timeZone: 'Europe/Paris',
      startingDeadlineSeconds: 120,
      concurrencyPolicy: 'Forbid',
      suspend: false,
      successfulJobsHistoryLimit: 2,
      failedJobsHistoryLimit: 2,
      jobTemplate: { metadata: { labels: { app: 'nightly' } }, spec: { backoffLimit: 1, template: template('nightly', 'Never') } },
    },
  },
  PersistentVolumeClaim: {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: meta('data'),
    spec: {
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: '5Gi' }, limits: { storage: '10Gi' } },
      storageClassName: 'standard',
      volumeMode: 'Filesystem',
      selector: { matchLabels: { tier: 'fast' } },
    },
  },
  PersistentVolume: {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: 'pv-data', labels: { tier: 'fast' } },
    spec: {
      capacity: { storage: '10Gi' },
      accessModes: ['ReadWriteOnce', 'ReadOnlyMany'],
      persistentVolumeReclaimPolicy: 'Delete',
      storageClassName: 'standard',
      volumeMode: 'Filesystem',
      mountOptions: ['hard'],
      nfs: { server: 'nfs.example.com', path: '/exports/data', readOnly: true },
      claimRef: { kind: 'PersistentVolumeClaim', namespace: 'samples', name: 'data', apiVersion: 'v1' },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }] } },
    },
  },
  Endpoints: {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: meta('web'),
    subsets: [
      {
        addresses: [{ ip: '10.1.0.4', hostname: 'web-0', nodeName: 'node-a', targetRef: { kind: 'Pod', namespace: 'samples', name: 'web-0', uid: 'a1' } }],
        notReadyAddresses: [{ ip: '10.1.0.5' }],
        ports: [
          { name: 'http', port: 8080, protocol: 'TCP', appProtocol: 'http' },
          { name: 'metrics', port: 9090, protocol: 'TCP' },
        ],
      },
    ],
  },
  Node: {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'node-a', labels: { 'node-role.kubernetes.io/control-plane': '', 'kubernetes.io/os': 'linux' } },
    spec: {
      podCIDR: '10.1.0.0/24',
      podCIDRs: ['10.1.0.0/24'],
      providerID: 'dojo://node-a',
      taints: [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' }],
    },
    status: {
      capacity: { cpu: '4', memory: '8Gi', pods: '110' },
      allocatable: { cpu: '3800m', memory: '7Gi', pods: '110' },
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          lastHeartbeatTime: '2026-01-01T00:00:00Z',
          lastTransitionTime: '2026-01-01T00:00:00Z',
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
        },
      ],
      addresses: [
        { type: 'InternalIP', address: '192.168.1.10' },
        { type: 'Hostname', address: 'node-a' },
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        machineID: 'm',
        systemUUID: 's',
        bootID: 'b',
        kernelVersion: '6.8.0',
        osImage: 'Ubuntu 24.04',
        containerRuntimeVersion: 'containerd://2.0.0',
        kubeletVersion: 'v1.37.2',
        kubeProxyVersion: 'v1.37.2',
        operatingSystem: 'linux',
        architecture: 'amd64',
      },
      images: [{ names: ['example.com/app:1.2.3'], sizeBytes: 1024 }],
    },
  },
  LimitRange: {
    apiVersion: 'v1',
    kind: 'LimitRange',
    metadata: meta('limits'),
    spec: {
      limits: [
        {
          type: 'Container',
          max: { cpu: '2' },
          min: { cpu: '100m' },
          default: { cpu: '500m' },
          defaultRequest: { cpu: '200m' },
          maxLimitRequestRatio: { cpu: '10' },
        },
        { type: 'PersistentVolumeClaim', max: { storage: '50Gi' } },
      ],
    },
  },
  ResourceQuota: {
    apiVersion: 'v1',
    kind: 'ResourceQuota',
    metadata: meta('quota'),
    spec: {
      hard: { pods: '10', 'requests.cpu': '4', 'limits.memory': '8Gi' },
      scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['high'] }] },
    },
  },
} satisfies Record<string, KubeObject>;

/** The REST path of a sample's collection. */
export function collectionPath(obj: KubeObject): string {
  const apiVersion = String(obj.apiVersion);
  const kind = String(obj.kind);
  const base = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
  const resource = kind === 'Endpoints' ? 'endpoints' : `${kind.toLowerCase()}s`;
  const ns = obj.metadata.namespace ? `/namespaces/${obj.metadata.namespace}` : '';
  return `${base}${ns}/${resource}`;
}
