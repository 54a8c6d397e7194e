/**
 * "Retries after 409 Conflict": a 409 means its write was decided on an old version
 * (optimistic concurrency, kube's `resourceVersion` precondition) and wrote nothing; a
 * controller reads again and retries (controller-runtime requeues the key with its rate
 * limiter: 5 ms, then doubling). Its retry is the client's next write of the same object. One
 * that never comes within `retryWindowMs` is given up: the change it wanted is lost until
 * something else triggers the object again.
 */
import type { ReportLine, ReportLink, RequestRecord } from '@dojo/console-protocol';
import { duration, isWriteVerb, line, median, objectKeyOf, objectNameOf, requestLink, type ClientJournal } from './report-card-input.ts';

/** How long a 409 waits for its retry before it counts as given up. */
export const retryWindowMs = 60_000;
/** A median delay above this is slow: the object stays behind that long after every conflict. */
export const slowRetryMs = 30_000;

const title = 'Retries after 409 Conflict';

const isConflict = (r: RequestRecord) => r.code === 409 && r.reason !== 'AlreadyExists' && isWriteVerb(r.verb) && r.name !== undefined;
const isRetryVerb = (verb: string) => verb === 'update' || verb === 'patch' || verb === 'create';

export function conflictRetriesLine(journal: ClientJournal): ReportLine {
  const { requests, now } = journal;
  const delays: number[] = [];
  const gaveUp: RequestRecord[] = [];
  const retries: { conflict: RequestRecord; retry: RequestRecord }[] = [];
  let pending = 0;
  let conflicts = 0;
  for (let i = 0; i < requests.length; i++) {
    const conflict = requests[i]!;
    if (!isConflict(conflict)) continue;
    conflicts++;
    const key = objectKeyOf(conflict);
    let retry: RequestRecord | undefined;
    for (let j = i + 1; j < requests.length && requests[j]!.time - conflict.time <= retryWindowMs; j++) {
      const r = requests[j]!;
      if (isRetryVerb(r.verb) && objectKeyOf(r) === key) {
        retry = r;
        break;
      }
    }
    if (retry) {
      delays.push(retry.time - conflict.time);
      retries.push({ conflict, retry });
    } else if (now - conflict.time > retryWindowMs) gaveUp.push(conflict);
    else pending++;
  }
  if (conflicts === 0)
    return line(
      'conflict-retries',
      title,
      'not-seen',
      'No write of its was answered 409 Conflict yet (a fault rule can make one: `dojo-console client NAME fault --verb update --status 409 --count 1`).',
    );
  const mid = median(delays);
  const figures = [
    { label: '409s', value: conflicts },
    { label: 'retried', value: retries.length },
    { label: 'given up', value: gaveUp.length },
    ...(pending ? [{ label: 'waiting for a retry', value: pending }] : []),
    ...(mid !== undefined ? [{ label: 'median delay to retry', value: duration(mid) }] : []),
  ];
  const links: ReportLink[] = [
    ...gaveUp.slice(0, 2).map((c) => requestLink(c, `409 never retried: ${objectNameOf(c)}`)),
    ...retries
      .slice(0, 2)
      .flatMap(({ conflict, retry }) => [
        requestLink(conflict, `409 on ${objectNameOf(conflict)}`),
        requestLink(retry, `its retry, ${duration(retry.time - conflict.time)} later (${retry.code})`),
      ]),
  ];
  const reconcileId = [...gaveUp, ...retries.map((r) => r.conflict)].map((c) => journal.reconcileOfConflict?.(c)).find((id) => id !== undefined);
  if (reconcileId) links.push({ kind: 'reconcile', reconcileId, label: 'the reconcile that met the first 409' });
  if (retries.length === 0 && gaveUp.length === 0)
    return line('conflict-retries', title, 'not-seen', `${conflicts} 409s, not retried yet (it has ${duration(retryWindowMs)} to).`, figures, links);
  if (retries.length === 0)
    return line(
      'conflict-retries',
      title,
      'problem',
      `Gave up on all ${gaveUp.length} 409s: it never wrote those objects again within ${duration(retryWindowMs)}. Requeue the object on a conflict (return the error) instead of dropping it.`,
      figures,
      links,
    );
  if (gaveUp.length > 0)
    return line(
      'conflict-retries',
      title,
      'warning',
      `Retried ${retries.length} of ${conflicts} 409s (median ${duration(mid!)} later) but gave up on ${gaveUp.length}.`,
      figures,
      links,
    );
  if (mid! > slowRetryMs)
    return line('conflict-retries', title, 'warning', `Retried every 409, but slowly: median ${duration(mid!)} after the conflict.`, figures, links);
  return line('conflict-retries', title, 'good', `Retried every 409 (${retries.length}), median ${duration(mid!)} after the conflict.`, figures, links);
}
