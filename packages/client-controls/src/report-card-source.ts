/**
 * A client's report card as the console makes it (`GET /api/clients/:name/report`, `dojo-console
 * client NAME report`): the request records the console keeps in memory (the request log, the
 * same records `GET /api/requests` pages through, so every seq on the card opens there), and
 * activity's hot loops and stale writes, handed to packages/activity's pure `reportCard`.
 * Any client the console has seen has a card: connected operators, kubectl, its own controllers.
 */
import type { ActivitySnapshot, ClientReportCard, ClientStalenessAnswer, RequestLogPage, RequestRecord, TelemetryPage } from '@dojo/console-protocol';
import { reportCard, type ClientIdentifier } from '@dojo/activity';
import { newNotFound } from '@dojo/kube-api';

/** What the card reads of the activity: the console's activity view, live or a recording's. */
export interface ReportCardActivity {
  snapshot(at?: number): ActivitySnapshot;
  /** One client's staleness with every stale write kept; absent where the snapshot is all there is (a recording). */
  staleness?(client: string, at?: number): Omit<ClientStalenessAnswer, 'time'>;
  queryRequests(query: { limit: number }, at?: number): RequestLogPage;
}

export interface ReportCardSource {
  activity: ReportCardActivity;
  identifier: ClientIdentifier;
  /** The telemetry, whose conflict records name the reconcile (inferred or recorded) that met each 409. */
  telemetry?: { query(query: { controller: string; types: ['conflict']; limit: number; to?: number }): TelemetryPage };
}

/** A client's 409s by when and on what they happened, to the reconcile that met them (inferred conflicts carry the request's own time). */
function conflictReconciles(source: ReportCardSource, client: string, at: number | undefined): ((record: RequestRecord) => string | undefined) | undefined {
  if (!source.telemetry) return undefined;
  const page = source.telemetry.query({ controller: client, types: ['conflict'], limit: 10_000, ...(at !== undefined ? { to: at + 1 } : {}) });
  const byRequest = new Map<string, string>();
  for (const r of page.records) if (r.type === 'conflict' && r.reconcileId) byRequest.set(`${r.time} ${r.resource} ${r.key}`, r.reconcileId);
  if (byRequest.size === 0) return undefined;
  return (record) =>
    byRequest.get(
      `${record.time} ${record.subresource ? `${record.resource}/${record.subresource}` : record.resource} ${record.namespace ? `${record.namespace}/` : ''}${record.name}`,
    );
}

/** The card of `client` at `at` (a recording's instant; a live console has only now). A client the console never saw is a 404. */
export function clientReportCard(source: ReportCardSource, client: string, at?: number): ClientReportCard {
  const snapshot = source.activity.snapshot(at);
  const connected = snapshot.connected.find((c) => c.name === client);
  const summary = snapshot.clients.find((c) => c.name === client);
  if (!connected && !summary) throw newNotFound({ group: '', resource: 'clients' }, client);
  const kind = summary?.kind ?? 'connected';
  const kept = source.activity.staleness?.(client, at);
  const staleWrites = kept?.staleWrites ?? snapshot.staleWrites?.filter((w) => w.client === client) ?? [];
  const { records } = source.activity.queryRequests({ limit: Number.MAX_SAFE_INTEGER }, at);
  return reportCard({
    client,
    records,
    identify: (origin) => source.identifier.identify(origin),
    hotLoops: snapshot.hotLoops,
    staleWrites,
    staleWriteCount: kept?.staleWriteCount ?? staleWrites.length,
    serviceAccount: connected?.serviceAccount,
    kind,
    // The console's own controllers read its shared informers: the console's watches are theirs.
    reconcileOfConflict: conflictReconciles(source, client, at),
    readsThrough: kind === 'embedded' ? source.identifier.identify({ user: 'admin', userAgent: 'dojo-console' }).name : undefined,
    now: snapshot.time,
  });
}
