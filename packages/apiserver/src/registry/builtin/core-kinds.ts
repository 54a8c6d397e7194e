/**
 * core/v1 kinds: namespaces, secrets, configmaps, serviceaccounts, services, pods, events. Their
 * write rules are the strategies next to this file (namespace-strategy.ts, ...).
 */
import type { KubeObject } from '@dojo/kube-api';
import type { ResourceInfo } from '../resource-info.ts';
import { statusStrategy } from '../status-strategy.ts';
import { configMapStrategy, secretStrategy } from './config-strategies.ts';
import { column } from './printer-cells.ts';
import { allVerbs, defineBuiltin } from './define-builtin.ts';
import { eventStrategy } from './event-strategy.ts';
import { namespaceFinalizeStrategy, namespaceStatusStrategy, namespaceStrategy } from './namespace-strategy.ts';
import { podStrategy } from './pod-strategy.ts';
import { serviceColumns } from './service-columns.ts';
import { serviceStrategy } from './service-strategy.ts';
import { field, record, textsAtPaths } from './unstructured.ts';

export const namespaces = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'namespaces',
  returnsDeletedObject: true,
  kind: 'Namespace',
  namespaced: false,
  shortNames: ['ns'],
  // Namespace storage is no CollectionDeleter: a whole cluster's namespaces cannot go in one call.
  verbs: allVerbs.filter((verb) => verb !== 'deletecollection'),
  strategy: namespaceStrategy,
  subresources: { status: namespaceStatusStrategy, finalize: namespaceFinalizeStrategy },
  nameValidation: 'label',
  columns: [column('Status', (o) => field(o, 'status', 'phase') ?? '')],
  selectableFields: (o) => ({ 'status.phase': String(field(o, 'status', 'phase') ?? '') }),
});

export const secrets = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'secrets',
  kind: 'Secret',
  namespaced: true,
  strategy: secretStrategy,
  columns: [column('Type', (o) => o.type ?? ''), column('Data', (o) => Object.keys(record(o.data)).length, 'integer')],
  selectableFields: (o) => ({ type: String(o.type ?? '') }),
});

export const configmaps = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'configmaps',
  kind: 'ConfigMap',
  namespaced: true,
  shortNames: ['cm'],
  strategy: configMapStrategy,
  columns: [column('Data', (o) => Object.keys(record(o.data)).length + Object.keys(record(o.binaryData)).length, 'integer')],
});

export const serviceaccounts = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'serviceaccounts',
  returnsDeletedObject: true,
  kind: 'ServiceAccount',
  namespaced: true,
  shortNames: ['sa'],
  subresources: { token: true },
  // kube's printer has shown only Name and Age since the token controller stopped filling `secrets` (1.24).
  columns: [],
});

export const services = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'services',
  returnsDeletedObject: true,
  kind: 'Service',
  namespaced: true,
  shortNames: ['svc'],
  categories: ['all'],
  strategy: serviceStrategy,
  subresources: { status: statusStrategy(serviceStrategy) },
  nameValidation: 'label',
  ...serviceColumns,
});

export const pods = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'pods',
  returnsDeletedObject: true,
  kind: 'Pod',
  namespaced: true,
  shortNames: ['po'],
  categories: ['all'],
  strategy: podStrategy,
  subresources: { status: statusStrategy(podStrategy, { storedMetadata: ['ownerReferences'] }), log: true },
  columns: [
    column('Ready', (o) => {
      const statuses = (field(o, 'status', 'containerStatuses') as unknown[] | undefined) ?? [];
      const total = ((field(o, 'spec', 'containers') as unknown[] | undefined) ?? []).length;
      return `${statuses.filter((s) => field(s, 'ready') === true).length}/${total}`;
    }),
    column('Status', (o) => {
      if (o.metadata.deletionTimestamp) return 'Terminating';
      for (const s of (field(o, 'status', 'containerStatuses') as unknown[] | undefined) ?? []) {
        const reason = field(s, 'state', 'waiting', 'reason');
        if (typeof reason === 'string' && reason !== 'ContainerCreating') return reason;
        // printPod: an exited container shows its reason ("Completed", "Error"), as for Job Pods.
        const exited = field(s, 'state', 'terminated', 'reason');
        if (typeof exited === 'string' && exited !== '') return exited;
      }
      return field(o, 'status', 'phase') ?? 'Pending';
    }),
    column(
      'Restarts',
      (o) => ((field(o, 'status', 'containerStatuses') as unknown[] | undefined) ?? []).reduce<number>((n, s) => n + Number(field(s, 'restartCount') ?? 0), 0),
      'integer',
    ),
    column('IP', (o) => field(o, 'status', 'podIP') ?? '<none>', 'string', 1),
    column('Node', (o) => field(o, 'spec', 'nodeName') ?? '<none>', 'string', 1),
  ],
  selectableFields: (o) =>
    textsAtPaths(o, ['spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName', 'spec.serviceAccountName', 'status.phase', 'status.podIP']),
});

const eventFields = (o: KubeObject): Record<string, string> => ({
  ...textsAtPaths(o, [
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.name',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'involvedObject.resourceVersion',
    'involvedObject.fieldPath',
    'reason',
    'reportingComponent',
    'type',
  ]),
  // The one label that is not its path: `source` selects on source.component.
  source: String(field(o, 'source', 'component') ?? ''),
});

export const coreEvents = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'events',
  kind: 'Event',
  namespaced: true,
  shortNames: ['ev'],
  bucket: 'core/events',
  strategy: eventStrategy,
  columns: [
    column('Type', (o) => o.type ?? ''),
    column('Reason', (o) => o.reason ?? ''),
    column('Object', (o) => `${String(field(o, 'involvedObject', 'kind') ?? '').toLowerCase()}/${String(field(o, 'involvedObject', 'name') ?? '')}`),
    column('Message', (o) => o.message ?? ''),
  ],
  selectableFields: eventFields,
});

export const coreKinds: ResourceInfo[] = [namespaces, secrets, configmaps, serviceaccounts, services, pods, coreEvents];
