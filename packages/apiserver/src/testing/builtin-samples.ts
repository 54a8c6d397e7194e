/**
 * One object of every built-in kind the embedded server serves, each using many of its kind's
 * fields (inline structs, quantities, int-or-strings, times, maps of bytes, schema unions), all
 * valid for the server and with no zero-valued optional field, so that a lossless encoding
 * gives back exactly the same JSON. Namespaced samples live in namespace `samples`.
 */
import type { KubeObject } from '@dojo/kube-api';
import { networkPolicyScalingSamples } from './network-policy-scaling-samples.ts';

const meta = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  namespace: 'samples',
  labels: { app: 'sample', tier: 'backend' },
  annotations: { 'example.com/note': 'a sample' },
  ...extra,
});

const podSpec = {
  volumes: [
    { name: 'config', configMap: { name: 'sample', items: [{ key: 'a', path: 'a.txt', mode: 0o644 }], defaultMode: 0o420, optional: true } },
    { name: 'scratch', emptyDir: { medium: 'Memory', sizeLimit: '64Mi' } },
    { name: 'creds', secret: { secretName: 'sample', defaultMode: 0o400 } },
    { name: 'info', downwardAPI: { items: [{ path: 'labels', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.labels' } }] } },
    { name: 'host', hostPath: { path: '/var/log', type: 'Directory' } },
  ],
  initContainers: [{ name: 'init', image: 'busybox:1.36', command: ['sh', '-c'], args: ['echo ready'] }],
  containers: [
    {
      name: 'app',
      image: 'example.com/app:1.2.3',
      workingDir: '/srv',
      ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
      envFrom: [{ prefix: 'CFG_', configMapRef: { name: 'sample' } }],
      env: [
        { name: 'MODE', value: 'production' },
        { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
        { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'sample', key: 'password', optional: false } } },
        { name: 'CPU', valueFrom: { resourceFieldRef: { containerName: 'app', resource: 'limits.cpu', divisor: '1m' } } },
      ],
      resources: { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } },
      volumeMounts: [{ name: 'config', mountPath: '/etc/app', readOnly: true, subPath: 'app' }],
      livenessProbe: {
        httpGet: { path: '/healthz', port: 'http', scheme: 'HTTP', httpHeaders: [{ name: 'X-Probe', value: 'yes' }] },
        initialDelaySeconds: 5,
        periodSeconds: 10,
        failureThreshold: 3,
      },
      readinessProbe: { tcpSocket: { port: 8080 }, timeoutSeconds: 2, successThreshold: 1 },
      startupProbe: { exec: { command: ['cat', '/tmp/ready'] }, periodSeconds: 1, terminationGracePeriodSeconds: 10 },
      lifecycle: { preStop: { exec: { command: ['sleep', '5'] } }, postStart: { sleep: { seconds: 1 } } },
      terminationMessagePath: '/dev/termination-log',
      terminationMessagePolicy: 'FallbackToLogsOnError',
      imagePullPolicy: 'IfNotPresent',
      securityContext: {
        runAsUser: 1000,
        runAsNonRoot: true,
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { add: ['NET_BIND_SERVICE'], drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      },
    },
  ],
  restartPolicy: 'Always',
  terminationGracePeriodSeconds: 30,
  activeDeadlineSeconds: 3600,
  dnsPolicy: 'ClusterFirst',
  nodeSelector: { 'kubernetes.io/os': 'linux' },
  serviceAccountName: 'sample',
  automountServiceAccountToken: false,
  securityContext: { fsGroup: 2000, supplementalGroups: [3000, 4000], sysctls: [{ name: 'net.core.somaxconn', value: '1024' }] },
  imagePullSecrets: [{ name: 'registry' }],
  hostname: 'sample',
  affinity: {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a', 'b'] }] }] },
    },
    podAntiAffinity: {
      preferredDuringSchedulingIgnoredDuringExecution: [
        { weight: 50, podAffinityTerm: { labelSelector: { matchLabels: { app: 'sample' } }, topologyKey: 'kubernetes.io/hostname' } },
      ],
    },
  },
  schedulerName: 'default-scheduler',
  tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'apps', effect: 'NoSchedule', tolerationSeconds: 300 }],
  hostAliases: [{ ip: '10.0.0.1', hostnames: ['db.local'] }],
  priority: 1000,
  dnsConfig: { nameservers: ['1.1.1.1'], options: [{ name: 'ndots', value: '2' }] },
  enableServiceLinks: true,
  topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app: 'sample' } } }],
};

const template = { metadata: { labels: { app: 'sample' } }, spec: podSpec };

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: meta('sample', {
    ownerReferences: [
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'sample', uid: '5e9c1c38-5d5e-4f0b-9d5a-1f3b2d1c0a01', controller: true, blockOwnerDeletion: true },
    ],
  }),
  spec: podSpec,
};

/** Fields the server sets on create, so samples can be compared with what comes back. */
export const podStatusSample = {
  phase: 'Running',
  conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-02T03:04:05Z' }],
  hostIP: '10.0.0.2',
  podIP: '10.244.0.5',
  podIPs: [{ ip: '10.244.0.5' }],
  startTime: '2026-01-02T03:04:00Z',
  containerStatuses: [
    {
      name: 'app',
      state: { running: { startedAt: '2026-01-02T03:04:03Z' } },
      lastState: { terminated: { exitCode: 137, reason: 'OOMKilled', startedAt: '2026-01-02T03:00:00Z', finishedAt: '2026-01-02T03:04:00Z' } },
      ready: true,
      restartCount: 1,
      image: 'example.com/app:1.2.3',
      imageID: 'example.com/app@sha256:0123',
      containerID: 'containerd://abc',
      started: true,
    },
  ],
  qosClass: 'Burstable',
};

