/**
 * Samples (see builtin-samples.ts) of the networking, policy, autoscaling, discovery, storage and
 * scheduling kinds: every message of their protobuf tables is reached, with no zero-valued
 * optional field, so a lossless encoding gives back exactly the same JSON.
 */
import type { KubeObject } from '@dojo/kube-api';

type Sample = KubeObject & { apiVersion: string; kind: string };

const meta = (name: string) => ({ name, namespace: 'samples', labels: { app: 'sample' }, annotations: { 'example.com/note': 'a sample' } });
const selector = { matchLabels: { app: 'sample' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['backend'] }] };

export const networkPolicyScalingSamples: Record<string, Sample> = {
  Ingress: {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: meta('sample'),
    spec: {
      ingressClassName: 'sample',
      defaultBackend: { resource: { apiGroup: 'example.com', kind: 'Bucket', name: 'static' } },
      tls: [{ hosts: ['sample.example.com'], secretName: 'sample-tls' }],
      rules: [
        {
          host: 'sample.example.com',
          http: {
            paths: [
              { path: '/api', pathType: 'Prefix', backend: { service: { name: 'sample', port: { number: 8080 } } } },
              { path: '/web', pathType: 'Exact', backend: { service: { name: 'web', port: { name: 'http' } } } },
            ],
          },
        },
      ],
    },
  },
  IngressClass: {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'IngressClass',
    metadata: { name: 'sample', labels: { app: 'sample' } },
    spec: {
      controller: 'example.com/ingress',
      parameters: { apiGroup: 'example.com', kind: 'IngressParameters', name: 'sample', scope: 'Namespace', namespace: 'samples' },
    },
  },
  NetworkPolicy: {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: meta('sample'),
    spec: {
      podSelector: selector,
      ingress: [
        {
          ports: [
            { protocol: 'TCP', port: 8080, endPort: 8090 },
            { protocol: 'UDP', port: 'dns' },
          ],
          from: [
            { podSelector: { matchLabels: { role: 'client' } }, namespaceSelector: { matchLabels: { team: 'a' } } },
            { ipBlock: { cidr: '10.0.0.0/16', except: ['10.0.1.0/24'] } },
          ],
        },
      ],
      egress: [{ ports: [{ protocol: 'TCP', port: 443 }], to: [{ ipBlock: { cidr: '0.0.0.0/0' } }] }],
      policyTypes: ['Ingress', 'Egress'],
    },
  },
  PodDisruptionBudget: {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: meta('sample'),
    spec: { minAvailable: '50%', selector, unhealthyPodEvictionPolicy: 'AlwaysAllow' },
  },
  HorizontalPodAutoscaler: {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: meta('sample'),
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'sample' },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } },
        { type: 'ContainerResource', containerResource: { name: 'memory', container: 'app', target: { type: 'AverageValue', averageValue: '512Mi' } } },
        { type: 'Pods', pods: { metric: { name: 'requests_per_second', selector }, target: { type: 'AverageValue', averageValue: '100' } } },
        {
          type: 'Object',
          object: {
            describedObject: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'sample' },
            metric: { name: 'hits' },
            target: { type: 'Value', value: '2k' },
          },
        },
        { type: 'External', external: { metric: { name: 'queue_depth' }, target: { type: 'AverageValue', averageValue: '30' } } },
      ],
      behavior: {
        scaleUp: { stabilizationWindowSeconds: 30, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 60 }], tolerance: '50m' },
        scaleDown: { stabilizationWindowSeconds: 300, selectPolicy: 'Min', policies: [{ type: 'Percent', value: 10, periodSeconds: 60 }] },
      },
    },
  },
  EndpointSlice: {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: meta('sample-abcde'),
    addressType: 'IPv4',
    endpoints: [
      {
        addresses: ['10.1.2.3'],
        conditions: { ready: true, serving: true, terminating: false },
        hostname: 'sample-0',
        targetRef: { kind: 'Pod', namespace: 'samples', name: 'sample-0', uid: '5e9c1c38-5d5e-4f0b-9d5a-1f3b2d1c0a02' },
        nodeName: 'node-a',
        zone: 'zone-a',
        hints: { forZones: [{ name: 'zone-a' }], forNodes: [{ name: 'node-a' }] },
      },
    ],
    ports: [{ name: 'http', protocol: 'TCP', port: 8080, appProtocol: 'http' }],
  },
  StorageClass: {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name: 'sample', annotations: { 'storageclass.kubernetes.io/is-default-class': 'false' } },
    provisioner: 'example.com/disk',
    parameters: { type: 'ssd' },
    reclaimPolicy: 'Retain',
    mountOptions: ['noatime'],
    allowVolumeExpansion: true,
    volumeBindingMode: 'WaitForFirstConsumer',
    allowedTopologies: [{ matchLabelExpressions: [{ key: 'topology.kubernetes.io/zone', values: ['zone-a'] }] }],
  },
  PriorityClass: {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name: 'sample', labels: { app: 'sample' } },
    value: 1000,
    description: 'A sample priority.',
    preemptionPolicy: 'Never',
  },
};
