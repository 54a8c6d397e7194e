/**
 * The messages between an embedded API server and the console that runs it, declared once for
 * both sides. They travel over MessagePorts: a control port (requests and their answers) and
 * one port per journal follower, so a follower's batches never queue behind anything else.
 */
import type { MessagePort } from 'node:worker_threads';
import type {
  ClientFaults,
  ClientViewCommand,
  ClientViewState,
  FaultRuleSpec,
  RequestJournalHello,
  WebhookServiceChange,
  WebhookServiceMappings,
} from '@dojo/console-protocol';
import type { Status } from '@dojo/kube-api';
import type { ApiServerOptions } from '../api-server.ts';
import type { ContainerLogWrite } from '../logs/container-log-store.ts';
import type { WatchSettings } from '../http/watch-handler.ts';
import type { ServerCredentials } from '../pki.ts';

/** Where the server listens and how to reach it; plain data, so it crosses a thread. */
export interface ApiServerEndpoint {
  readonly url: string;
  readonly port: number;
  readonly kubeconfigPath: string;
  readonly credentials: ServerCredentials;
}

/** The options that can cross to another thread (functions cannot: the watch timeout stays the default). */
export type ThreadApiServerOptions = Omit<ApiServerOptions, 'watch'> & { watch?: Partial<Omit<WatchSettings, 'defaultTimeoutSeconds'>> };

/** The V8 heap of the thread the server runs on (in-process: the caller's own), in bytes. */
export interface ServerMemory {
  readonly heapUsed: number;
  readonly heapTotal: number;
  /** What of the heap is in RAM (V8's total_physical_size): the heap's share of the process's RSS. */
  readonly heapPhysical: number;
  /** The young generation's reserved size (both semi-spaces): RSS a second isolate adds even when idle. */
  readonly newSpace: number;
  /** Memory of JavaScript objects bound to native ones (Buffers, SQLite's statements). */
  readonly external: number;
  /** The part of `external` that is ArrayBuffers (Buffers, TLS and socket chunks). */
  readonly arrayBuffers: number;
}

export type ControlRequest =
  | { id: number; op: 'compact-history' }
  | { id: number; op: 'memory' }
  | { id: number; op: 'write-heap-snapshot'; dir: string }
  | { id: number; op: 'close-watches'; reason: string }
  | { id: number; op: 'follow-journal'; sinceSeq: number; port: MessagePort }
  | { id: number; op: 'write-container-logs'; writes: readonly ContainerLogWrite[] }
  /** A connected client's fault rules (client-controls/request-faults.ts): `change` absent reads them. */
  | { id: number; op: 'client-faults'; client: string; change?: ClientFaultChange }
  /** A connected client's view controls: `command` absent reads what is in force. */
  | { id: number; op: 'client-view'; client: string; command?: ClientViewCommand }
  /** The webhook service map (`dojo-console webhook map`): `change` absent reads it. */
  | { id: number; op: 'webhook-services'; change?: WebhookServiceChange }
  | { id: number; op: 'close' };

/** A change to a client's fault rules: add one, or clear one (`id`) or all. */
export type ClientFaultChange = { add: FaultRuleSpec } | { clear: true; id?: string };

/** A failure carries the Status it was (a StatusError's), so the console answers it as the server did. */
export type ControlAnswer =
  | { id: number; ok: true; value?: number | string | ServerMemory | ClientFaults | ClientViewState | WebhookServiceMappings }
  | { id: number; ok: false; error: string; status?: Status };

/** From the server to a journal follower: the hello, then records as one JSON array per batch. */
export type JournalPortMessage = { type: 'hello'; hello: RequestJournalHello } | { type: 'records'; json: string };

/** From a follower: it handled a batch, so the server may send another. */
export interface JournalPortAck {
  type: 'ack';
}

/** What the server thread is started with. */
export interface ApiServerThreadData {
  options: ThreadApiServerOptions;
  control: MessagePort;
}

/** The server thread's one report to its parent: it listens (errors arrive as the Worker's 'error'). */
export interface ApiServerThreadReady {
  type: 'ready';
  endpoint: ApiServerEndpoint;
  journal: boolean;
}
