/** A 422 Invalid Status's message for one field of a form, so the form shows it under that field. */
import { StatusError } from '@dojo/kube-api';

export function causeFor(error: unknown, field: string): string | undefined {
  if (!(error instanceof StatusError)) return undefined;
  return error.status.details?.causes?.find((c) => c.field === field)?.message;
}

/** Whether every cause of the error belongs to one of these fields (then no separate notice is needed). */
export function onlyFieldCauses(error: unknown, fields: readonly string[]): boolean {
  const causes = error instanceof StatusError ? error.status.details?.causes : undefined;
  return Boolean(causes?.length) && causes!.every((c) => c.field !== undefined && fields.includes(c.field));
}
