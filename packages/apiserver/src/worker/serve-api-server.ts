/**
 * The server side of the control port: answers the requests of an ApiServerClient
 * (api-server-protocol.ts) with a running ApiServer. The same code serves a server on its own
 * thread and one in the caller's (over a local MessageChannel).
 */
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import type { MessagePort } from 'node:worker_threads';
import type { ClientFaults, ClientViewState, WebhookServiceMappings } from '@dojo/console-protocol';
import { StatusError } from '@dojo/kube-api';
import type { ApiServer } from '../api-server.ts';
import type { ControlAnswer, ControlRequest, ServerMemory } from './api-server-protocol.ts';
import { serveJournalPort } from './journal-port.ts';
import { threadMemory } from './thread-memory.ts';

async function answer(
  server: ApiServer,
  request: ControlRequest,
): Promise<number | string | ServerMemory | ClientFaults | ClientViewState | WebhookServiceMappings | undefined> {
  switch (request.op) {
    case 'compact-history':
      server.compactHistory();
      return undefined;
    case 'memory':
      return threadMemory();
    case 'write-heap-snapshot':
      // Written by the thread that owns the heap; the name says which thread it was.
      return writeHeapSnapshot(join(request.dir, `apiserver-${process.pid}-${Date.now()}.heapsnapshot`));
    case 'close-watches': {
      const open = server.watchCache.watcherCount;
      server.watchCache.closeAll(request.reason);
      return open;
    }
    case 'follow-journal':
      if (!server.journal) {
        request.port.close();
        throw new Error('the API server keeps no request journal');
      }
      serveJournalPort(server.journal, request.port, request.sinceSeq);
      return undefined;
    case 'write-container-logs':
      server.containerLogs.write(request.writes);
      return undefined;
    case 'client-faults': {
      const { client, change } = request;
      if (!change) return server.requestFaults.list(client);
      return 'add' in change ? server.requestFaults.add(client, change.add) : server.requestFaults.clear(client, change.id);
    }
    case 'client-view':
      return request.command ? server.clientControls.command(request.client, request.command) : server.clientControls.state(request.client);
    case 'webhook-services': {
      const { change } = request;
      if (!change) return server.webhookServices.list();
      return 'map' in change ? server.webhookServices.map(change.map.service, change.map.url) : server.webhookServices.unmap(change.unmap);
    }
    case 'close':
      await server.close();
      return undefined;
  }
}

/** Serves `server` on `control`; the client closes the port once its `close` was answered. */
export function serveApiServer(server: ApiServer, control: MessagePort): void {
  control.on('message', (request: ControlRequest) => {
    void answer(server, request).then(
      (value) => {
        const reply: ControlAnswer = value === undefined ? { id: request.id, ok: true } : { id: request.id, ok: true, value };
        control.postMessage(reply);
      },
      (error: unknown) => {
        const reply: ControlAnswer = {
          id: request.id,
          ok: false,
          error: error instanceof Error ? error.message : String(error),
          ...(error instanceof StatusError ? { status: error.status } : {}),
        };
        control.postMessage(reply);
      },
    );
  });
  control.unref();
}
