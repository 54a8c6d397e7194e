/**
 * What a failed Discord call means for a reconcile, decided in one place:
 *
 * - 429 (from Discord, or refused locally because the bucket is known to be empty): wait
 *   `retry_after` -> requeueAfter. Not an error: the rate limit is doing its job.
 * - 5xx, no response, 401: transient -> throw, so the controller retries with backoff.
 * - 404: the object (or its parent) is gone; the caller decides what that means.
 * - a 400 about `parent_id` alone: the parent recorded in Kubernetes is stale (its category was
 *   just deleted and is being recreated), never the spec's fault -> transient; the parent's
 *   watch event brings the object back with the new id.
 * - any other 4xx: Discord refuses this spec (invalid form body, missing permission); retrying
 *   the same request cannot help -> Degraded until the spec changes.
 */
import { isDiscordApiError, type DiscordApiError } from '@dojo/discord';

export type DiscordFailure =
  { kind: 'rateLimited'; retryAfterMs: number } | { kind: 'transient' } | { kind: 'notFound' } | { kind: 'rejected'; reason: string; message: string };

const minimumRetryMs = 50;

/** Undefined for errors that did not come from Discord (rethrow those). */
export function classifyDiscordFailure(error: unknown): DiscordFailure | undefined {
  if (!isDiscordApiError(error)) return undefined;
  // By status rather than the package's type guards, which would narrow `error` to never.
  const status = error.status;
  if (status === 429) return { kind: 'rateLimited', retryAfterMs: Math.max(minimumRetryMs, Math.ceil((error.retryAfterSeconds ?? 1) * 1000)) };
  if (status === 0 || status >= 500 || status === 401) return { kind: 'transient' };
  if (status === 404) return { kind: 'notFound' };
  const fields = error.fieldErrors();
  if (status === 400 && fields.length > 0 && fields.every((f) => f.path === 'parent_id')) return { kind: 'transient' };
  return { kind: 'rejected', reason: error.status === 403 ? 'Forbidden' : 'InvalidSpec', message: describe(error) };
}

function describe(error: DiscordApiError): string {
  const fields = error.fieldErrors().map((f) => `${f.path}: ${f.message}`);
  return `Discord answered ${error.status} (${error.code}) ${error.message}${fields.length ? `: ${fields.join('; ')}` : ''}`;
}
