/** The browser side of the tab's socket: the real WebSocket and the URL it connects to. */
import type { SocketLike } from './live-socket-types.ts';

/** The browser's WebSocket behind the SocketLike interface. */
export function browserSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const socket: SocketLike = {
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  ws.onopen = (event) => socket.onopen?.(event);
  ws.onmessage = (event) => socket.onmessage?.({ data: event.data });
  ws.onclose = (event) => socket.onclose?.({ code: event.code, reason: event.reason });
  ws.onerror = (event) => socket.onerror?.(event);
  return socket;
}

/** The tab's socket URL: same origin, ws or wss to match the page; in a recording, the instant shown (`?at=`). */
export function liveSocketUrl(location: { protocol: string; host: string }, at?: number): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws${at === undefined ? '' : `?at=${at}`}`;
}
