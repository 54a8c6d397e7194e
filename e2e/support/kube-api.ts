/**
 * The embedded API server as kubectl reaches it: HTTPS with the CA, server URL and admin token
 * the console wrote to its data directory. For specs that must act outside the browser, the way
 * a person with kubectl in another terminal would.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { dataDir } from './console.ts';

export interface KubeApi {
  post(path: string, body: unknown): Promise<{ status: number; body: string }>;
  /** Reads as the cluster admin: past the console, so Secret values are as stored. */
  get(path: string): Promise<{ status: number; body: string }>;
}

export function kubeApi(): KubeApi {
  const kubeconfig = readFileSync(join(dataDir, 'kubeconfig'), 'utf8');
  const server = new URL(/server: (\S+)/.exec(kubeconfig)![1]!);
  const token = /token: (\S+)/.exec(kubeconfig)![1]!;
  const ca = Buffer.from(/certificate-authority-data: (\S+)/.exec(kubeconfig)![1]!, 'base64').toString('utf8');
  const send = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers = { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
      const req = request({ host: server.hostname, port: server.port, method, path, ca, headers }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  return {
    post: (path, body) => send('POST', path, body),
    get: (path) => send('GET', path),
  };
}
