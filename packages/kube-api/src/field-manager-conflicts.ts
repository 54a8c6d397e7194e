/**
 * The fields a refused server-side apply would have taken, with the manager owning each, read
 * from the 409's Status causes. Kubernetes (structured-merge-diff's conflict errors) writes one
 * cause per field: reason `FieldManagerConflict`, `field` the path (`.spec.replicas`), and the
 * message `conflict with "MANAGER"`, then ` with subresource "SUB"` and ` using API_VERSION`
 * when the owner wrote with an update rather than an apply. The UI reads them from the answer;
 * the API server's request journal keeps them for the console's conflict records.
 */
import type { Status } from './status.ts';

export interface FieldOwnerConflict {
  readonly field: string;
  readonly manager: string;
  /** The owner wrote the field through this subresource ("scale", "status"). */
  readonly subresource?: string;
  /** The owner wrote it with an update of this apiVersion; absent for an apply. */
  readonly apiVersion?: string;
}

const conflictMessage = /^conflict with "((?:[^"\\]|\\.)*)"(?: with subresource "((?:[^"\\]|\\.)*)")?(?: using (\S+))?$/;

/** Empty for any other answer than a 409 with FieldManagerConflict causes. */
export function fieldManagerConflicts(status: Status | undefined): FieldOwnerConflict[] {
  if (status?.code !== 409) return [];
  return (status.details?.causes ?? []).flatMap((cause): FieldOwnerConflict[] => {
    if (cause.reason !== 'FieldManagerConflict' || !cause.field) return [];
    const m = conflictMessage.exec(cause.message ?? '');
    if (!m) return [{ field: cause.field, manager: cause.message ?? 'another manager' }];
    const [, manager, subresource, apiVersion] = m;
    return [
      {
        field: cause.field,
        manager: JSON.parse(`"${manager}"`) as string,
        ...(subresource ? { subresource: JSON.parse(`"${subresource}"`) as string } : {}),
        ...(apiVersion ? { apiVersion } : {}),
      },
    ];
  });
}
