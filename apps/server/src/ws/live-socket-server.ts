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
import { newStatusError } from '@dojo/kube-api';
import type { KubeTransport } from '@dojo/runtime';
import type { ConsoleControllers } from '../console-controllers.ts';
import type { TelemetrySource } from '../history/telemetry-source.ts';
import { statusAnswer } from '../routes/status-errors.ts';
import { checkHost, checkToken, checkWebSocketOrigin, type GuardOptions } from '../security/request-guards.ts';
import { ClientLimits, defaultConnectionLimits, defaultSubscriptionLimits, type ClientLimitOptions } from './connection-limits.ts';
import { closeCodes, LiveConnection, type SubscriptionFactory } from './live-connection.ts';
import { startMetricsSubscription } from './metrics-subscription.ts';
import { startTelemetrySubscription } from './telemetry-subscription.ts';
import { startWatchSubscription } from './watch-subscription.ts';

export const maxFrameBytes = 64 * 1024;

export interface LiveSocketDeps {
  guards: GuardOptions;
  transport: () => KubeTransport;
  telemetry: TelemetrySource;
  controllers: ConsoleControllers;
  allowSecretData: boolean;
  hello: () => Hello;
  heartbeatMs?: number;
  maxBufferedBytes?: number;
  connectionLimits?: ClientLimitOptions;
  subscriptionLimits?: ClientLimitOptions;
}

export function attachLiveSockets(server: Server, deps: LiveSocketDeps): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes });
  const connections = new Set<LiveConnection>();
  const connectionLimits = new ClientLimits('live connections', deps.connectionLimits ?? defaultConnectionLimits);
  const subscriptionLimits = new ClientLimits('subscriptions', deps.subscriptionLimits ?? defaultSubscriptionLimits);
  const factory: SubscriptionFactory = {
    open(message, outbox) {
      switch (message.kind) {
        case 'watch':
          return startWatchSubscription({ ...message, transport: deps.transport(), outbox, allowSecretData: deps.allowSecretData });
        case 'telemetry':
          return startTelemetrySubscription({ ...message, telemetry: deps.telemetry, outbox });
        case 'metrics':
          return startMetricsSubscription({ id: message.id, controllers: deps.controllers, outbox });
      }
    },
  };

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = new URL(req.url ?? '/', 'http://console').pathname;
    if (path !== '/ws') return refuseUpgrade(socket, statusAnswer(newStatusError(404, 'NotFound', 'the server could not find the requested resource')));
    const problem = checkHost(req, deps.guards) ?? checkToken(req, deps.guards) ?? checkWebSocketOrigin(req, deps.guards);
    if (problem) return refuseUpgrade(socket, statusAnswer(problem));
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      const client = req.socket.remoteAddress ?? 'unknown';
      const admission = connectionLimits.admit(client);
      if (!admission.admitted) {
        ws.close(closeCodes.tooManyConnections, admission.reason);
        return;
      }
      const options = { maxBufferedBytes: deps.maxBufferedBytes ?? 4 * 1024 * 1024, maxSubscriptions: 64, subscriptionLimits, client };
      const connection = new LiveConnection(ws, factory, options, deps.hello());
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
    close() {
      clearInterval(heartbeat);
      for (const c of connections) c.closeAll();
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
