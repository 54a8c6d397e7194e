/**
 * What a failed admin call means for a reconcile, decided in one place:
 *
 * - 429 (ThrottlingQuotaExceeded): wait Retry-After -> requeueAfter. Not a failure: the broker
 *   asked us to slow down, and the workqueue's error backoff must not add to that.
 * - no answer, 5xx: the broker is unavailable -> Degraded BrokerUnavailable, then throw, so the
 *   controller retries with its rate limiter's backoff.
 * - 404: the topic is gone; the caller decides what that means.
 * - 409: the topic exists (someone created it since we looked).
 * - any other 4xx: the broker refuses this spec (InvalidReplicationFactor, InvalidConfig,
 *   ...); the same request cannot succeed -> Degraded with the broker's reason and message.
 */
import { isKafkaAdminError } from './broker/kafka-admin-error.ts';

export type KafkaFailure =
  | { kind: 'throttled'; retryAfterMs: number }
  | { kind: 'unavailable'; reason: string; message: string }
  | { kind: 'notFound' }
  | { kind: 'exists' }
  | { kind: 'rejected'; reason: string; message: string };

const minimumRetryMs = 50;

/** Undefined for errors that did not come from the admin API (rethrow those). */
export function classifyKafkaFailure(error: unknown): KafkaFailure | undefined {
  if (!isKafkaAdminError(error)) return undefined;
  const { status } = error;
  if (status === 429) return { kind: 'throttled', retryAfterMs: Math.max(minimumRetryMs, Math.ceil((error.retryAfterSeconds ?? 1) * 1000)) };
  if (status === 0 || status >= 500) {
    const answer = status === 0 ? 'no answer' : `${status}`;
    return { kind: 'unavailable', reason: 'BrokerUnavailable', message: `The Kafka admin API failed (${answer}): ${error.message}` };
  }
  if (status === 404) return { kind: 'notFound' };
  if (status === 409) return { kind: 'exists' };
  return { kind: 'rejected', reason: reasonFor(error.exception), message: error.message };
}

/** `InvalidReplicationFactorException` -> `InvalidReplicationFactor`. */
function reasonFor(exception: string | undefined): string {
  if (exception === 'InvalidTopicException') return 'InvalidTopicName';
  if (exception === 'InvalidConfigurationException') return 'InvalidConfig';
  return exception?.replace(/Exception$/, '') || 'BrokerRejected';
}
