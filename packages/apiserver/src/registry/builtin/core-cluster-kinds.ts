/**
 * core/v1 PersistentVolumeClaims, PersistentVolumes, Endpoints, Nodes, LimitRanges and
 * ResourceQuotas, with kubectl's columns for each (LimitRange has no printer in kube: it gets
 * rest.DefaultTableConvertor's Name and Created At).
 */
import type { KubeObject } from '@dojo/kube-api';
import type { ResourceInfo } from '../resource-info.ts';
import { statusStrategy } from '../status-strategy.ts';
import { defineBuiltin } from './define-builtin.ts';
import { endpointsStrategy } from './endpoints-strategy.ts';
import { nodeStrategy } from './node-strategy.ts';
import { accessModesText, column } from './printer-cells.ts';
import { limitRangeStrategy, resourceQuotaStrategy } from './quota-strategies.ts';
import { persistentVolumeClaimStrategy, persistentVolumeStrategy } from './volume-strategies.ts';
import { field, record } from './unstructured.ts';

const betaStorageClassAnnotation = 'volume.beta.kubernetes.io/storage-class';

/** helper.GetPersistentVolume(Claim)Class: the beta annotation wins over spec.storageClassName. */
const storageClassOf = (o: KubeObject): string => o.metadata.annotations?.[betaStorageClassAnnotation] ?? String(field(o, 'spec', 'storageClassName') ?? '');
const phaseOf = (o: KubeObject): string => (o.metadata.deletionTimestamp ? 'Terminating' : String(field(o, 'status', 'phase') ?? ''));
const volumeModeOf = (o: KubeObject): string => String(field(o, 'spec', 'volumeMode') ?? '<unset>');
const attributesClassOf = (o: KubeObject): string => String(field(o, 'spec', 'volumeAttributesClassName') ?? '<unset>');

export const persistentvolumeclaims = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'persistentvolumeclaims',
  kind: 'PersistentVolumeClaim',
  namespaced: true,
  shortNames: ['pvc'],
  strategy: persistentVolumeClaimStrategy,
  returnsDeletedObject: true,
  subresources: { status: statusStrategy(persistentVolumeClaimStrategy) },
  columns: [
    column('Status', phaseOf),
    column('Volume', (o) => field(o, 'spec', 'volumeName') ?? ''),
    // Capacity and access modes are the bound volume's, shown once the claim names one.
    column('Capacity', (o) => (field(o, 'spec', 'volumeName') ? String(field(o, 'status', 'capacity', 'storage') ?? '0') : '')),
    column('Access Modes', (o) => (field(o, 'spec', 'volumeName') ? accessModesText(field(o, 'status', 'accessModes')) : '')),
    column('StorageClass', storageClassOf),
    column('VolumeAttributesClass', attributesClassOf),
  ],
  columnsAfterAge: [column('VolumeMode', volumeModeOf, 'string', 1)],
  selectableFields: (o) => ({ name: o.metadata.name ?? '' }),
});

export const persistentvolumes = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'persistentvolumes',
  kind: 'PersistentVolume',
  namespaced: false,
  shortNames: ['pv'],
  strategy: persistentVolumeStrategy,
  returnsDeletedObject: true,
  subresources: { status: statusStrategy(persistentVolumeStrategy) },
  columns: [
    column('Capacity', (o) => String(field(o, 'spec', 'capacity', 'storage') ?? '0')),
    column('Access Modes', (o) => accessModesText(field(o, 'spec', 'accessModes'))),
    column('Reclaim Policy', (o) => field(o, 'spec', 'persistentVolumeReclaimPolicy') ?? ''),
    column('Status', phaseOf),
    column('Claim', (o) =>
      field(o, 'spec', 'claimRef') ? `${String(field(o, 'spec', 'claimRef', 'namespace') ?? '')}/${String(field(o, 'spec', 'claimRef', 'name') ?? '')}` : '',
    ),
    column('StorageClass', storageClassOf),
    column('VolumeAttributesClass', attributesClassOf),
    column('Reason', (o) => field(o, 'status', 'reason') ?? ''),
  ],
  columnsAfterAge: [column('VolumeMode', volumeModeOf, 'string', 1)],
  selectableFields: (o) => ({ name: o.metadata.name ?? '' }),
});

/** formatEndpoints: up to three ip:port pairs, then "+ N more...". */
function endpointsText(o: KubeObject): string {
  const subsets = Array.isArray(o.subsets) ? o.subsets : [];
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  let count = 0;
  let more = false;
  const add = (text: string): void => {
    if (list.length === 3) more = true;
    else list.push(text);
  };
  for (const subset of subsets) {
    const addresses = ((record(subset).addresses as unknown[] | undefined) ?? []).map((a) => String(field(a, 'ip') ?? ''));
    const ports = (record(subset).ports as unknown[] | undefined) ?? [];
    if (ports.length === 0) {
      count += addresses.length;
      addresses.forEach(add);
      continue;
    }
    for (const port of ports) {
      count += addresses.length;
      for (const ip of addresses) add(ip.includes(':') ? `[${ip}]:${String(field(port, 'port'))}` : `${ip}:${String(field(port, 'port'))}`);
    }
  }
  return more ? `${list.join(',')} + ${count - 3} more...` : list.join(',');
}

