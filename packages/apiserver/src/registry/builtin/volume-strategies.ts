/**
 * core/v1 PersistentVolumeClaims and PersistentVolumes (pkg/registry/core/persistentvolume*
 * and ValidatePersistentVolume*): access modes and a positive storage size are required, a
 * claim's spec is fixed once created except resources.requests (bound claims may only grow), and
 * a volume's source never changes. Status is written only through /status and starts Pending.
 */
import { fieldError, semanticEqual, type FieldError, type KubeObject } from '@dojo/kube-api';
import { keepStoredStatus } from '../status-strategy.ts';
import type { Strategy } from '../strategy.ts';
import { compareQuantities, quantityValue } from './quantity.ts';
import { childRecord, field, record } from './unstructured.ts';

const accessModes = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
const volumeModes = ['Block', 'Filesystem'];
const reclaimPolicies = ['Delete', 'Recycle', 'Retain'];

function validateAccessModes(modes: unknown, path: string, requiredDetail: string): FieldError[] {
  const errs: FieldError[] = [];
  const list = Array.isArray(modes) ? (modes as unknown[]) : [];
  if (list.length === 0) errs.push(fieldError.required(path, requiredDetail));
  let once = false;
  let other = false;
  for (const mode of list) {
    if (!accessModes.includes(mode as string)) errs.push(fieldError.notSupported(path, mode, accessModes));
    else if (mode === 'ReadWriteOncePod') once = true;
    else other = true;
  }
  if (once && other) errs.push(fieldError.forbidden(path, 'may not use ReadWriteOncePod with other access modes'));
  return errs;
}

/** ValidatePersistentVolumeClaimSpec: also what a StatefulSet's volumeClaimTemplates must be. */
export function validatePersistentVolumeClaimSpec(spec: unknown, path: string): FieldError[] {
  const s = record(spec);
  const errs = validateAccessModes(s.accessModes, `${path}.accessModes`, 'at least 1 access mode is required');
  const storagePath = `${path}.resources[storage]`;
  const storage = field(s, 'resources', 'requests', 'storage');
  if (storage === undefined) errs.push(fieldError.required(storagePath));
  else if (!(quantityValue(storage) > 0)) errs.push(fieldError.invalid(storagePath, storage, 'must be greater than zero'));
  if (s.volumeMode !== undefined && !volumeModes.includes(s.volumeMode as string))
    errs.push(fieldError.notSupported(`${path}.volumeMode`, s.volumeMode, volumeModes));
  return errs;
}

/** SetDefaults_PersistentVolumeClaimSpec. */
export function defaultPersistentVolumeClaimSpec(spec: Record<string, unknown>): void {
  spec.volumeMode ??= 'Filesystem';
}

function defaultClaim(obj: KubeObject): Record<string, unknown> {
  const spec = childRecord(obj, 'spec');
  defaultPersistentVolumeClaimSpec(spec);
  return spec;
}

/** The claim spec without what an update may change (ValidatePersistentVolumeClaimUpdate). */
function fixedClaimSpec(obj: KubeObject, old: KubeObject): Record<string, unknown> {
  const spec = structuredClone(record(obj.spec));
  const oldSpec = record(old.spec);
  // A claim that was not bound yet may be bound to a volume; a bound one may be resized.
  if (!oldSpec.volumeName) spec.volumeName = oldSpec.volumeName;
  if (field(obj, 'status', 'phase') === 'Bound') {
    const requests = record(field(spec, 'resources', 'requests'));
    if (Object.keys(requests).length) requests.storage = field(oldSpec, 'resources', 'requests', 'storage');
    spec.volumeAttributesClassName = oldSpec.volumeAttributesClassName;
  }
  return spec;
}

/** The changed top-level spec fields, in place of the go-cmp diff kube appends to the message. */
function specDiff(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const lines: string[] = [];
  for (const key of keys) {
    if (semanticEqual(before[key], after[key])) continue;
    if (before[key] !== undefined) lines.push(`-\t${key}: ${JSON.stringify(before[key])}`);
    if (after[key] !== undefined) lines.push(`+\t${key}: ${JSON.stringify(after[key])}`);
  }
  return lines.join('\n');
}

function validateClaimUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = validatePersistentVolumeClaimSpec(obj.spec, 'spec');
  const now = fixedClaimSpec(obj, old);
  const before = record(old.spec);
  if (!semanticEqual(now, before)) {
    errs.push(
      fieldError.forbidden(
        'spec',
        `spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n${specDiff(before, now)}`,
      ),
    );
  } else if (field(obj, 'status', 'phase') === 'Bound') {
    const newSize = field(obj, 'spec', 'resources', 'requests', 'storage');
    const oldSize = field(old, 'spec', 'resources', 'requests', 'storage');
    if (newSize !== undefined && oldSize !== undefined && compareQuantities(newSize, oldSize) < 0) {
      errs.push(fieldError.forbidden('spec.resources.requests.storage', 'field can not be less than previous value'));
    }
  }
  return errs;
}

