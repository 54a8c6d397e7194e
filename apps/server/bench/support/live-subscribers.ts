/**
 * N WebSocket clients of the console's live protocol (docs/protocol.md), all subscribed to one
 * watch. Each delivered event is timed against the write-start stamp the writer put in the
 * object (`data.sentAt`, epoch ms), on this process's clock: writer and clients share it.
 */
import WebSocket from 'ws';
import { epochNow } from './percentiles.ts';

export interface Delivery {
  name: string;
  receivedAt: number;
  latencyMs: number;
}

export interface LiveSubscribers {
  deliveries: Delivery[];
  /** `relist` or `error` frames: a subscription the server gave up on (it fell behind). */
  dropped: { client: number; message: string }[];
  close(): void;
}

interface Frame {
  type: string;
  reason?: string;
}

/** The text after the first `open` and up to the next `close` ('' when absent). */
function between(text: string, open: string, close: string): string {
  const start = text.indexOf(open);
  if (start < 0) return '';
  const from = start + open.length;
  return text.slice(from, text.indexOf(close, from));
}

/**
 * The console admits at most 32 live connections from one address (ws/connection-limits.ts), as
 * it should: 50 browser tabs are 50 people, not one. The clients come from loopback addresses of
 * their own (127.0.0.2, .3, ...: all of 127/8 is this machine), 16 per address, for the
 * reference and the console alike.
 */
const clientsPerAddress = 16;
const loopbackAddressOf = (client: number): string => `127.0.0.${2 + Math.floor(client / clientsPerAddress)}`;

export async function connectSubscribers(
  url: string,
  headers: Record<string, string>,
  count: number,
  subscribe: Record<string, unknown>,
): Promise<LiveSubscribers> {
  const deliveries: Delivery[] = [];
  const dropped: LiveSubscribers['dropped'] = [];
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      (_, client) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url, { headers, skipUTF8Validation: true, localAddress: loopbackAddressOf(client) });
          ws.on('message', (data: Buffer) => {
            const receivedAt = epochNow();
            const text = data.toString('utf8');
            // Watch events are read without JSON.parse: at 50,000 frames/s a full parse in the
            // clients would cost more CPU than the server spends, and this machine has two cores.
            if (text.lastIndexOf('"type":"watch-event"', 64) >= 0) {
              const sentAt = Number(between(text, '"sentAt":"', '"'));
              if (sentAt) deliveries.push({ name: between(text, '"name":"', '"'), receivedAt, latencyMs: receivedAt - sentAt });
              return;
            }
            const frame = JSON.parse(text) as Frame;
            if (frame.type === 'synced') resolve(ws);
            else if (frame.type === 'relist' || frame.type === 'error') dropped.push({ client, message: frame.reason ?? text });
          });
          ws.once('open', () => ws.send(JSON.stringify({ op: 'subscribe', ...subscribe })));
          ws.once('error', reject);
        }),
    ),
  );
  return {
    deliveries,
    dropped,
    close: () => sockets.forEach((ws) => ws.terminate()),
  };
}
