/** Starts a throwaway API server in a temp data dir for tests, with helpers to call it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer, type ApiServer, type ApiServerOptions } from '../api-server.ts';

export interface TestServer extends ApiServer {
  dataDir: string;
  /** Calls the server with the admin token; resolves with status, parsed body and the raw bytes. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; raw: Buffer; headers: Record<string, unknown> }>;
  stop(): Promise<void>;
}

export async function startTestServer(options: Partial<ApiServerOptions> = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'dojo-apiserver-'));
  const server = await startApiServer({ ...options, dataDir, port: options.port ?? 0 });
  const call: TestServer['call'] = (method, path, body, headers = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          path,
          method,
          ca: server.credentials.caCertPem,
          headers: {
            authorization: `Bearer ${server.credentials.token}`,
            // Node sends a DELETE's body unframed unless the length is given.
            ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const text = raw.toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON: keep the text
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, raw, headers: res.headers });
          });
        },
      );
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  return {
    ...server,
    dataDir,
    call,
    async stop() {
      await server.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