export const endpoints = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'endpoints',
  kind: 'Endpoints',
  singular: 'endpoints',
  namespaced: true,
  shortNames: ['ep'],
  strategy: endpointsStrategy,
  deprecated: { since: '1.33', replacement: 'discovery.k8s.io/v1 EndpointSlice' },
  columns: [column('Endpoints', endpointsText)],
});

/** printNode's Status: Ready or NotReady (Unknown without the condition), SchedulingDisabled when cordoned. */
function nodeStatus(o: KubeObject): string {
  const ready = ((field(o, 'status', 'conditions') as unknown[] | undefined) ?? []).find((c) => field(c, 'type') === 'Ready');
  const status = [ready ? (field(ready, 'status') === 'True' ? 'Ready' : 'NotReady') : 'Unknown'];
  if (field(o, 'spec', 'unschedulable') === true) status.push('SchedulingDisabled');
  return status.join(',');
}

/** findNodeRoles: node-role.kubernetes.io/<role> labels and the kubernetes.io/role label, sorted. */
function nodeRoles(o: KubeObject): string {
  const roles = new Set<string>();
  for (const [key, value] of Object.entries(o.metadata.labels ?? {})) {
    if (key.startsWith('node-role.kubernetes.io/')) {
      const role = key.slice('node-role.kubernetes.io/'.length);
      if (role) roles.add(role);
    } else if (key === 'kubernetes.io/role' && value !== '') roles.add(value);
  }
  return [...roles].sort().join(',') || '<none>';
}

const nodeAddress = (o: KubeObject, type: string): string =>
  String(
    field(
      ((field(o, 'status', 'addresses') as unknown[] | undefined) ?? []).find((a) => field(a, 'type') === type),
      'address',
    ) ?? '<none>',
  );
const nodeInfo = (o: KubeObject, name: string): string => String(field(o, 'status', 'nodeInfo', name) ?? '') || '<unknown>';

export const nodes = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'nodes',
  kind: 'Node',
  namespaced: false,
  shortNames: ['no'],
  strategy: nodeStrategy,
  subresources: { status: statusStrategy(nodeStrategy) },
  columns: [column('Status', nodeStatus), column('Roles', nodeRoles)],
  columnsAfterAge: [
    column('Version', (o) => field(o, 'status', 'nodeInfo', 'kubeletVersion') ?? ''),
    column('Internal-IP', (o) => nodeAddress(o, 'InternalIP'), 'string', 1),
    column('External-IP', (o) => nodeAddress(o, 'ExternalIP'), 'string', 1),
    column('OS-Image', (o) => nodeInfo(o, 'osImage'), 'string', 1),
    column(
      'Kernel-Version',
      (o) => {
        const architecture = field(o, 'status', 'nodeInfo', 'architecture');
        return `${nodeInfo(o, 'kernelVersion')}${architecture ? ` (${String(architecture)})` : ''}`;
      },
      'string',
      1,
    ),
    column('Container-Runtime', (o) => nodeInfo(o, 'containerRuntimeVersion'), 'string', 1),
  ],
  selectableFields: (o) => ({ 'spec.unschedulable': String(field(o, 'spec', 'unschedulable') === true) }),
});

export const limitranges = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'limitranges',
  kind: 'LimitRange',
  namespaced: true,
  shortNames: ['limits'],
  strategy: limitRangeStrategy,
  defaultTable: true,
});

/** printResourceQuota: "name: used/hard" per resource, limits.* in the Limit column. */
function quotaCells(o: KubeObject): { request: string; limit: string } {
  const hard = record(field(o, 'status', 'hard'));
  const used = record(field(o, 'status', 'used'));
  const request: string[] = [];
  const limit: string[] = [];
  for (const name of Object.keys(hard).sort()) {
    const parts = name.split('.');
    (parts.length > 1 && parts[0] === 'limits' ? limit : request).push(`${name}: ${String(used[name] ?? '0')}/${String(hard[name])}`);
  }
  return { request: request.join(', '), limit: limit.join(', ') };
}

export const resourcequotas = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'resourcequotas',
  kind: 'ResourceQuota',
  namespaced: true,
  shortNames: ['quota'],
  strategy: resourceQuotaStrategy,
  returnsDeletedObject: true,
  subresources: { status: statusStrategy(resourceQuotaStrategy) },
  columns: [column('Request', (o) => quotaCells(o).request), column('Limit', (o) => quotaCells(o).limit)],
});

export const coreClusterKinds: ResourceInfo[] = [persistentvolumeclaims, persistentvolumes, endpoints, nodes, limitranges, resourcequotas];
