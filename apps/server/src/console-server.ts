/** The console's HTTP + WebSocket listener. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { allowedHostsFor, guardRequests } from '@dojo/http-edge';
import { createConsoleApp, type ConsoleAppDeps } from './console-app.ts';
import { statusAnswer } from './routes/status-errors.ts';
import { tokenCookieName, type GuardOptions } from './security/request-guards.ts';
import { attachLiveSockets, type LiveSocketDeps } from './ws/live-socket-server.ts';

export const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface ConsoleServerOptions extends Omit<ConsoleAppDeps, 'guards' | 'webRoot'> {
  host: string;
  port: number;
  token: string;
  webRoot?: string;
  hello: LiveSocketDeps['hello'];
  heartbeatMs?: number;
  /** Bytes a WebSocket may have queued before its subscriptions are told to relist/resync. */
  maxSocketBufferBytes?: number;
}

export interface ConsoleServer {
  url: string;
  port: number;
  /** How many live connections (a tab keeps one open) are open now. */
  liveConnections(): number;
  close(): Promise<void>;
}

export async function startConsoleServer(options: ConsoleServerOptions): Promise<ConsoleServer> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const allowedHosts = allowedHostsFor(options.host, port);
  const guards: GuardOptions = { token: options.token, allowedHosts, cookieName: tokenCookieName(port), plainHttpOnly: allowedHosts.length > 0 };
  const app = createConsoleApp({ ...options, guards, webRoot: options.webRoot ?? defaultWebRoot });
  // Express turns a handler's error into a Status; the guard answers for whatever escapes express.
  server.on('request', guardRequests(app, statusAnswer));
  const sockets = attachLiveSockets(server, {
    ...options,
    guards,
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    ...(options.maxSocketBufferBytes ? { maxBufferedBytes: options.maxSocketBufferBytes } : {}),
  });
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/`,
    port,
    liveConnections: () => sockets.connections(),
    close: () =>
      new Promise((resolve) => {
        sockets.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