const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gadgets.samples.example.com', labels: { app: 'sample' } },
  spec: {
    group: 'samples.example.com',
    names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList', shortNames: ['gd'], categories: ['all'] },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } },
        additionalPrinterColumns: [{ name: 'Size', type: 'integer', jsonPath: '.spec.size', description: 'How big', priority: 1 }],
        schema: {
          openAPIV3Schema: {
            type: 'object',
            description: 'A gadget.',
            properties: {
              spec: {
                type: 'object',
                required: ['size'],
                properties: {
                  size: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
                  replicas: { type: 'integer', format: 'int32' },
                  mode: { type: 'string', enum: ['fast', 'slow'], maxLength: 8 },
                  port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
                  tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set', maxItems: 5 },
                  labels: { type: 'object', additionalProperties: { type: 'string' } },
                  extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                },
                'x-kubernetes-validations': [{ rule: 'self.size <= 10', message: 'too big' }],
              },
              status: { type: 'object', properties: { replicas: { type: 'integer' } } },
            },
          },
        },
      },
    ],
    conversion: { strategy: 'None' },
  },
};

/** Every served built-in kind, by kind name (events.k8s.io's Event as `EventV1`). */
export const builtinSamples: Record<string, KubeObject & { apiVersion: string; kind: string }> = {
  Namespace: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'samples', labels: { team: 'samples' } } },
  ConfigMap: { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('sample'), data: { a: 'one', 'b.txt': 'two' }, binaryData: { bin: 'AAECAw==' } },
  Secret: { apiVersion: 'v1', kind: 'Secret', metadata: meta('sample'), type: 'Opaque', data: { password: 'c2VjcmV0', empty: '' }, immutable: true },
  ServiceAccount: {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: meta('sample'),
    secrets: [{ name: 'sample' }],
    imagePullSecrets: [{ name: 'registry' }],
    automountServiceAccountToken: false,
  },
  Service: {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta('sample'),
    spec: {
      type: 'NodePort',
      selector: { app: 'sample' },
      ports: [
        { name: 'http', protocol: 'TCP', port: 80, targetPort: 'http', nodePort: 30080 },
        { name: 'metrics', protocol: 'TCP', port: 9090, targetPort: 9090 },
      ],
      sessionAffinity: 'ClientIP',
      sessionAffinityConfig: { clientIP: { timeoutSeconds: 600 } },
      externalTrafficPolicy: 'Local',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
    },
  },
  Pod: pod,
  Deployment: {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta('sample'),
    spec: {
      replicas: 0,
      selector: { matchLabels: { app: 'sample' }, matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['frontend'] }] },
      template,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '50%' } },
      minReadySeconds: 5,
      revisionHistoryLimit: 3,
      progressDeadlineSeconds: 120,
    },
  },
  ReplicaSet: {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: meta('sample'),
    spec: { replicas: 2, minReadySeconds: 1, selector: { matchLabels: { app: 'sample' } }, template },
  },
  Lease: {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: meta('sample'),
    spec: {
      holderIdentity: 'sample-0_4a5b',
      leaseDurationSeconds: 15,
      acquireTime: '2026-01-02T03:04:05.123456Z',
      renewTime: '2026-01-02T03:04:20.654321Z',
      leaseTransitions: 2,
    },
  },
  Event: {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: meta('sample.1a2b'),
    involvedObject: {
      apiVersion: 'v1',
      kind: 'Pod',
      namespace: 'samples',
      name: 'sample',
      uid: '5e9c1c38-5d5e-4f0b-9d5a-1f3b2d1c0a02',
      fieldPath: 'spec.containers{app}',
    },
    reason: 'BackOff',
    message: 'Back-off restarting failed container',
    source: { component: 'kubelet', host: 'node-1' },
    firstTimestamp: '2026-01-02T03:04:05Z',
    lastTimestamp: '2026-01-02T03:09:05Z',
    count: 7,
    type: 'Warning',
  },
  EventV1: {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: meta('sample.3c4d'),
    eventTime: '2026-01-02T03:04:05.000123Z',
    series: { count: 3, lastObservedTime: '2026-01-02T03:05:05.500000Z' },
    reportingController: 'example.com/sample-controller',
    reportingInstance: 'sample-controller-0',
    action: 'Reconcile',
    reason: 'Synced',
    regarding: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'samples', name: 'sample' },
    related: { apiVersion: 'v1', kind: 'Pod', namespace: 'samples', name: 'sample' },
    note: 'synced the sample',
    type: 'Normal',
  },
  CustomResourceDefinition: crd,
  Role: {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: meta('sample'),
    rules: [{ apiGroups: [''], resources: ['configmaps'], resourceNames: ['sample'], verbs: ['get', 'watch'] }],
  },
  ClusterRole: {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name: 'sample-reader', labels: { app: 'sample' } },
    // No aggregationRule: the aggregation controller would replace these rules with its selectors' (rbac/cluster-role-aggregation.ts).
    rules: [
      { nonResourceURLs: ['/healthz'], verbs: ['get'] },
      { apiGroups: ['apps'], resources: ['deployments', 'deployments/scale'], verbs: ['*'] },
    ],
  },
  RoleBinding: {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: meta('sample'),
    subjects: [
      { kind: 'ServiceAccount', name: 'sample', namespace: 'samples' },
      { kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'jane' },
    ],
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'sample' },
  },
  ClusterRoleBinding: {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name: 'sample-reader' },
    subjects: [{ kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'readers' }],
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'sample-reader' },
  },
  ...networkPolicyScalingSamples,
};
