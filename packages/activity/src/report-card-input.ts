/**
 * What every line of a report card reads: the journal (every client's records, in seq order:
 * another client's delete or a watch's DELETED event matters to a finalizer), which of them are
 * the client's, and what activity already inferred (hot loops, stale writes). Plus the small
 * vocabulary the lines share: an object's key, a median, a line built from its parts.
 */
import type {
  ClientKind,
  HotLoop,
  ReportFigure,
  ReportLine,
  ReportLineId,
  ReportLink,
  ReportVerdict,
  RequestJournalRecord,
  RequestRecord,
  StaleWrite,
  WatchOpenRecord,
} from '@dojo/console-protocol';
import type { ClientIdentity, RequestOrigin } from './client-identity.ts';

export interface ReportCardInput {
  readonly client: string;
  /** The journal's records, every client's, in seq order. */
  readonly records: readonly RequestJournalRecord[];
  /** The attribution rule (client-identity.ts): which records are the client's. */
  readonly identify: (origin: RequestOrigin) => ClientIdentity;
  /** Activity's hot loops (every client's; the card keeps those the client writes in). */
  readonly hotLoops: readonly HotLoop[];
  /** The client's writes on a stale view that activity keeps, and how many it made in all. */
  readonly staleWrites: readonly StaleWrite[];
  readonly staleWriteCount: number;
  /** Connected with `--service-account`: authorized by RBAC, so 403s are what its roles lack. */
  readonly serviceAccount?: { readonly namespace: string; readonly name: string } | undefined;
  /** How the client was recognised (client-identity.ts); only a connected client can be authorized by RBAC. */
  readonly kind?: ClientKind | undefined;
  /**
   * The client whose watches this one reads through: the console's own controllers read the
   * console's shared informers, so the console's watches are theirs.
   */
  readonly readsThrough?: string | undefined;
  /** The reconcile (inferred or recorded) that met a 409, when the telemetry names one: linked beside the request. */
  readonly reconcileOfConflict?: ((record: RequestRecord) => string | undefined) | undefined;
  readonly now: number;
}

/** The input with the client's own requests and watches picked out once. */
export interface ClientJournal extends ReportCardInput {
  readonly requests: readonly RequestRecord[];
  /** Its watches, and those of the client it reads through. */
  readonly watches: readonly WatchOpenRecord[];
}

export function clientJournalOf(input: ReportCardInput): ClientJournal {
  const requests: RequestRecord[] = [];
  const watches: WatchOpenRecord[] = [];
  for (const record of input.records) {
    if (record.type !== 'request' && record.type !== 'watch-open') continue;
    const name = input.identify(record).name;
    if (record.type === 'request' && name === input.client) requests.push(record);
    else if (record.type === 'watch-open' && (name === input.client || name === input.readsThrough)) watches.push(record);
  }
  return { ...input, requests, watches };
}

/** `group/resource` ("" group: the resource alone), as activity names resources. */
export const groupResource = (r: { group?: string | undefined; resource?: string | undefined }) =>
  r.group ? `${r.group}/${r.resource ?? ''}` : (r.resource ?? '');

/** One object's key, whatever the subresource: `group/resource/namespace/name`. */
export function objectKeyOf(r: {
  group?: string | undefined;
  resource?: string | undefined;
  namespace?: string | undefined;
  name?: string | undefined;
}): string | undefined {
  if (!r.resource || !r.name) return undefined;
  return `${groupResource(r)}/${r.namespace ?? ''}/${r.name}`;
}

/** How people name an object in a sentence: `resource ns/name`. */
export const objectNameOf = (r: RequestRecord) =>
  `${r.resource ?? '?'}${r.subresource ? `/${r.subresource}` : ''} ${r.namespace ? `${r.namespace}/` : ''}${r.name ?? ''}`;

export const isWriteVerb = (verb: string) => verb === 'create' || verb === 'update' || verb === 'patch' || verb === 'delete' || verb === 'deletecollection';

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A duration as people read it: `40 ms`, `1.2 s`, `3 min`. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 120_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

export const requestLink = (record: { seq: number }, label: string): ReportLink => ({ kind: 'request', seq: record.seq, label });

/** At most this many links per line: the first of each kind of evidence, not every record. */
export const linksPerLine = 5;

export function line(
  id: ReportLineId,
  title: string,
  verdict: ReportVerdict,
  summary: string,
  figures: ReportFigure[] = [],
  links: ReportLink[] = [],
): ReportLine {
  // A reconcile link says more than another request: it is kept within the limit.
  const reconciles = links.filter((l) => l.kind === 'reconcile').slice(0, 1);
  const others = links.filter((l) => l.kind !== 'reconcile').slice(0, linksPerLine - reconciles.length);
  return { id, title, verdict, summary, figures, links: [...others, ...reconciles] };
}

/** The worse of two verdicts (problem > warning > good > not-seen). */
export function worse(a: ReportVerdict, b: ReportVerdict): ReportVerdict {
  const rank: Record<ReportVerdict, number> = { 'not-seen': 0, good: 1, warning: 2, problem: 3 };
  return rank[a] >= rank[b] ? a : b;
}
