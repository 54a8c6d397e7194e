/**
 * `/ws`: the console's WebSocket endpoint. Upgrades pass the same guards as HTTP (Host, token,
 * Origin) and are refused with a plain HTTP status before any WebSocket exists.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Hello } from '@dojo/console-protocol';
import { newStatusError, StatusError } from '@dojo/kube-api';
import type { ControllerView } from '../controller-view.ts';
import type { TelemetrySource } from '../history/telemetry-source.ts';
import type { TransportAt } from '../kube/cluster-transport.ts';
import { socketViewTime } from '../routes/view-time.ts';
import { checkHost, checkToken, checkWebSocketOrigin, type GuardOptions } from '../security/request-guards.ts';
import { LiveConnection, type SubscriptionFactory } from './live-connection.ts';
import { startMetricsSubscription } from './metrics-subscription.ts';
import { startTelemetrySubscription } from './telemetry-subscription.ts';
import { startWatchSubscription } from './watch-subscription.ts';

export const maxFrameBytes = 64 * 1024;

export interface LiveSocketDeps {
  guards: GuardOptions;
  transport: TransportAt;
  telemetry: TelemetrySource;
  controllers: ControllerView;
  allowSecretData: boolean;
  hello: () => Hello;
  heartbeatMs?: number;
  maxBufferedBytes?: number;
}

/** Answers an upgrade with a plain HTTP Status: no WebSocket exists yet to carry an error frame. */
function refuse(socket: Duplex, error: StatusError): void {
  const body = JSON.stringify(error.status);
  socket.end(`HTTP/1.1 ${error.code} ${error.reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export function attachLiveSockets(server: Server, deps: LiveSocketDeps): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes });
  const connections = new Set<LiveConnection>();
  // A connection looks at one instant (`?at=`, a recording's) or at now.
  const factoryAt = (at: number | undefined): SubscriptionFactory => ({
    open(message, outbox) {
      switch (message.kind) {
        case 'watch':
          return startWatchSubscription({ ...message, transport: deps.transport(at), outbox, allowSecretData: deps.allowSecretData });
        case 'telemetry':
          return startTelemetrySubscription({ ...message, telemetry: deps.telemetry, outbox });
        case 'metrics':
          return startMetricsSubscription({ id: message.id, controllers: deps.controllers, ...(at === undefined ? {} : { at }), outbox });
      }
    },
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://console').pathname;
    if (path !== '/ws') return refuse(socket, newStatusError(404, 'NotFound', 'the server could not find the requested resource'));
    const problem = checkHost(req, deps.guards) ?? checkToken(req, deps.guards) ?? checkWebSocketOrigin(req);
    if (problem) return refuse(socket, problem);
    let at: number | undefined;
    try {
      at = socketViewTime(req.url);
    } catch (error) {
      if (error instanceof StatusError) return refuse(socket, error);
      throw error;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new LiveConnection(ws, factoryAt(at), { maxBufferedBytes: deps.maxBufferedBytes ?? 4 * 1024 * 1024, maxSubscriptions: 64 }, deps.hello());
      connections.add(connection);
      ws.on('close', () => connections.delete(connection));
      ws.on('error', () => ws.terminate());
    });
  });

  const heartbeat = setInterval(() => {
    for (const c of connections) c.heartbeat();
  }, deps.heartbeatMs ?? 15_000);
  heartbeat.unref();

  return {
    close() {
      clearInterval(heartbeat);
      for (const c of connections) c.closeAll();
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
