/** Error shapes the controllers treat specially (the rest are retried with backoff). */
import { StatusError } from '@dojo/kube-api';

/**
 * NamespaceLifecycle admission refuses new objects in a terminating namespace; kube's
 * controllers stop trying then, because every further create would fail the same way.
 */
export function isNamespaceTerminating(error: unknown): boolean {
  return error instanceof StatusError && (error.status.details?.causes ?? []).some((c) => c.reason === 'NamespaceTerminating');
}
