/**
 * Reads that name a resourceVersion newer than the store has reached, answered as kube-apiserver
 * answers them: `NotOlderThan` (and a get or list with a resourceVersion but no match rule)
 * waits up to 3 s for the store to catch up, as the watch cache's waitUntilFreshAndBlock does,
 * then fails 504 Timeout with cause ResourceVersionTooLarge and Retry-After 1; `Exact` fails
 * at once, as etcd's "future revision" does.
 */
import { newStatusError, type StatusError } from '@dojo/kube-api';
import type { RevisionedStore } from '../storage/revisioned-store.ts';
import { parseResourceVersion } from './resource-version.ts';

/** kube-apiserver's watch cache blockTimeout. */
export const freshReadTimeoutMs = 3_000;

export function tooLargeResourceVersion(requested: number | bigint, current: number, retryAfterSeconds: number): StatusError {
  const err = newStatusError(504, 'Timeout', `Timeout: Too large resource version: ${requested}, current: ${current}`, {
    causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
  });
  if (retryAfterSeconds > 0) err.status.details!.retryAfterSeconds = retryAfterSeconds;
  return err;
}

/** Resolves once the store's revision is at least `resourceVersion`; rejects with 504 otherwise. */
export async function awaitResourceVersion(
  store: RevisionedStore,
  resourceVersion: string | undefined,
  match: 'Exact' | 'NotOlderThan' | undefined,
  timeoutMs = freshReadTimeoutMs,
): Promise<void> {
  const wanted = parseResourceVersion(resourceVersion);
  if (BigInt(store.revision) >= wanted) return;
  if (match === 'Exact') throw tooLargeResourceVersion(wanted, store.revision, 0);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(tooLargeResourceVersion(wanted, store.revision, 1));
    }, timeoutMs);
    const unsubscribe = store.onChange(() => {
      if (BigInt(store.revision) < wanted) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}
