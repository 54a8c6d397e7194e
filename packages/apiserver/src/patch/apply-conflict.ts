/**
 * The 409 an apply answers when it would change fields another manager owns, worded exactly as
 * k8s.io/apimachinery/pkg/util/managedfields/internal/conflict.go words it:
 *
 *   Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: .spec.replicas
 *
 * and, for several, one "conflicts with <manager>:" block per manager with "- <path>" lines.
 */
import { newStatusError, type StatusCause, type StatusError } from '@dojo/kube-api';
import { fieldPathString, type FieldPath } from './field-path.ts';
import { managerIdentity, type ManagerEntry } from './managed-fields.ts';

export interface ApplyConflict {
  readonly owner: Pick<ManagerEntry, 'manager' | 'operation' | 'apiVersion' | 'subresource'>;
  readonly path: FieldPath;
}

/** printManager: `"name"`, plus the subresource, plus "using <apiVersion>" for updaters. */
export function describeManager(owner: ApplyConflict['owner']): string {
  let text = JSON.stringify(owner.manager);
  if (owner.subresource) text += ` with subresource ${JSON.stringify(owner.subresource)}`;
  return owner.operation === 'Update' ? `${text} using ${owner.apiVersion}` : text;
}

export function newApplyConflict(conflicts: readonly ApplyConflict[]): StatusError {
  const byManager = new Map<string, ApplyConflict[]>();
  for (const conflict of conflicts) {
    const id = managerIdentity(conflict.owner);
    byManager.set(id, [...(byManager.get(id) ?? []), conflict]);
  }
  // The Go code sorts managers by their identifier (a JSON string); so do we, for both parts.
  const groups = [...byManager.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, group]) => group);
  const causes: StatusCause[] = groups.flat().map((c) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${describeManager(c.owner)}`,
    field: fieldPathString(c.path),
  }));
  let message: string;
  if (conflicts.length === 1) {
    const [only] = conflicts as [ApplyConflict];
    message = `Apply failed with 1 conflict: conflict with ${describeManager(only.owner)}: ${fieldPathString(only.path)}`;
  } else {
    const lines = groups.flatMap((group) => [`conflicts with ${describeManager(group[0]!.owner)}:`, ...group.map((c) => `- ${fieldPathString(c.path)}`)]);
    message = `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
  }
  return newStatusError(409, 'Conflict', message, { causes });
}
