/** apps/v1 StatefulSets, DaemonSets and ControllerRevisions, with kubectl's columns for each. */
import type { KubeObject } from '@dojo/kube-api';
import { statusStrategy } from '../status-strategy.ts';
import { controllerRevisionStrategy } from './controller-revision-strategy.ts';
import { daemonSetStrategy } from './daemonset-strategy.ts';
import { defineBuiltin } from './define-builtin.ts';
import { column, containerColumns, formatLabels, formatLabelSelector } from './printer-cells.ts';
import { statefulSetStrategy } from './statefulset-strategy.ts';
import { field } from './unstructured.ts';

const count = (o: KubeObject, ...path: string[]): number => Number(field(o, ...path) ?? 0);

export const statefulsets = defineBuiltin({
  group: 'apps',
  version: 'v1',
  resource: 'statefulsets',
  kind: 'StatefulSet',
  namespaced: true,
  shortNames: ['sts'],
  categories: ['all'],
  strategy: statefulSetStrategy,
  subresources: {
    status: statusStrategy(statefulSetStrategy),
    scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' },
  },
  columns: [column('Ready', (o) => `${count(o, 'status', 'readyReplicas')}/${count(o, 'spec', 'replicas')}`)],
  columnsAfterAge: containerColumns('spec', 'template', 'spec'),
});

export const daemonsets = defineBuiltin({
  group: 'apps',
  version: 'v1',
  resource: 'daemonsets',
  kind: 'DaemonSet',
  namespaced: true,
  shortNames: ['ds'],
  categories: ['all'],
  strategy: daemonSetStrategy,
  subresources: { status: statusStrategy(daemonSetStrategy) },
  columns: [
    column('Desired', (o) => count(o, 'status', 'desiredNumberScheduled'), 'integer'),
    column('Current', (o) => count(o, 'status', 'currentNumberScheduled'), 'integer'),
    column('Ready', (o) => count(o, 'status', 'numberReady'), 'integer'),
    column('Up-to-date', (o) => count(o, 'status', 'updatedNumberScheduled'), 'integer'),
    column('Available', (o) => count(o, 'status', 'numberAvailable'), 'integer'),
    column('Node Selector', (o) => formatLabels(field(o, 'spec', 'template', 'spec', 'nodeSelector'))),
  ],
  columnsAfterAge: [...containerColumns('spec', 'template', 'spec'), column('Selector', (o) => formatLabelSelector(field(o, 'spec', 'selector')), 'string', 1)],
});

/** printControllerRevision's Controller: "<kind>.<group>/<name>" of the controller owner reference. */
function controllerOf(o: KubeObject): string {
  const ref = (o.metadata.ownerReferences ?? []).find((r) => r.controller === true);
  if (!ref) return '<none>';
  const slash = ref.apiVersion.indexOf('/');
  const group = slash < 0 ? '' : ref.apiVersion.slice(0, slash);
  return `${(group ? `${ref.kind}.${group}` : ref.kind).toLowerCase()}/${ref.name}`;
}

export const controllerrevisions = defineBuiltin({
  group: 'apps',
  version: 'v1',
  resource: 'controllerrevisions',
  kind: 'ControllerRevision',
  namespaced: true,
  strategy: controllerRevisionStrategy,
  columns: [column('Controller', controllerOf), column('Revision', (o) => Number(o.revision ?? 0), 'string')],
});
