/** apps/v1 Deployments and ReplicaSets (rules in workload-strategies.ts), and coordination.k8s.io Leases. */
import { statusStrategy } from '../status-strategy.ts';
import { defineBuiltin } from './define-builtin.ts';
import { leaseStrategy } from './lease-strategy.ts';
import { column, containerColumns, formatLabelSelector } from './printer-cells.ts';
import { field } from './unstructured.ts';
import { deploymentStrategy, replicaSetStrategy } from './workload-strategies.ts';

/** printDeployment / printReplicaSet with -o wide: after Age, as kubectl prints them. */
const workloadWideColumns = [
  ...containerColumns('spec', 'template', 'spec'),
  column('Selector', (o) => formatLabelSelector(field(o, 'spec', 'selector')), 'string', 1),
];

const workloadScale = { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' };

export const deployments = defineBuiltin({
  group: 'apps',
  version: 'v1',
  resource: 'deployments',
  kind: 'Deployment',
  namespaced: true,
  shortNames: ['deploy'],
  categories: ['all'],
  strategy: deploymentStrategy,
  subresources: { status: statusStrategy(deploymentStrategy, { storedMetadata: ['labels'] }), scale: workloadScale },
  columns: [
    column('Ready', (o) => `${Number(field(o, 'status', 'readyReplicas') ?? 0)}/${Number(field(o, 'spec', 'replicas') ?? 0)}`),
    column('Up-to-date', (o) => Number(field(o, 'status', 'updatedReplicas') ?? 0), 'integer'),
    column('Available', (o) => Number(field(o, 'status', 'availableReplicas') ?? 0), 'integer'),
  ],
  columnsAfterAge: workloadWideColumns,
});

export const replicasets = defineBuiltin({
  group: 'apps',
  version: 'v1',
  resource: 'replicasets',
  kind: 'ReplicaSet',
  namespaced: true,
  shortNames: ['rs'],
  categories: ['all'],
  strategy: replicaSetStrategy,
  subresources: { status: statusStrategy(replicaSetStrategy), scale: workloadScale },
  columns: [
    column('Desired', (o) => Number(field(o, 'spec', 'replicas') ?? 0), 'integer'),
    column('Current', (o) => Number(field(o, 'status', 'replicas') ?? 0), 'integer'),
    column('Ready', (o) => Number(field(o, 'status', 'readyReplicas') ?? 0), 'integer'),
  ],
  columnsAfterAge: workloadWideColumns,
});

export const leases = defineBuiltin({
  group: 'coordination.k8s.io',
  version: 'v1',
  resource: 'leases',
  kind: 'Lease',
  namespaced: true,
  strategy: leaseStrategy,
  columns: [column('Holder', (o) => field(o, 'spec', 'holderIdentity') ?? '')],
});
