/**
 * What the console's HTTP and WebSocket surfaces need of a cluster: requests, and streams for
 * watches. `KubeTransport` is one (a live cluster, embedded or real); a recording's replay at
 * one instant is another (recording/replay/replay-transport.ts). `at` is the instant a view
 * asks about (`X-Dojo-At`, `?at=`): a live cluster has only now and ignores it.
 */
import type { TransportRequest, TransportResponse } from '@dojo/runtime';

export interface ClusterTransport {
  request(req: TransportRequest): Promise<TransportResponse>;
  openStream(req: TransportRequest): Promise<AsyncIterable<Buffer>>;
}

export type TransportAt = (at?: number) => ClusterTransport;
