/**
 * "Backs off on 5xx and 429": a server that answers 429 Too Many Requests (kube's
 * max-in-flight and API Priority and Fairness filters) or 5xx is overloaded or failing; a client
 * that asks again at once makes it worse. client-go waits the 429's `Retry-After` before it
 * retries (rest.Request's `checkWait`), and a controller's requeue of a failed reconcile waits
 * longer each time (the workqueue's exponential limiter). So: a retry of a 429 must come no
 * sooner than its Retry-After, and a run of failed attempts at the same request must space out.
 *
 * An attempt is the client's next request with the same verb, resource, subresource, namespace
 * and name; the delay is counted from the failed answer (its time plus its latency).
 */
import type { ReportLine, RequestRecord } from '@dojo/console-protocol';
import { duration, groupResource, line, median, objectNameOf, requestLink, type ClientJournal } from './report-card-input.ts';

/** A run of failures this long (in a row, same request) must show its spacing grow. */
export const runToJudgeGrowth = 3;
/** Retries spaced at least this much are not hammering, even at a constant pace. */
export const patientRetryMs = 1000;
/** A retry up to this much before Retry-After still honours it (the answer's own latency, clock grain). */
const retryAfterSlack = 0.8;

const title = 'Backs off on 5xx and 429';

const isOverloadOrFailure = (r: RequestRecord) => r.code === 429 || r.code >= 500;
const requestKey = (r: RequestRecord) => `${r.verb} ${groupResource(r)}/${r.subresource ?? ''} ${r.namespace ?? ''}/${r.name ?? ''}`;
const answeredAt = (r: RequestRecord) => r.time + r.latencyMs;

interface Attempt {
  failure: RequestRecord;
  next: RequestRecord;
  delay: number;
}

export function backoffLine(journal: ClientJournal): ReportLine {
  const { requests } = journal;
  const attempts: Attempt[] = [];
  const runs: Attempt[][] = [];
  const open = new Map<string, Attempt[]>();
  let failures = 0;
  for (let i = 0; i < requests.length; i++) {
    const failure = requests[i]!;
    if (!isOverloadOrFailure(failure)) continue;
    failures++;
    const key = requestKey(failure);
    let next: RequestRecord | undefined;
    for (let j = i + 1; j < requests.length && !next; j++) if (requestKey(requests[j]!) === key) next = requests[j];
    if (!next) continue;
    const attempt = { failure, next, delay: next.time - answeredAt(failure) };
    attempts.push(attempt);
    const run = open.get(key) ?? [];
    run.push(attempt);
    open.set(key, run);
    if (!isOverloadOrFailure(next)) {
      runs.push(run);
      open.delete(key);
    }
  }
  runs.push(...open.values());
  if (failures === 0)
    return line('backoff', title, 'not-seen', 'No request of its was answered 429 or 5xx yet (a fault rule can: `--status 429`, `--status 503`).');
  const early = attempts.filter(
    (a) => a.failure.code === 429 && a.failure.fault?.retryAfterSeconds !== undefined && a.delay < a.failure.fault.retryAfterSeconds * 1000 * retryAfterSlack,
  );
  const waitedOut = attempts.filter((a) => a.failure.code === 429 && a.failure.fault?.retryAfterSeconds !== undefined && !early.includes(a));
  // A 429's run is paced by its Retry-After, not by a growing delay: only other failures are judged on growth.
  const judged = runs.filter((run) => run.length >= runToJudgeGrowth && run.every((a) => a.failure.code !== 429));
  const hammered = judged.filter((run) => {
    const first = run[0]!.delay;
    const last = run[run.length - 1]!.delay;
    return last <= first * 1.5 && last < patientRetryMs;
  });
  const mid = median(attempts.map((a) => a.delay));
  const figures = [
    { label: '429 and 5xx answers', value: failures },
    { label: 'retried', value: attempts.length },
    ...(mid !== undefined ? [{ label: 'median delay to retry', value: duration(Math.max(0, mid)) }] : []),
    ...(waitedOut.length + early.length
      ? [{ label: '429s retried after Retry-After', value: `${waitedOut.length} of ${waitedOut.length + early.length}` }]
      : []),
    ...(judged.length ? [{ label: `runs of ${runToJudgeGrowth}+ failures spacing out`, value: `${judged.length - hammered.length} of ${judged.length}` }] : []),
  ];
  const spacing = (run: Attempt[]) => run.map((a) => duration(Math.max(0, a.delay))).join(', ');
  const links = [
    ...early
      .slice(0, 2)
      .map((a) =>
        requestLink(a.next, `retried ${duration(Math.max(0, a.delay))} after a 429 asking ${a.failure.fault!.retryAfterSeconds} s: ${objectNameOf(a.next)}`),
      ),
    ...hammered.slice(0, 2).map((run) => requestLink(run[0]!.failure, `${run.length + 1} attempts spaced ${spacing(run)}`)),
    ...attempts
      .slice(0, 2)
      .map((a) => requestLink(a.failure, `${a.failure.code} on ${a.failure.verb} ${objectNameOf(a.failure)}, retried ${duration(Math.max(0, a.delay))} later`)),
  ];
  if (early.length) return line('backoff', title, 'problem', `Retried ${early.length} 429s before their Retry-After had passed.`, figures, links);
  if (hammered.length)
    return line(
      'backoff',
      title,
      'problem',
      `Retried failing requests at a steady, short pace (${spacing(hammered[0]!)}) instead of backing off.`,
      figures,
      links,
    );
  if (attempts.length === 0) return line('backoff', title, 'good', `Did not retry any of ${failures} failed requests at once.`, figures, links);
  return line(
    'backoff',
    title,
    'good',
    `Waited before retrying${waitedOut.length ? ', honouring Retry-After' : ''}${judged.length ? ', and spaced repeated failures out' : ''} (median ${duration(Math.max(0, mid!))}).`,
    figures,
    links,
  );
}
