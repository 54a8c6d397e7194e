/** Opens a watch on a test server and reads its events as they arrive (JSON lines or protobuf frames). */
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { decodeObject } from '../http/protobuf/envelope.ts';
import { wireSchema } from '../http/protobuf/wire-schema.ts';
import type { TestServer } from './test-server.ts';

export interface WatchedEvent {
  type: string;
  object: any;
}

export interface WatchStream {
  status: number;
  headers: IncomingMessage['headers'];
  /** Resolves with the first `count` events (waiting for them), or rejects after `timeoutMs`. */
  events(count: number, timeoutMs?: number): Promise<WatchedEvent[]>;
  /** Resolves with every event once the server ends the stream. */
  ended(): Promise<WatchedEvent[]>;
  close(): void;
}

function decodeFrame(message: Buffer): WatchedEvent {
  const event = wireSchema().type('meta.v1.WatchEvent').decode(message) as unknown as { f1: string; f2: { f1: Uint8Array } };
  return { type: event.f1, object: decodeObject(Buffer.from(event.f2.f1), { apiVersion: '', kind: '' }) };
}

export function openWatch(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<WatchStream> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        ca: server.credentials.caCertPem,
        headers: { authorization: `Bearer ${server.credentials.token}`, ...headers },
      },
      (res) => {
        const protobuf = String(res.headers['content-type'] ?? '').includes('protobuf');
        const received: WatchedEvent[] = [];
        let buffer = Buffer.alloc(0);
        let done = false;
        const waiters = new Set<() => void>();
        const wake = () => waiters.forEach((w) => w());
        res.on('data', (chunk: Buffer) => {
          buffer = Buffer.concat([buffer, chunk]);
          if (res.statusCode !== 200) return;
          for (;;) {
            if (protobuf) {
              if (buffer.length < 4 || buffer.length < 4 + buffer.readUInt32BE(0)) break;
              const length = buffer.readUInt32BE(0);
              received.push(decodeFrame(buffer.subarray(4, 4 + length)));
              buffer = buffer.subarray(4 + length);
            } else {
              const newline = buffer.indexOf(10);
              if (newline < 0) break;
              received.push(JSON.parse(buffer.subarray(0, newline).toString('utf8')) as WatchedEvent);
              buffer = buffer.subarray(newline + 1);
            }
          }
          wake();
        });
        const finished = new Promise<WatchedEvent[]>((done_) =>
          res.on('close', () => {
            done = true;
            wake();
            done_(received);
          }),
        );
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          events: (count, timeoutMs = 5000) =>
            new Promise((ok, fail) => {
              const check = () => {
                if (received.length >= count) {
                  waiters.delete(check);
                  clearTimeout(timer);
                  ok(received.slice(0, count));
                } else if (done) {
                  waiters.delete(check);
                  clearTimeout(timer);
                  fail(new Error(`stream ended after ${received.length} events: ${JSON.stringify(received)} ${buffer.toString('utf8')}`));
                }
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(new Error(`only ${received.length} events after ${timeoutMs} ms: ${JSON.stringify(received)}`));
              }, timeoutMs);
              waiters.add(check);
              check();
            }),
          ended: () => finished,
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
