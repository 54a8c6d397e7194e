/**
 * What runs on the API server thread: the server, its control port, and one report to the
 * parent once it listens. A failure to start (the port taken, the data dir unusable) is thrown,
 * and reaches the parent as the Worker's 'error'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startApiServer } from '../api-server.ts';
import type { ApiServerThreadData, ApiServerThreadReady } from './api-server-protocol.ts';
import { serveApiServer } from './serve-api-server.ts';

const { options, control } = workerData as ApiServerThreadData;
const server = await startApiServer(options);
serveApiServer(server, control);
const { url, port, kubeconfigPath, credentials } = server;
const ready: ApiServerThreadReady = { type: 'ready', endpoint: { url, port, kubeconfigPath, credentials }, journal: Boolean(server.journal) };
parentPort!.postMessage(ready);
// The thread lives until the parent ends it (close is answered, then the parent terminates it).
// serveApiServer unrefs the port so that an in-process server never holds its process; here,
// were the thread to end on its own once the server closed, its exit could reach the parent
// before the answer to `close` and read as a crash (a flaky test showed it at load 10).
control.ref();
