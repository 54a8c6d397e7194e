/** core/v1 kinds: namespaces, secrets, configmaps, serviceaccounts, services, pods, events. */
import { fieldError, validateQualifiedName, type FieldError, type KubeObject } from '@dojo/kube-api';
import type { ResourceInfo } from '../resource-info.ts';
import type { TableColumn } from '../table-columns.ts';
import { defineBuiltin, field, record } from './define-builtin.ts';
import { defaultPodSpec, validatePodSpec } from './pod-spec.ts';
import { validateEventCreate, validateEventUpdate } from './event-validation.ts';

const col = (name: string, cell: TableColumn['cell'], type: TableColumn['type'] = 'string', priority = 0): TableColumn => ({
  name,
  type,
  description: name,
  priority,
  cell,
});

/**
 * Every namespace carries `kubernetes.io/metadata.name: <name>` (kube >= 1.21, the namespace
 * strategy's Canonicalize): put back on every write, so namespaceSelectors can match by name.
 */
function labelWithName(obj: KubeObject): void {
  const name = obj.metadata.name;
  if (typeof name === 'string' && name !== '') obj.metadata.labels = { ...obj.metadata.labels, 'kubernetes.io/metadata.name': name };
}

export const namespaces = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'namespaces',
  returnsDeletedObject: true,
  kind: 'Namespace',
  namespaced: false,
  shortNames: ['ns'],
  statusSubresource: true,
  finalizeSubresource: true,
  nameValidation: 'label',
  columns: [col('Status', (o) => field(o, 'status', 'phase') ?? '')],
  selectableFields: (o) => ({ 'status.phase': String(field(o, 'status', 'phase') ?? '') }),
  strategy: {
    prepareForCreate(obj) {
      obj.spec = { ...record(obj.spec), finalizers: ['kubernetes'] };
      obj.status = { phase: 'Active' };
      labelWithName(obj);
    },
    prepareForUpdate(obj, old) {
      // spec.finalizers changes only through /finalize.
      obj.spec = old.spec;
      labelWithName(obj);
    },
    beginDeletion(obj) {
      obj.status = { ...record(obj.status), phase: 'Terminating' };
    },
    blocksRemoval: (obj) => ((field(obj, 'spec', 'finalizers') as unknown[] | undefined)?.length ?? 0) > 0,
  },
});

/** Secrets: `stringData` is write-only and merged into base64 `data`, as kube-apiserver does. */
function prepareSecret(obj: KubeObject): void {
  obj.type ??= 'Opaque';
  const stringData = obj.stringData;
  if (stringData && typeof stringData === 'object') {
    const data = { ...record(obj.data) };
    for (const [k, v] of Object.entries(stringData)) data[k] = Buffer.from(String(v)).toString('base64');
    obj.data = data;
  }
  delete obj.stringData;
}

const configKey = /^[-._a-zA-Z0-9]+$/;

function validateDataKeys(obj: KubeObject, fieldName: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const key of Object.keys(record(obj[fieldName]))) {
    if (!configKey.test(key) || key.length > 253) {
      errs.push(fieldError.invalid(`${fieldName}`, key, "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"));
    }
  }
  return errs;
}

function validateSecret(obj: KubeObject): FieldError[] {
  const errs = validateDataKeys(obj, 'data');
  for (const [key, value] of Object.entries(record(obj.data))) {
    if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) {
      errs.push(fieldError.invalid(`data[${key}]`, '<secret contents redacted>', 'must be base64-encoded'));
    }
  }
  return errs;
}

export const secrets = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'secrets',
  kind: 'Secret',
  namespaced: true,
  columns: [
    col('Type', (o) => o.type ?? ''),
    col('Data', (o) => Object.keys(record(o.data)).length, 'integer'),
  ],
  selectableFields: (o) => ({ type: String(o.type ?? '') }),
  strategy: {
    prepareForCreate: prepareSecret,
    prepareForUpdate: prepareSecret,
    validate: validateSecret,
    validateUpdate(obj, old) {
      const errs = validateSecret(obj);
      if (old.type !== obj.type) errs.push(fieldError.invalid('type', obj.type, 'field is immutable'));
      if (old.immutable === true && JSON.stringify(old.data) !== JSON.stringify(obj.data)) {
        errs.push(fieldError.forbidden('data', 'field is immutable when `immutable` is set'));
      }
      return errs;
    },
  },
});

