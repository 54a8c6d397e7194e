/** Starts a throwaway API server in a temp data dir for tests, with helpers to call it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer, type ApiServer, type ApiServerOptions } from '../api-server.ts';
import { httpsCall, type CallResult } from './https-call.ts';

export interface TestServer extends ApiServer {
  dataDir: string;
  /** Calls the server with the admin token; resolves with status, parsed body and the raw bytes. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<CallResult>;
  stop(): Promise<void>;
}

export async function startTestServer(options: Partial<ApiServerOptions> = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'dojo-apiserver-'));
  const server = await startApiServer({ ...options, dataDir, port: options.port ?? 0 });
  const target = { host: '127.0.0.1', port: server.port, caPem: server.credentials.caCertPem, token: server.credentials.token };
  const call: TestServer['call'] = (method, path, body, headers = {}) => httpsCall(target, method, path, body, headers);
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
