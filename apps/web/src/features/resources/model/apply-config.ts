/**
 * Server-side apply from the console: the configuration a person edits, and the conflicts the
 * API server answers with.
 *
 * The configuration starts as the object without what the server owns: status (its own
 * subresource), managedFields, and the metadata the server sets (uid, resourceVersion,
 * generation, timestamps), which in an apply would be preconditions, not wishes. Applying it
 * with our field manager makes the console an owner of every field in it, so deleting a line
 * later removes that field unless another manager owns it too (apply's rule).
 *
 * A 409 from an apply names each contested field and the manager that owns it, in
 * apimachinery's words: `conflict with "kubectl-client-side-apply" using apps/v1`.
 */
import { stringify as toYaml } from 'yaml';
import { fieldManagerConflicts, type KubeObject, type Status } from '@dojo/kube-api';

export const consoleFieldManager = 'dojo-console';

const serverSetMetadata = [
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'selfLink',
  'managedFields',
];

export function applyConfiguration(object: KubeObject): string {
  const metadata = Object.fromEntries(Object.entries(object.metadata).filter(([key]) => !serverSetMetadata.includes(key)));
  const { status: _status, ...rest } = object;
  return toYaml({ ...rest, metadata });
}

/** The object as a reviewer compares two versions of it: without managedFields and resourceVersion, which always differ. */
export function reviewYaml(object: KubeObject): string {
  const { managedFields: _managed, resourceVersion: _rv, ...metadata } = object.metadata;
  return toYaml({ ...object, metadata });
}

export interface ApplyConflict {
  /** `.spec.replicas`, as the API server writes it. */
  field: string;
  manager: string;
  /** How the manager wrote it: `Update using apps/v1`, `Apply`, or with a subresource. */
  how: string;
}

/** The contested fields of an apply's 409, with the manager owning each; empty for any other error. */
export function applyConflicts(status: Status | undefined): ApplyConflict[] {
  return fieldManagerConflicts(status).map(({ field, manager, subresource, apiVersion }) => ({
    field,
    manager,
    how: [apiVersion ? `Update using ${apiVersion}` : 'Apply', subresource ? `on ${subresource}` : ''].filter(Boolean).join(' '),
  }));
}
