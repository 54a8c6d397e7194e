/**
 * A SecSynch's copies of its source Secret.
 *
 * Owner references cannot cross namespaces (and a SecSynch copies into other namespaces), so a
 * copy names its SecSynch in a label instead: `tutorial.study.dev/secsynch: <namespace>.<name>`.
 * That label is how the operator finds its copies to update and delete them, how a copy's watch
 * event finds its SecSynch, and the only proof that a Secret is a copy: a Secret without it is
 * someone else's and is never written or deleted.
 *
 * A copy equals its source in `data` and `type`; its own metadata is the operator's. Each write
 * stamps `tutorial.study.dev/synced-at`, from which status.lastSyncTime is read back.
 */
import { formatTime, jsonEqual } from '@dojo/kube-api';
import type { KubeObject, ObjectKey } from '@dojo/kube-api';
import type { SecSynch } from './secsynch.ts';

export interface Secret extends KubeObject {
  type?: string;
  data?: Record<string, string>;
  immutable?: boolean;
}

export const copyLabel = 'tutorial.study.dev/secsynch';
export const syncedAtAnnotation = 'tutorial.study.dev/synced-at';
const managedByLabels = { 'app.kubernetes.io/managed-by': 'secsynch-operator' };

/** A label value holds at most 63 characters. */
const maxLabelValueLength = 63;

/** `<namespace>.<name>`: a namespace name has no dots, so the first dot splits it back. */
export function copyLabelValue(secSynch: SecSynch): string {
  return `${secSynch.metadata.namespace}.${secSynch.metadata.name}`;
}

/** False when namespace and name together are too long to be a label value. */
export function canLabelCopies(secSynch: SecSynch): boolean {
  return copyLabelValue(secSynch).length <= maxLabelValueLength;
}

/** The SecSynch a copy's label names, or undefined for a Secret that is nobody's copy. */
export function secSynchOfCopy(secret: KubeObject): ObjectKey | undefined {
  const value = secret.metadata.labels?.[copyLabel];
  const dot = value?.indexOf('.') ?? -1;
  if (!value || dot <= 0 || dot === value.length - 1) return undefined;
  return { namespace: value.slice(0, dot), name: value.slice(dot + 1) };
}

export function isCopyOf(secret: KubeObject, secSynch: SecSynch): boolean {
  return secret.metadata.labels?.[copyLabel] === copyLabelValue(secSynch);
}

/** Whether a copy holds what its source holds. */
export function copyMatches(copy: Secret, source: Secret): boolean {
  return typeOf(copy) === typeOf(source) && jsonEqual(copy.data ?? {}, source.data ?? {});
}

/**
 * A Secret's type is immutable, and so is everything in an `immutable: true` Secret: such a
 * copy cannot be updated into shape, only deleted and created again.
 */
export function mustReplace(copy: Secret, source: Secret): boolean {
  return typeOf(copy) !== typeOf(source) || copy.immutable === true;
}

export function desiredCopy(secSynch: SecSynch, source: Secret, namespace: string, now: number): Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      namespace,
      name: secSynch.spec.secretName,
      labels: { ...managedByLabels, [copyLabel]: copyLabelValue(secSynch) },
      annotations: { [syncedAtAnnotation]: formatTime(now) },
    },
    type: typeOf(source),
    data: { ...source.data },
  };
}

/** The existing copy with the source's data set back, or undefined when it already matches. */
export function updatedCopy(copy: Secret, source: Secret, now: number): Secret | undefined {
  if (copyMatches(copy, source)) return undefined;
  const updated = structuredClone(copy);
  updated.data = { ...source.data };
  updated.metadata.annotations = { ...updated.metadata.annotations, [syncedAtAnnotation]: formatTime(now) };
  return updated;
}

/** When the operator last wrote this copy, in epoch ms (undefined if unknown). */
export function syncedAt(copy: Secret): number | undefined {
  const stamp = Date.parse(copy.metadata.annotations?.[syncedAtAnnotation] ?? '');
  return Number.isNaN(stamp) ? undefined : stamp;
}

/** The API server defaults an absent type to Opaque. */
function typeOf(secret: Secret): string {
  return secret.type || 'Opaque';
}
