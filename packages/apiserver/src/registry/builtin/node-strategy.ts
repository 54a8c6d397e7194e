/**
 * core/v1 Nodes (pkg/registry/core/node/strategy.go and ValidateNode/ValidateNodeUpdate): status
 * is the kubelet's and changes through /status; taints must be unique by key and effect (kube
 * reports them under metadata.taints); podCIDRs may only go from unset to set, providerID likewise.
 */
import { fieldError, semanticEqual, validateLabelValue, validateQualifiedName, type FieldError, type KubeObject } from '@dojo/kube-api';
import { keepStoredStatus } from '../status-strategy.ts';
import type { Strategy } from '../strategy.ts';
import { field, record } from './unstructured.ts';

const effects = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

function validateTaints(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const taints = field(obj, 'spec', 'taints');
  const seen = new Set<string>();
  (Array.isArray(taints) ? taints : []).forEach((t, i) => {
    const taint = record(t);
    const path = `metadata.taints[${i}]`;
    const key = typeof taint.key === 'string' ? taint.key : '';
    for (const msg of validateQualifiedName(key)) errs.push(fieldError.invalid(`${path}.key`, key, msg));
    if (typeof taint.value === 'string') {
      const msgs = validateLabelValue(taint.value);
      if (msgs.length) errs.push(fieldError.invalid(`${path}.value`, taint.value, msgs.join(';')));
    }
    const effect = taint.effect ?? '';
    if (effect === '') errs.push(fieldError.required(`${path}.effect`));
    else if (!effects.includes(effect as string)) errs.push(fieldError.notSupported(`${path}.effect`, effect, effects));
    const pair = `${String(effect)}\u0000${key}`;
    if (seen.has(pair)) errs.push({ ...fieldError.duplicate(path, taint), detail: 'taints must be unique by key and effect pair' });
    seen.add(pair);
  });
  return errs;
}

function validateNodeUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateTaints(obj);
  const oldCIDRs = field(old, 'spec', 'podCIDRs');
  if (Array.isArray(oldCIDRs) && oldCIDRs.length > 0 && !semanticEqual(field(obj, 'spec', 'podCIDRs'), oldCIDRs)) {
    errs.push(fieldError.forbidden('spec.podCIDRs', 'node updates may not change podCIDR except from "" to valid'));
  }
  const oldProvider = field(old, 'spec', 'providerID');
  const provider = field(obj, 'spec', 'providerID');
  if (oldProvider && provider !== oldProvider) {
    errs.push(fieldError.invalid('spec.providerID', null, provider ? 'field cannot be modified once set' : 'field cannot be cleared once set'));
  }
  return errs;
}

/** SetDefaults_NodeStatus: a node that reports capacity can allocate all of it unless it says otherwise. */
function defaultNodeStatus(obj: KubeObject): void {
  const status = record(obj.status);
  if (status.capacity !== undefined && status.allocatable === undefined) status.allocatable = status.capacity;
}

export const nodeStrategy = {
  prepareForCreate: defaultNodeStatus,
  prepareForUpdate: keepStoredStatus,
  validate: validateTaints,
  validateUpdate: validateNodeUpdate,
} satisfies Strategy;
