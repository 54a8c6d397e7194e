/**
 * `/ws`: the console's WebSocket endpoint. Upgrades pass the same guards as HTTP (Host, token,
 * Origin) and are refused with a plain HTTP Status before any WebSocket exists. Connections and
 * subscriptions are capped per client and in total (connection-limits.ts); nothing a client
 * sends on an upgrade can throw out of the listener.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Hello } from '@dojo/console-protocol';
import { guardUpgrades, refuseUpgrade } from '@dojo/http-edge';
import { newStatusError, StatusError } from '@dojo/kube-api';
import {
  type ClientLimitOptions,
  ClientLimits,
  closeCodes,
  type ControllerView,
  defaultConnectionLimits,
  defaultSubscriptionLimits,
  LiveConnection,
  startMetricsSubscription,
  startTelemetrySubscription,
  startWatchSubscription,
  type SubscriptionFactory,
  type TransportAt,
  WatchHubs,
} from '@dojo/console-live';
import type { TelemetrySource } from '@dojo/live-feeds';
import { statusAnswer } from '../routes/status-errors.ts';
import { socketViewTime } from '../routes/view-time.ts';
import { checkHost, checkToken, checkWebSocketOrigin, type GuardOptions } from '../security/request-guards.ts';

export const maxFrameBytes = 64 * 1024;

export interface LiveSocketDeps {
  guards: GuardOptions;
  transport: TransportAt;
  telemetry: TelemetrySource;
  controllers: ControllerView;
  allowSecretData: boolean;
  /** A recording: telemetry is sent as of the connection's instant (`?at=`); live, `at` means nothing. */
  readOnly?: boolean;
  hello: () => Hello;
  heartbeatMs?: number;
  maxBufferedBytes?: number;
  connectionLimits?: ClientLimitOptions;
  subscriptionLimits?: ClientLimitOptions;
}

/** `connections`: how many live connections (browser tabs, mostly) are open now. */
export function attachLiveSockets(server: Server, deps: LiveSocketDeps): { close(): void; connections(): number } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes });
  const connections = new Set<LiveConnection>();
  const connectionLimits = new ClientLimits('live connections', deps.connectionLimits ?? defaultConnectionLimits);
  const subscriptionLimits = new ClientLimits('subscriptions', deps.subscriptionLimits ?? defaultSubscriptionLimits);
  // One watch of the cluster per query, however many tabs subscribe to it.
  const hubs = new WatchHubs();
  // A connection looks at one instant (`?at=`, a recording's) or at now.
  const factoryAt = (at: number | undefined): SubscriptionFactory => ({
    open(message, outbox) {
      switch (message.kind) {
        case 'watch':
          return startWatchSubscription({ ...message, transport: deps.transport(at), outbox, allowSecretData: deps.allowSecretData, hubs });
        case 'telemetry':
          return startTelemetrySubscription({ ...message, telemetry: deps.telemetry, outbox, ...(deps.readOnly && at !== undefined ? { at } : {}) });
        case 'metrics':
          return startMetricsSubscription({ id: message.id, controllers: deps.controllers, ...(at === undefined ? {} : { at }), outbox });
      }
    },
  });

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = new URL(req.url ?? '/', 'http://console').pathname;
    if (path !== '/ws') return refuseUpgrade(socket, statusAnswer(newStatusError(404, 'NotFound', 'the server could not find the requested resource')));
    const problem = checkHost(req, deps.guards) ?? checkToken(req, deps.guards) ?? checkWebSocketOrigin(req, deps.guards);
    if (problem) return refuseUpgrade(socket, statusAnswer(problem));
    let at: number | undefined;
    try {
      at = socketViewTime(req.url);
    } catch (error) {
      if (error instanceof StatusError) return refuseUpgrade(socket, statusAnswer(error));
      throw error;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      const client = req.socket.remoteAddress ?? 'unknown';
      const admission = connectionLimits.admit(client);
      if (!admission.admitted) {
        ws.close(closeCodes.tooManyConnections, admission.reason);
        return;
      }
      const options = { maxBufferedBytes: deps.maxBufferedBytes ?? 4 * 1024 * 1024, maxSubscriptions: 64, subscriptionLimits, client, stream: socket };
      const connection = new LiveConnection(ws, factoryAt(at), options, deps.hello());
      connections.add(connection);
      ws.on('close', () => {
        connections.delete(connection);
        admission.release();
      });
    });
  };
  server.on('upgrade', guardUpgrades(upgrade, statusAnswer));

  const heartbeat = setInterval(() => {
    for (const c of connections) c.heartbeat();
  }, deps.heartbeatMs ?? 15_000);
  heartbeat.unref();

  return {
    connections: () => connections.size,
    close() {
      clearInterval(heartbeat);
      for (const c of connections) c.closeAll();
      hubs.closeAll();
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
