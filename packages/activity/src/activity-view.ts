/**
 * What every client of the API server does, as `GET /api/activity` and `GET /api/requests`
 * read it (and `GET /api/admission`, from the same records): live from the embedded API server's request journal (`ActivityService`), or
 * replayed from a recording's `requests` stream at the instant a view asks about
 * (recording/replay/replay-activity.ts). Only a live console can connect a new client.
 */
import type { ActivitySnapshot, AdmissionSummary, ClientStalenessAnswer, ConnectAnswer, RequestLogPage } from '@dojo/console-protocol';
import type { RequestLogQuery } from './request-log.ts';

export interface ActivityView {
  /** `at` is the instant asked about (a live console has only now). */
  snapshot(at?: number): ActivitySnapshot;
  queryRequests(query: RequestLogQuery, at?: number): RequestLogPage;
  /** Each admission webhook's and policy's calls in the same records (admission-tally.ts). */
  admission(at?: number): AdmissionSummary;
  /** One client's staleness with every stale write kept; absent where the snapshot is all there is (a recording). */
  staleness?(client: string, at?: number): Omit<ClientStalenessAnswer, 'time'>;
  /** A credential of its own for an operator; absent where nothing can connect (a recording). */
  connect?(name: string): ConnectAnswer;
}