export const persistentVolumeClaimStrategy = {
  prepareForCreate(obj) {
    defaultClaim(obj);
    // PrepareForCreate clears status; the defaulting of the stored object makes it Pending.
    obj.status = { phase: 'Pending' };
  },
  prepareForUpdate(obj, old) {
    defaultClaim(obj);
    keepStoredStatus(obj, old);
  },
  validate: (obj) => validatePersistentVolumeClaimSpec(obj.spec, 'spec'),
  validateUpdate: validateClaimUpdate,
} satisfies Strategy;

/** The volume sources of a PersistentVolumeSpec, by JSON name, with the path kube names each by. */
const volumeSources: Readonly<Record<string, string>> = {
  hostPath: 'hostPath',
  gcePersistentDisk: 'gcePersistentDisk',
  awsElasticBlockStore: 'awsElasticBlockStore',
  glusterfs: 'glusterfs',
  flocker: 'flocker',
  nfs: 'nfs',
  rbd: 'rbd',
  quobyte: 'quobyte',
  cephfs: 'cephFS',
  iscsi: 'iscsi',
  cinder: 'cinder',
  fc: 'fc',
  azureFile: 'azureFile',
  flexVolume: 'flexVolume',
  vsphereVolume: 'vsphereVolume',
  photonPersistentDisk: 'photonPersistentDisk',
  portworxVolume: 'portworxVolume',
  azureDisk: 'azureDisk',
  scaleIO: 'scaleIO',
  local: 'local',
  storageos: 'storageos',
  csi: 'csi',
};

function validateVolume(obj: KubeObject): FieldError[] {
  const spec = record(obj.spec);
  const errs = validateAccessModes(spec.accessModes, 'spec.accessModes', '');
  // ValidatePersistentVolumeSpec: required, then exactly "storage" (the unset map shows as null),
  // then each quantity positive, each check on its own.
  const capacity = record(spec.capacity);
  const resources = Object.keys(capacity);
  if (resources.length === 0) errs.push(fieldError.required('spec.capacity'));
  if (!resources.includes('storage') || resources.length > 1) errs.push(fieldError.notSupported('spec.capacity', spec.capacity ?? null, ['storage']));
  for (const name of resources) {
    if (!(quantityValue(capacity[name]) > 0)) errs.push(fieldError.invalid(`spec.capacity[${name}]`, capacity[name], 'must be greater than zero'));
  }
  const policy = spec.persistentVolumeReclaimPolicy;
  if (policy !== undefined && !reclaimPolicies.includes(policy as string))
    errs.push(fieldError.notSupported('spec.persistentVolumeReclaimPolicy', policy, reclaimPolicies));
  let sources = 0;
  for (const [key, path] of Object.entries(volumeSources)) {
    if (spec[key] === undefined || spec[key] === null) continue;
    if (sources > 0) errs.push(fieldError.forbidden(`spec.${path}`, 'may not specify more than 1 volume type'));
    sources++;
  }
  if (sources === 0) errs.push(fieldError.required('spec', 'must specify a volume type'));
  if (spec.volumeMode !== undefined && !volumeModes.includes(spec.volumeMode as string))
    errs.push(fieldError.notSupported('spec.volumeMode', spec.volumeMode, volumeModes));
  return errs;
}

const sourceOf = (spec: unknown): Record<string, unknown> => Object.fromEntries(Object.keys(volumeSources).map((k) => [k, record(spec)[k]]));

function validateVolumeUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateVolume(obj);
  const before = sourceOf(old.spec);
  const now = sourceOf(obj.spec);
  if (!semanticEqual(now, before))
    errs.push(fieldError.forbidden('spec.persistentvolumesource', `spec.persistentvolumesource is immutable after creation\n${specDiff(before, now)}`));
  if (!semanticEqual(field(obj, 'spec', 'volumeMode'), field(old, 'spec', 'volumeMode')))
    errs.push(fieldError.invalid('volumeMode', field(obj, 'spec', 'volumeMode'), 'field is immutable'));
  return errs;
}

/** SetDefaults_PersistentVolume: Retain (a provisioner sets Delete on what it provisions), Filesystem. */
function defaultVolume(obj: KubeObject): void {
  const spec = childRecord(obj, 'spec');
  spec.persistentVolumeReclaimPolicy ??= 'Retain';
  spec.volumeMode ??= 'Filesystem';
}

export const persistentVolumeStrategy = {
  prepareForCreate(obj) {
    defaultVolume(obj);
    // The phase starts now: the moment the store stamped as creationTimestamp.
    obj.status = { phase: 'Pending', lastPhaseTransitionTime: obj.metadata.creationTimestamp };
  },
  prepareForUpdate(obj, old) {
    defaultVolume(obj);
    keepStoredStatus(obj, old);
  },
  validate: validateVolume,
  validateUpdate: validateVolumeUpdate,
} satisfies Strategy;