export const configmaps = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'configmaps',
  kind: 'ConfigMap',
  namespaced: true,
  shortNames: ['cm'],
  columns: [col('Data', (o) => Object.keys(record(o.data)).length + Object.keys(record(o.binaryData)).length, 'integer')],
  strategy: { validate: (o) => validateDataKeys(o, 'data') },
});

export const serviceaccounts = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'serviceaccounts',
  returnsDeletedObject: true,
  kind: 'ServiceAccount',
  namespaced: true,
  shortNames: ['sa'],
  columns: [col('Secrets', (o) => (Array.isArray(o.secrets) ? o.secrets.length : 0), 'integer')],
});

let nextClusterIp = 1;
export const services = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'services',
  returnsDeletedObject: true,
  kind: 'Service',
  namespaced: true,
  shortNames: ['svc'],
  categories: ['all'],
  statusSubresource: true,
  nameValidation: 'label',
  columns: [
    col('Type', (o) => field(o, 'spec', 'type') ?? ''),
    col('Cluster-IP', (o) => field(o, 'spec', 'clusterIP') ?? ''),
    col('External-IP', () => '<none>'),
    col('Port(s)', (o) =>
      ((field(o, 'spec', 'ports') as unknown[] | undefined) ?? []).map((p) => `${String(field(p, 'port'))}/${String(field(p, 'protocol') ?? 'TCP')}`).join(',') || '<none>'),
  ],
  strategy: {
    prepareForCreate(obj) {
      const spec = record(obj.spec);
      obj.spec = spec;
      spec.type ??= 'ClusterIP';
      spec.sessionAffinity ??= 'None';
      if (spec.clusterIP === undefined && spec.type !== 'ExternalName') {
        const n = nextClusterIp++;
        spec.clusterIP = `10.96.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
        spec.clusterIPs = [spec.clusterIP];
      }
      if (Array.isArray(spec.ports)) {
        for (const p of spec.ports) {
          const port = record(p);
          port.protocol ??= 'TCP';
          port.targetPort ??= port.port;
        }
      }
      obj.status = { loadBalancer: {} };
    },
    prepareForUpdate(obj, old) {
      const spec = record(obj.spec);
      obj.spec = spec;
      spec.clusterIP ??= field(old, 'spec', 'clusterIP');
      spec.clusterIPs ??= field(old, 'spec', 'clusterIPs');
    },
    validate(obj) {
      const errs: FieldError[] = [];
      const ports = field(obj, 'spec', 'ports');
      if (field(obj, 'spec', 'type') !== 'ExternalName' && (!Array.isArray(ports) || ports.length === 0)) errs.push(fieldError.required('spec.ports'));
      return errs;
    },
  },
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
  statusSubresource: true,
  columns: [
    col('Ready', (o) => {
      const statuses = (field(o, 'status', 'containerStatuses') as unknown[] | undefined) ?? [];
      const total = ((field(o, 'spec', 'containers') as unknown[] | undefined) ?? []).length;
      return `${statuses.filter((s) => field(s, 'ready') === true).length}/${total}`;
    }),
    col('Status', (o) => {
      if (o.metadata.deletionTimestamp) return 'Terminating';
      for (const s of (field(o, 'status', 'containerStatuses') as unknown[] | undefined) ?? []) {
        const reason = field(s, 'state', 'waiting', 'reason');
        if (typeof reason === 'string' && reason !== 'ContainerCreating') return reason;
      }
      return field(o, 'status', 'phase') ?? 'Pending';
    }),
    col('Restarts', (o) =>
      ((field(o, 'status', 'containerStatuses') as unknown[] | undefined) ?? []).reduce<number>((n, s) => n + Number(field(s, 'restartCount') ?? 0), 0), 'integer'),
    col('IP', (o) => field(o, 'status', 'podIP') ?? '<none>', 'string', 1),
    col('Node', (o) => field(o, 'spec', 'nodeName') ?? '<none>', 'string', 1),
  ],
  selectableFields: (o) => ({
    'spec.nodeName': String(field(o, 'spec', 'nodeName') ?? ''),
    'spec.restartPolicy': String(field(o, 'spec', 'restartPolicy') ?? ''),
    'spec.schedulerName': String(field(o, 'spec', 'schedulerName') ?? ''),
    'spec.serviceAccountName': String(field(o, 'spec', 'serviceAccountName') ?? ''),
    'status.phase': String(field(o, 'status', 'phase') ?? ''),
    'status.podIP': String(field(o, 'status', 'podIP') ?? ''),
  }),
  strategy: {
    prepareForCreate(obj) {
      const spec = record(obj.spec);
      obj.spec = spec;
      defaultPodSpec(spec);
      spec.serviceAccountName ??= 'default';
      obj.status = { phase: 'Pending', qosClass: 'BestEffort' };
    },
    validate: (obj) => validatePodSpec(obj.spec, 'spec'),
    validateUpdate(obj, old) {
      const errs = validatePodSpec(obj.spec, 'spec');
      // Pods are mostly immutable: only container images and a few fields may change.
      const strip = (spec: unknown): unknown => {
        const s = structuredClone(record(spec));
        for (const c of (s.containers as unknown[] | undefined) ?? []) delete record(c).image;
        delete s.activeDeadlineSeconds;
        delete s.tolerations;
        return s;
      };
      if (JSON.stringify(strip(obj.spec)) !== JSON.stringify(strip(old.spec))) {
        errs.push(fieldError.forbidden('spec', 'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)'));
      }
      return errs;
    },
  },
});

const eventFields = (o: KubeObject): Record<string, string> => ({
  'involvedObject.kind': String(field(o, 'involvedObject', 'kind') ?? ''),
  'involvedObject.namespace': String(field(o, 'involvedObject', 'namespace') ?? ''),
  'involvedObject.name': String(field(o, 'involvedObject', 'name') ?? ''),
  'involvedObject.uid': String(field(o, 'involvedObject', 'uid') ?? ''),
  'involvedObject.apiVersion': String(field(o, 'involvedObject', 'apiVersion') ?? ''),
  'involvedObject.resourceVersion': String(field(o, 'involvedObject', 'resourceVersion') ?? ''),
  'involvedObject.fieldPath': String(field(o, 'involvedObject', 'fieldPath') ?? ''),
  reason: String(o.reason ?? ''),
  reportingComponent: String(o.reportingComponent ?? ''),
  source: String(field(o, 'source', 'component') ?? ''),
  type: String(o.type ?? ''),
});

export const coreEvents = defineBuiltin({
  group: '',
  version: 'v1',
  resource: 'events',
  kind: 'Event',
  namespaced: true,
  shortNames: ['ev'],
  bucket: 'core/events',
  columns: [
    col('Type', (o) => o.type ?? ''),
    col('Reason', (o) => o.reason ?? ''),
    col('Object', (o) => `${String(field(o, 'involvedObject', 'kind') ?? '').toLowerCase()}/${String(field(o, 'involvedObject', 'name') ?? '')}`),
    col('Message', (o) => o.message ?? ''),
  ],
  selectableFields: eventFields,
  strategy: {
    validate: (obj) => validateEventCreate(obj, false),
    validateUpdate: (obj, old) => validateEventUpdate(obj, old, false),
  },
});

export function qualifiedNameErrors(path: string, value: string): FieldError[] {
  return validateQualifiedName(value).map((m) => fieldError.invalid(path, value, m));
}

export const coreKinds: ResourceInfo[] = [namespaces, secrets, configmaps, serviceaccounts, services, pods, coreEvents];
