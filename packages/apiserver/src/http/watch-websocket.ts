/**
 * Watches over a WebSocket, as kube-apiserver serves a watch request carrying
 * `Upgrade: websocket` (endpoints/handlers/watch.go, through golang.org/x/net/websocket's
 * Handler): fabric8's client tries that first.
 *
 * An upgrade request runs through the API handler like any other — authentication, routing,
 * option validation — with an HTTP response on its socket, so every refusal before the
 * handshake is an ordinary Status answer. Only the watch handler completes the handshake, with
 * x/net/websocket's rules: an Origin header is required (403 without one), and a client may
 * offer at most one subprotocol (`binary.k8s.io`, `base64.binary.k8s.io`, ...), which is
 * echoed; several are refused with 400. The subprotocol changes nothing in the framing.
 */
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

interface PendingUpgrade {
  socket: Duplex;
  head: Buffer;
}

const pendingUpgrades = new WeakMap<IncomingMessage, PendingUpgrade>();

/** The server's `upgrade` listener: hands each upgrade request to `handler` with a response on its socket. */
export function upgradeListener(handler: (req: IncomingMessage, res: ServerResponse) => void): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (req, socket, head) => {
    // Node removes its own error listener at upgrade: a reset must not crash the process.
    socket.on('error', () => socket.destroy());
    pendingUpgrades.set(req, { socket, head });
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket as Socket);
    // An answer that is not a handshake ends the connection: no HTTP parser reads this socket any more.
    res.once('finish', () => socket.end());
    handler(req, res);
  };
}

/** True for a request that arrived as `Upgrade: websocket`. */
export function isWebSocketUpgrade(req: IncomingMessage): boolean {
  return pendingUpgrades.has(req) && req.headers.upgrade?.toLowerCase() === 'websocket';
}

function refuse(socket: Duplex, status: 400 | 403): void {
  socket.end(`HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : 'Forbidden'}\r\n\r\n`);
}

const webSockets = new WebSocketServer({
  noServer: true,
  // kube-apiserver's x/net/websocket negotiates no extension.
  perMessageDeflate: false,
  handleProtocols: (protocols) => [...protocols][0] ?? false,
});

/** Completes the handshake; undefined when it was refused (the refusal already answered). */
export async function acceptWatchWebSocket(req: IncomingMessage): Promise<WebSocket | undefined> {
  const pending = pendingUpgrades.get(req);
  if (!pending) return undefined;
  pendingUpgrades.delete(req);
  const { socket, head } = pending;
  if (!req.headers.origin) {
    refuse(socket, 403);
    return undefined;
  }
  const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  if (offered.length > 1) {
    refuse(socket, 400);
    return undefined;
  }
  return new Promise((resolve) => {
    socket.once('close', () => resolve(undefined));
    webSockets.handleUpgrade(req, socket, head, (ws) => {
      // The client sends nothing on a watch; whatever it sends is read and dropped.
      ws.on('error', () => ws.terminate());
      resolve(ws);
    });
  });
}
