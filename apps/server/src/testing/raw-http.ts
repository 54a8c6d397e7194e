/**
 * Requests exactly as written, for hostile-input tests: node:http sends the path and headers
 * unchanged (fetch would normalize `..`, `%2e` and the Host header away), and a raw socket
 * sends an upgrade request byte for byte.
 */
import { request } from 'node:http';
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  text: string;
}

/** One request; `timeoutMs` bounds the whole answer, so a stream that never ends fails the test. */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
  timeoutMs = 10_000,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, timeout: timeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no complete answer to ${method} ${path} within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Writes `head` (request line and headers, no final blank line) and returns the status of the answer, 0 if none came. */
export function rawUpgrade(port: number, head: string, timeoutMs = 5000): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n`));
    let text = '';
    const done = () => {
      socket.destroy();
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0));
    };
    socket.setTimeout(timeoutMs, done);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) done();
    });
    socket.on('close', done);
    socket.on('error', done);
  });
}
