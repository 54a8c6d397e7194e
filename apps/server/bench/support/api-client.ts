/**
 * What kubectl does on the wire, without kubectl's process start: HTTPS with the kubeconfig's
 * CA and bearer token over keep-alive connections, and watches read as newline-delimited JSON.
 * Benchmarks time the API server and the console, not a client library.
 */
import { readFileSync } from 'node:fs';
import { Agent, request, type RequestOptions } from 'node:https';
import { parse } from 'yaml';

export interface WatchEvent<T> {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: T;
}

export interface ApiClient {
  send(method: string, path: string, body?: unknown, contentType?: string): Promise<{ status: number; body: string }>;
  /**
   * Streams events from `path` (which carries `watch=1`); `receivedAt` is `epochNow()`-style.
   * A server may end a watch whenever it likes (kube-apiserver's watch cache closes one it finds
   * unresponsive, and every watch after its timeout): `onClosed` says when and why, once.
   * Rejects with a WatchRefused when the server answers with anything but 200.
   */
  watch<T>(path: string, onEvent: (event: WatchEvent<T>, receivedAt: number) => void, onClosed?: (reason: string) => void): Promise<{ close(): void }>;
  close(): void;
}

/** A watch the server would not start, with its answer (a 410 Gone says "list again"). */
export class WatchRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`watch refused: HTTP ${status} ${body.slice(0, 300)}`);
  }
}

interface KubeconfigFile {
  clusters: { cluster: { server: string; 'certificate-authority-data': string } }[];
  users: { user: { token: string } }[];
}

export function apiClientFromKubeconfig(kubeconfigPath: string, sockets = 64): ApiClient {
  const config = parse(readFileSync(kubeconfigPath, 'utf8')) as KubeconfigFile;
  const server = new URL(config.clusters[0]!.cluster.server);
  const ca = Buffer.from(config.clusters[0]!.cluster['certificate-authority-data'], 'base64').toString('utf8');
  const token = config.users[0]!.user.token;
  const agent = new Agent({ keepAlive: true, maxSockets: sockets, ca });
  const streams = new Agent({ keepAlive: false, ca });
  const options = (method: string, path: string, headers: Record<string, string>, via: Agent): RequestOptions => ({
    host: server.hostname,
    port: server.port,
    method,
    path,
    agent: via,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });

  return {
    send(method, path, body, contentType = 'application/json') {
      return new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
        const req = request(options(method, path, payload === undefined ? {} : { 'content-type': contentType }, agent), (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(payload);
      });
    },
    watch(path, onEvent, onClosed) {
      return new Promise((resolve, reject) => {
        let closedBy: string | undefined;
        const closed = (reason: string) => {
          if (closedBy !== undefined) return;
          closedBy = reason;
          onClosed?.(reason);
        };
        const req = request(options('GET', path, {}, streams), (res) => {
          if (res.statusCode !== 200) {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => reject(new WatchRefused(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))));
            return;
          }
          let buffer = '';
          res.on('data', (d: Buffer) => {
            const receivedAt = performance.timeOrigin + performance.now();
            buffer += d.toString('utf8');
            let nl: number;
            while ((nl = buffer.indexOf('\n')) >= 0) {
              const line = buffer.slice(0, nl);
              buffer = buffer.slice(nl + 1);
              if (line.trim()) onEvent(JSON.parse(line), receivedAt);
            }
          });
          res.on('end', () => closed('the server ended the stream'));
          res.on('error', (error) => closed(`the stream failed: ${error.message}`));
          res.on('close', () => closed('the connection closed'));
          resolve({
            close: () => {
              closed('closed by the benchmark');
              req.destroy();
            },
          });
        });
        req.on('error', (error) => {
          closed(`the request failed: ${error.message}`);
          reject(error);
        });
        req.end();
      });
    },
    close() {
      agent.destroy();
      streams.destroy();
    },
  };
}
