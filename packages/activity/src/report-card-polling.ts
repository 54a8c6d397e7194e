/**
 * "Watches instead of polling": a controller learns of changes from a watch (an informer), not
 * by asking again and again. Polling is `pollReads` or more GETs or LISTs of the same thing
 * (verb, resource, namespace, name) at a steady rhythm (intervals within `steadiness` of their
 * median) while the client has no watch of that resource. Leases are left out: leader election
 * renews its Lease by GET and UPDATE on a timer (client-go's leaderelection), by design.
 */
import type { ReportLine, RequestRecord } from '@dojo/console-protocol';
import { duration, groupResource, line, median, requestLink, type ClientJournal } from './report-card-input.ts';

export const pollReads = 5;
/** How far an interval may stray from the median (a fraction of it) and still be the same rhythm. */
export const steadiness = 0.35;

const title = 'Watches instead of polling';

const isRead = (r: RequestRecord) => (r.verb === 'get' || r.verb === 'list') && r.resource !== undefined && r.resource !== 'leases';
const readKey = (r: RequestRecord) => `${r.verb} ${groupResource(r)}${r.subresource ? `/${r.subresource}` : ''} ${r.namespace ?? '*'}/${r.name ?? '*'}`;

interface Polling {
  target: string;
  reads: RequestRecord[];
  every: number;
}

function rhythmOf(reads: readonly RequestRecord[]): number | undefined {
  if (reads.length < pollReads) return undefined;
  const intervals = reads.slice(1).map((r, i) => r.time - reads[i]!.time);
  const every = median(intervals)!;
  if (every <= 0) return undefined;
  const steady = intervals.filter((d) => Math.abs(d - every) <= every * steadiness).length;
  // Most intervals on the beat (a missed or doubled beat does not break a rhythm).
  return steady >= Math.ceil(intervals.length * 0.8) ? every : undefined;
}

export function pollingLine(journal: ClientJournal): ReportLine {
  const watched = new Set(journal.watches.map((w) => groupResource(w)));
  const byTarget = new Map<string, RequestRecord[]>();
  for (const r of journal.requests) {
    if (!isRead(r) || watched.has(groupResource(r))) continue;
    const key = readKey(r);
    const reads = byTarget.get(key);
    if (reads) reads.push(r);
    else byTarget.set(key, [r]);
  }
  const polled: Polling[] = [];
  for (const [target, reads] of byTarget) {
    const every = rhythmOf(reads);
    if (every !== undefined) polled.push({ target, reads, every });
  }
  const reads = journal.requests.filter(isRead).length;
  const figures = [
    { label: 'watches opened', value: journal.watches.length },
    { label: 'resources watched', value: watched.size },
    { label: 'GETs and LISTs', value: reads },
    ...(polled.length ? [{ label: 'polled', value: polled.length }] : []),
  ];
  if (polled.length) {
    const first = polled[0]!;
    const links = polled.slice(0, 3).map((p) => requestLink(p.reads[0]!, `${p.target}: ${p.reads.length} reads, every ${duration(p.every)}`));
    return line(
      'watches',
      title,
      'warning',
      `Polls ${polled.length === 1 ? first.target : `${polled.length} things, e.g. ${first.target},`} every ${duration(first.every)} with no watch of it: a watch (an informer) would tell it of changes at once, for less.`,
      figures,
      links,
    );
  }
  if (journal.watches.length)
    return line(
      'watches',
      title,
      'good',
      `Watches ${[...watched].join(', ')}${journal.readsThrough ? ` (through ${journal.readsThrough}'s shared informers)` : ''}; no polling seen.`,
      figures,
      journal.watches.slice(0, 1).map((w) => requestLink(w, `its first watch: ${groupResource(w)}`)),
    );
  if (reads) return line('watches', title, 'good', `No watch, and no read repeated at a steady rhythm (${reads} GETs and LISTs).`, figures);
  return line('watches', title, 'not-seen', 'It has neither read nor watched anything yet.', figures);
}
