/**
 * The embedded API server as kubectl reaches it: HTTPS with the CA, server URL and admin token
 * the console wrote to its data directory. For specs that must act outside the browser, the way
 * a person with kubectl in another terminal would.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { join } from 'node:path';
import { dataDir } from './console.ts';

export interface KubeAnswer {
  status: number;
  body: string;
}

export interface KubeApi {
  post(path: string, body: unknown): Promise<KubeAnswer>;
  /** Reads as the cluster admin: past the console, so Secret values are as stored. */
  get(path: string): Promise<KubeAnswer>;
  /** Any verb; a body that is not a string goes as JSON, a string with `contentType`. */
  send(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, contentType?: string): Promise<KubeAnswer>;
  /** A JSON merge patch (`kubectl patch --type merge`), by someone other than the console. */
  mergePatch(path: string, patch: unknown, fieldManager?: string): Promise<KubeAnswer>;
}

/**
 * `dir`: the data directory of the console to reach (a console of the spec's own); `sockets`:
 * keep that many connections open and reuse them, for specs that send thousands of requests
 * (a TLS handshake per request would be what they measure); `kubeconfig`: another credential's
 * kubeconfig (a connected operator's) instead of the admin's.
 */
export function kubeApi(dir: string = dataDir, options: { sockets?: number; kubeconfig?: string } = {}): KubeApi {
  const kubeconfig = readFileSync(options.kubeconfig ?? join(dir, 'kubeconfig'), 'utf8');
  const server = new URL(/server: (\S+)/.exec(kubeconfig)![1]!);
  const token = /token: (\S+)/.exec(kubeconfig)![1]!;
  const ca = Buffer.from(/certificate-authority-data: (\S+)/.exec(kubeconfig)![1]!, 'base64').toString('utf8');
  const agent = options.sockets ? new Agent({ keepAlive: true, maxSockets: options.sockets, ca }) : undefined;
  const send: KubeApi['send'] = (method, path, body, contentType = 'application/json') =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
      if (payload !== undefined) headers['content-type'] = contentType;
      const req = request({ host: server.hostname, port: server.port, method, path, ca, headers, ...(agent ? { agent } : {}) }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end(payload);
    });
  return {
    send,
    post: (path, body) => send('POST', path, body),
    get: (path) => send('GET', path),
    mergePatch: (path, patch, fieldManager = 'kubectl-patch') =>
      send('PATCH', `${path}?fieldManager=${encodeURIComponent(fieldManager)}`, patch, 'application/merge-patch+json'),
  };
}
