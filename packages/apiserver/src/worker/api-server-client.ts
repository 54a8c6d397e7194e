/**
 * The console's side of the control port: an ApiServerHandle for a server that runs on another
 * thread or on this one. Requests are numbered and answered in any order; a failure of the
 * server (reported by whoever runs it, `fail`) rejects what is pending and everything after.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { ClientFaults, ClientViewCommand, ClientViewState, WebhookServiceChange, WebhookServiceMappings } from '@dojo/console-protocol';
import { StatusError } from '@dojo/kube-api';
import type { ApiServerHandle, JournalFollower } from './api-server-handle.ts';
import type { ContainerLogWrite } from '../logs/container-log-store.ts';
import type { ApiServerEndpoint, ClientFaultChange, ControlAnswer, ControlRequest, ServerMemory } from './api-server-protocol.ts';
import { readJournalPort } from './journal-port.ts';

type Request = ControlRequest extends infer R ? (R extends ControlRequest ? Omit<R, 'id'> : never) : never;

type AnswerValue = Extract<ControlAnswer, { ok: true }>['value'];

interface Pending {
  resolve: (value: AnswerValue) => void;
  reject: (error: Error) => void;
}

export interface ApiServerClientOptions {
  mode: ApiServerHandle['mode'];
  endpoint: ApiServerEndpoint;
  control: MessagePort;
  journal: boolean;
  /** After the server answered `close`: ends its thread (or nothing, in-process). */
  afterClose: () => Promise<void>;
}

export class ApiServerClient implements ApiServerHandle {
  readonly mode: ApiServerHandle['mode'];
  readonly url: string;
  readonly port: number;
  readonly kubeconfigPath: string;
  readonly credentials: ApiServerEndpoint['credentials'];
  readonly followJournal?: (sinceSeq: number, follower: JournalFollower) => () => void;
  readonly #control: MessagePort;
  readonly #afterClose: () => Promise<void>;
  readonly #pending = new Map<number, Pending>();
  readonly #failureListeners: ((error: Error) => void)[] = [];
  readonly #pendingLogs: ContainerLogWrite[] = [];
  #nextId = 1;
  #failure: Error | undefined;
  #closing: Promise<void> | undefined;

  constructor(options: ApiServerClientOptions) {
    ({ mode: this.mode, control: this.#control, afterClose: this.#afterClose } = options);
    ({ url: this.url, port: this.port, kubeconfigPath: this.kubeconfigPath, credentials: this.credentials } = options.endpoint);
    if (options.journal) this.followJournal = (sinceSeq, follower) => this.#followJournal(sinceSeq, follower);
    this.#control.on('message', (answer: ControlAnswer) => {
      const pending = this.#pending.get(answer.id);
      if (!pending) return;
      this.#pending.delete(answer.id);
      if (answer.ok) pending.resolve(answer.value);
      // A Status crosses as itself: the console answers a refused control as the server refused it.
      else pending.reject(answer.status ? new StatusError(answer.status) : new Error(answer.error));
    });
    this.#control.unref();
  }

  get failure(): Error | undefined {
    return this.#failure;
  }

  onFailure(listener: (error: Error) => void): void {
    if (this.#failure) listener(this.#failure);
    else this.#failureListeners.push(listener);
  }

  async compactHistory(): Promise<void> {
    await this.#ask({ op: 'compact-history' });
  }

  async closeWatches(reason: string): Promise<number> {
    return ((await this.#ask({ op: 'close-watches', reason })) as number | undefined) ?? 0;
  }

  async clientView(client: string, command?: ClientViewCommand): Promise<ClientViewState> {
    return (await this.#ask({ op: 'client-view', client, ...(command ? { command } : {}) })) as ClientViewState;
  }

  async memory(): Promise<ServerMemory> {
    return (await this.#ask({ op: 'memory' })) as ServerMemory;
  }

  async writeHeapSnapshot(dir: string): Promise<string> {
    return (await this.#ask({ op: 'write-heap-snapshot', dir })) as string;
  }

  async clientFaults(client: string, change?: ClientFaultChange): Promise<ClientFaults> {
    return (await this.#ask({ op: 'client-faults', client, ...(change ? { change } : {}) })) as ClientFaults;
  }

  async webhookServices(change?: WebhookServiceChange): Promise<WebhookServiceMappings> {
    return (await this.#ask({ op: 'webhook-services', ...(change ? { change } : {}) })) as WebhookServiceMappings;
  }

  writeContainerLogs(writes: readonly ContainerLogWrite[]): void {
    if (writes.length === 0 || this.#failure || this.#closing) return;
    // Coalesced: thousands of Pods starting at once make one message per turn of the event loop, not one each.
    if (this.#pendingLogs.length === 0) setImmediate(() => this.#flushLogs());
    this.#pendingLogs.push(...writes);
  }

  #flushLogs(): void {
    const writes = this.#pendingLogs.splice(0);
    if (writes.length === 0 || this.#failure || this.#closing) return;
    // Logs are best effort, as a node's are: a server gone meanwhile loses them.
    this.#ask({ op: 'write-container-logs', writes }).catch(() => {});
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#failure) return;
      // A server that dies while closing has nothing left to flush: its acknowledged writes are on disk.
      const closed = await this.#ask({ op: 'close' }).then(
        () => true,
        (error: unknown) => {
          if (error !== this.#failure) throw error;
          return false;
        },
      );
      if (!closed) return;
      this.#control.close();
      await this.#afterClose();
    })();
    return this.#closing;
  }

  /** The server stopped on its own: said once, to everyone waiting and everyone listening. */
  fail(error: Error): void {
    if (this.#failure) return;
    this.#failure = error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
    if (this.#closing) return;
    for (const listener of this.#failureListeners.splice(0)) listener(error);
  }

  #followJournal(sinceSeq: number, follower: JournalFollower): () => void {
    const { port1, port2 } = new MessageChannel();
    const stop = readJournalPort(port1, follower);
    const id = this.#nextId++;
    const request: ControlRequest = { id, op: 'follow-journal', sinceSeq, port: port2 };
    this.#control.postMessage(request, [port2]);
    return stop;
  }

  #ask(request: Request): Promise<AnswerValue> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#control.postMessage({ ...request, id } satisfies ControlRequest);
    });
  }
}
