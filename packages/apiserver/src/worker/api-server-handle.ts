/**
 * What the console holds of the embedded API server, wherever it runs: on its own thread
 * (`startApiServerThread`, what `dojo-console up` does) or on the caller's (`startApiServerInProcess`).
 * Both are driven through the same messages (api-server-protocol.ts), so the console has one
 * code path; it talks to the server itself over HTTPS with `kubeconfigPath`, like any client.
 *
 * Promises:
 * - `close()` returns once every acknowledged write is durable and the server has stopped
 *   listening; after a failure it returns at once (there is nothing left to flush).
 * - When the server stops on its own (its thread threw or exited), `failure` says why and every
 *   `onFailure` listener is told once; calls made afterwards reject with that error.
 * - `followJournal` hands the request journal over in batches, in `seq` order, resuming after
 *   `sinceSeq`; a follower that falls behind what the journal holds gets a `hello` with
 *   `resync: true` first (as `GET /debug/requests` says it), never a silent gap.
 */
import type {
  ClientFaults,
  ClientViewCommand,
  ClientViewState,
  RequestJournalHello,
  RequestJournalRecord,
  WebhookServiceChange,
  WebhookServiceMappings,
} from '@dojo/console-protocol';
import type { ContainerLogWrite } from '../logs/container-log-store.ts';
import type { ApiServerEndpoint, ClientFaultChange, ServerMemory } from './api-server-protocol.ts';

export interface JournalFollower {
  hello(hello: RequestJournalHello): void;
  /**
   * Records in `seq` order. The next batch (or hello) is handed over once this one returned,
   * or, if it returns a promise, once that settled: a follower may yield to its event loop
   * while it works through a batch, and the server's credit still bounds what waits for it.
   */
  records(batch: readonly RequestJournalRecord[]): void | Promise<void>;
}

export interface ApiServerHandle extends ApiServerEndpoint {
  readonly mode: 'thread' | 'in-process';
  /** Drops watch history, as an etcd compaction does: older resourceVersions now get 410. */
  compactHistory(): Promise<void>;
  /** Ends every open watch from the server's side (as a restart would); answers how many were open. */
  closeWatches(reason: string): Promise<number>;
  /**
   * A connected client's view controls (pause, resume, step, breakpoints, stale view): applies
   * `command` if given, and answers what is now in force. 404 (a StatusError) for a name that
   * is not a connected client; 400 for a bad command.
   */
  clientView(client: string, command?: ClientViewCommand): Promise<ClientViewState>;
  /** Where the server's memory is: its thread's heap and what its store and watch history hold. */
  memory(): Promise<ServerMemory>;
  /** Writes a V8 heap snapshot of the server's thread into `dir` (a diagnosis aid for benchmarks); answers the file's path. */
  writeHeapSnapshot(dir: string): Promise<string>;
  /**
   * Hands the simulated nodes' container output to the server, which answers `pods/log` from
   * it. Fire and forget, in order: what arrives after a close is dropped with the server.
   */
  writeContainerLogs(writes: readonly ContainerLogWrite[]): void;
  /** A connected client's fault rules: reads them, or adds or clears and answers what is now in force (a refusal is the server's StatusError). */
  clientFaults(client: string, change?: ClientFaultChange): Promise<ClientFaults>;
  /**
   * The webhook service map (`dojo-console webhook map`): applies `change` if given, kept in the
   * data dir before answering, and answers the whole map. 400 (a StatusError) for a bad service
   * or URL, 404 to unmap a service that is not mapped.
   */
  webhookServices(change?: WebhookServiceChange): Promise<WebhookServiceMappings>;
  /** The request journal as a stream; absent when the server keeps none. Returns the stop. */
  followJournal?(sinceSeq: number, follower: JournalFollower): () => void;
  /** Why the server stopped on its own; undefined while it runs (or after a clean close). */
  readonly failure: Error | undefined;
  onFailure(listener: (error: Error) => void): void;
  close(): Promise<void>;
}
