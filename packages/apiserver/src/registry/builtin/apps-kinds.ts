/** apps/v1 Deployments and ReplicaSets: defaults, validation and the scale subresource. */
import { fieldError, LabelSelector, type FieldError, type KubeObject, type LabelSelectorObject } from '@dojo/kube-api';
import type { TableColumn } from '../table-columns.ts';
import { defineBuiltin, field, record } from './define-builtin.ts';
import { defaultPodSpec, validatePodSpec } from './pod-spec.ts';

const col = (name: string, cell: TableColumn['cell'], type: TableColumn['type'] = 'string', priority = 0): TableColumn => ({
  name,
  type,
  description: name,
  priority,
  cell,
});

function validateWorkload(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const spec = record(obj.spec);
  const replicas = spec.replicas;
  if (replicas !== undefined && (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0)) {
    errs.push(fieldError.invalid('spec.replicas', replicas, 'must be greater than or equal to 0'));
  }
  const selector = spec.selector as LabelSelectorObject | undefined;
  if (!selector || (Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0)) {
    errs.push(fieldError.required('spec.selector'));
    errs.push(fieldError.invalid('spec.selector', selector ?? {}, 'empty selector is invalid for deployment'));
  } else {
    const labels = (field(spec, 'template', 'metadata', 'labels') ?? {}) as Record<string, string>;
    let matches = false;
    try {
      matches = LabelSelector.fromObject(selector).matches(labels);
    } catch {
      matches = false;
    }
    if (!matches) errs.push(fieldError.invalid('spec.template.metadata.labels', labels, '`selector` does not match template `labels`'));
  }
  errs.push(...validatePodSpec(field(spec, 'template', 'spec'), 'spec.template.spec'));
  return errs;
}

function validateWorkloadUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateWorkload(obj);
  if (JSON.stringify(field(obj, 'spec', 'selector')) !== JSON.stringify(field(old, 'spec', 'selector'))) {
    errs.push(fieldError.invalid('spec.selector', field(obj, 'spec', 'selector'), 'field is immutable'));
  }
  return errs;
}

function defaultTemplate(spec: Record<string, unknown>): void {
  const template = record(spec.template);
  spec.template = template;
  template.metadata ??= {};
  const podSpec = record(template.spec);
  template.spec = podSpec;
  defaultPodSpec(podSpec);
}

function defaultDeployment(obj: KubeObject): void {
  const spec = record(obj.spec);
  obj.spec = spec;
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  spec.progressDeadlineSeconds ??= 600;
  const strategy = record(spec.strategy);
  spec.strategy = strategy;
  strategy.type ??= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') strategy.rollingUpdate = { maxUnavailable: '25%', maxSurge: '25%', ...record(strategy.rollingUpdate) };
  defaultTemplate(spec);
}

const workloadScale = { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' };

export const deployments = defineBuiltin({
  group: 'apps',
  version: 'v1',
  resource: 'deployments',
  kind: 'Deployment',
  namespaced: true,
  shortNames: ['deploy'],
  categories: ['all'],
  statusSubresource: true,
  scale: workloadScale,
  columns: [
    col('Ready', (o) => `${Number(field(o, 'status', 'readyReplicas') ?? 0)}/${Number(field(o, 'spec', 'replicas') ?? 0)}`),
    col('Up-to-date', (o) => Number(field(o, 'status', 'updatedReplicas') ?? 0), 'integer'),
    col('Available', (o) => Number(field(o, 'status', 'availableReplicas') ?? 0), 'integer'),
    col('Containers', (o) => ((field(o, 'spec', 'template', 'spec', 'containers') as unknown[] | undefined) ?? []).map((c) => field(c, 'name')).join(','), 'string', 1),
    col('Images', (o) => ((field(o, 'spec', 'template', 'spec', 'containers') as unknown[] | undefined) ?? []).map((c) => field(c, 'image')).join(','), 'string', 1),
  ],
  strategy: {
    tracksGeneration: true,
    prepareForCreate(obj) {
      defaultDeployment(obj);
      delete obj.status;
    },
    prepareForUpdate: (obj) => defaultDeployment(obj),
    validate: validateWorkload,
    validateUpdate: validateWorkloadUpdate,
  },
});

function defaultReplicaSet(obj: KubeObject): void {
  const spec = record(obj.spec);
  obj.spec = spec;
  spec.replicas ??= 1;
  defaultTemplate(spec);
}

export const replicasets = defineBuiltin({
  group: 'apps',
  version: 'v1',
  resource: 'replicasets',
  kind: 'ReplicaSet',
  namespaced: true,
  shortNames: ['rs'],
  categories: ['all'],
  statusSubresource: true,
  scale: workloadScale,
  columns: [
    col('Desired', (o) => Number(field(o, 'spec', 'replicas') ?? 0), 'integer'),
    col('Current', (o) => Number(field(o, 'status', 'replicas') ?? 0), 'integer'),
    col('Ready', (o) => Number(field(o, 'status', 'readyReplicas') ?? 0), 'integer'),
  ],
  strategy: {
    tracksGeneration: true,
    prepareForCreate(obj) {
      defaultReplicaSet(obj);
      obj.status = { replicas: 0 };
    },
    prepareForUpdate: (obj) => defaultReplicaSet(obj),
    validate: validateWorkload,
    validateUpdate: validateWorkloadUpdate,
  },
});

export const leases = defineBuiltin({
  group: 'coordination.k8s.io',
  version: 'v1',
  resource: 'leases',
  kind: 'Lease',
  namespaced: true,
  columns: [col('Holder', (o) => field(o, 'spec', 'holderIdentity') ?? '')],
});
