/**
 * Starting the embedded API server where it runs: on a thread of its own (`startApiServerThread`,
 * what `dojo-console up` uses, so the console's event loop never waits behind the server's
 * JSON, validation, TLS and storage work), or on the caller's thread (`startApiServerInProcess`,
 * for tests that reach into the server, and as the benchmark's comparison). Both give an
 * ApiServerHandle driven by the same messages.
 *
 * The thread shares the process: a kill -9 ends both at once (acknowledged writes are durable
 * before they are acknowledged, so nothing acknowledged is lost), and an orphaned server never
 * holds the data dir. If the thread dies alone, the handle's `failure` says so.
 */
import { MessageChannel, Worker, type ResourceLimits } from 'node:worker_threads';
import { startApiServer, type ApiServer, type ApiServerOptions } from '../api-server.ts';
import type { ApiServerHandle } from './api-server-handle.ts';
import type { ApiServerThreadData, ApiServerThreadReady, ThreadApiServerOptions } from './api-server-protocol.ts';
import { ApiServerClient } from './api-server-client.ts';
import { serveApiServer } from './serve-api-server.ts';

export interface InProcessApiServer extends ApiServerHandle {
  /** The server itself, for tests that look inside it. */
  readonly server: ApiServer;
}

const threadEntry = new URL('./api-server-thread-entry.mjs', import.meta.url);

export interface ApiServerThreadOptions {
  /** Caps of the thread's V8 heap (default: as the process's); past them the thread dies, and the handle says so. */
  resourceLimits?: ResourceLimits;
}

export async function startApiServerThread(options: ThreadApiServerOptions, thread: ApiServerThreadOptions = {}): Promise<ApiServerHandle> {
  const { port1: control, port2: serverControl } = new MessageChannel();
  const data: ApiServerThreadData = { options, control: serverControl };
  const worker = new Worker(threadEntry, {
    workerData: data,
    transferList: [serverControl],
    ...(thread.resourceLimits ? { resourceLimits: thread.resourceLimits } : {}),
  });
  const ready = await new Promise<ApiServerThreadReady>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the API server thread exited (code ${code}) before it listened`)));
  });
  worker.removeAllListeners();
  let closed = false;
  const client = new ApiServerClient({
    mode: 'thread',
    endpoint: ready.endpoint,
    control,
    journal: ready.journal,
    afterClose: async () => {
      closed = true;
      await worker.terminate();
    },
  });
  worker.on('error', (error) => client.fail(new Error(`the embedded API server thread crashed: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => {
    if (!closed) client.fail(new Error(`the embedded API server thread exited (code ${code})`));
  });
  return client;
}

export async function startApiServerInProcess(options: ApiServerOptions): Promise<InProcessApiServer> {
  const server = await startApiServer(options);
  const { port1: control, port2: serverControl } = new MessageChannel();
  serveApiServer(server, serverControl);
  const { url, port, kubeconfigPath, credentials } = server;
  const client = new ApiServerClient({
    mode: 'in-process',
    endpoint: { url, port, kubeconfigPath, credentials },
    control,
    journal: Boolean(server.journal),
    afterClose: async () => serverControl.close(),
  });
  return Object.assign(client, { server });
}
