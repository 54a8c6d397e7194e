/**
 * `GET /api/controllers/<name>?keys=N&match=TEXT`: a controller's details with each of its
 * queue's key lists cut to the first N keys that contain TEXT, and how many each list holds in
 * all. The Workqueue page polls once a second; a paused controller with 10,000 queued keys
 * would otherwise send megabytes of triggers a second for rows nobody can see at once.
 */
import type { ControllerDetails, QueueKeysShown } from '@dojo/console-protocol';
import { newBadRequest } from '@dojo/kube-api';

export interface QueueKeysRequest {
  limit: number;
  match?: string;
}

const maxLimit = 100_000;

/** Undefined when the request asks for every key (no `keys` parameter). */
export function decodeQueueKeysRequest(query: Record<string, unknown>): QueueKeysRequest | undefined {
  const { keys, match } = query;
  if (keys === undefined) {
    if (match !== undefined) throw newBadRequest('match needs keys: ?keys=N&match=TEXT');
    return undefined;
  }
  const limit = typeof keys === 'string' && /^\d+$/.test(keys) ? Number(keys) : NaN;
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) throw newBadRequest(`keys must be an integer between 1 and ${maxLimit}`);
  if (match !== undefined && typeof match !== 'string') throw newBadRequest('match must be one text');
  return { limit, ...(match ? { match } : {}) };
}

function firstMatching<T extends { key: string }>(keys: readonly T[], request: QueueKeysRequest): { shown: T[]; total: number } {
  const { limit, match } = request;
  if (!match) return { shown: keys.slice(0, limit), total: keys.length };
  const shown: T[] = [];
  let total = 0;
  for (const k of keys) {
    if (!k.key.includes(match)) continue;
    total++;
    if (shown.length < limit) shown.push(k);
  }
  return { shown, total };
}

export function showQueueKeys(details: ControllerDetails, request: QueueKeysRequest): ControllerDetails {
  const { queue } = details.state;
  const queued = firstMatching(queue.queued, request);
  const processing = firstMatching(queue.processing, request);
  const dirty = firstMatching(queue.dirty, request);
  const delayed = firstMatching(queue.delayed, request);
  const keysShown: QueueKeysShown = {
    limit: request.limit,
    ...(request.match ? { match: request.match } : {}),
    totals: { queued: queued.total, processing: processing.total, dirty: dirty.total, delayed: delayed.total },
  };
  return {
    ...details,
    state: { ...details.state, queue: { ...queue, queued: queued.shown, processing: processing.shown, dirty: dirty.shown, delayed: delayed.shown } },
    keysShown,
  };
}
