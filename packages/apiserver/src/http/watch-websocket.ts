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

/** x/net's refusal: a status line, its extra headers, and the error's text as the body; then the connection ends. */
function refuse(socket: Duplex, status: 400 | 403, body = '', headers = ''): void {
  socket.end(`HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : 'Forbidden'}\r\n${headers}\r\n${body}`);
}

/** x/net/websocket's hybiServerHandshaker.ReadHandshake, its handshake (checkOrigin) and AcceptHandshake, in that order. */
function refusal(req: IncomingMessage): { status: 400 | 403; body?: string; headers?: string } | undefined {
  if (!req.headers['sec-websocket-key']) return { status: 400, body: 'mismatch challenge/response' };
  if (req.headers['sec-websocket-version'] !== '13') return { status: 400, body: 'missing or bad WebSocket Version', headers: 'Sec-WebSocket-Version: 13\r\n' };
  if (!req.headers.origin) return { status: 403 };
  const offered = (req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (offered.length > 1) return { status: 400 };
  return undefined;
}

const webSockets = new WebSocketServer({
  noServer: true,
  // kube-apiserver's x/net/websocket negotiates no extension.
  perMessageDeflate: false,
  // x/net/websocket's DefaultMaxPayloadBytes: a larger message ends the connection.
  maxPayload: 32 << 20,
  handleProtocols: (protocols) => [...protocols][0] ?? false,
});

/** Completes the handshake; undefined when it was refused (the refusal already answered). */
export async function acceptWatchWebSocket(req: IncomingMessage): Promise<WebSocket | undefined> {
  const pending = pendingUpgrades.get(req);
  if (!pending) return undefined;
  pendingUpgrades.delete(req);
  const { socket, head } = pending;
  const refused = refusal(req);
  if (refused) {
    refuse(socket, refused.status, refused.body, refused.headers);
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
