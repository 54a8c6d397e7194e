/**
 * One WebSocket per tab to `/ws` (docs/protocol.md), shared by every live view.
 *
 * Promises:
 * - Subscriptions outlive connections: after a reconnect (pauses capped at a few seconds, with
 *   jitter: reconnect-backoff.ts; `retryNow()` skips the pause when the network or the person
 *   is back) every open subscription is sent again, watches resuming from the last resourceVersion they
 *   received and telemetry from the record after the last `seq`, so nothing is replayed twice
 *   and nothing is skipped silently.
 * - When the server cannot resume (`relist` for a watch, `resync` for telemetry, `error`), the
 *   subscription ends and its owner is told; the owner reloads and subscribes anew.
 * - A heartbeat (`ping` every `heartbeatMs`) detects a dead connection: no message for two
 *   heartbeats closes it and reconnects.
 * - The connection state ("connecting", "live", "reconnecting", "closed") is observable, so the
 *   header can say "Reconnecting…".
 *
 * Misuse: do not compare resourceVersions; the socket keeps the last one it saw, nothing more.
 * Socket and timers are injected so the reconnect logic is tested without a network.
 */
import type { ClientMessage, Hello, ServerMessage } from '@dojo/console-protocol';
import type {
  ConnectionState,
  LiveSocketOptions,
  MetricsHandlers,
  SocketLike,
  Subscription,
  TelemetryHandlers,
  TelemetrySpec,
  Timers,
  Unsubscribe,
  WatchHandlers,
  WatchSpec,
} from './live-socket-types.ts';
import { defaultReconnectBackoff, reconnectDelay } from './reconnect-backoff.ts';

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  now: () => Date.now(),
};

export class LiveSocket {
  readonly #options: Required<Omit<LiveSocketOptions, 'timers' | 'random'>>;
  readonly #timers: Timers;
  readonly #random: () => number;
  readonly #subscriptions = new Map<string, Subscription>();
  readonly #stateListeners = new Set<(state: ConnectionState) => void>();
  readonly #sessionListeners = new Set<(session: Hello['session']) => void>();
  #socket: SocketLike | undefined;
  #open = false;
  #state: ConnectionState = 'closed';
  #attempts = 0;
  #nextId = 1;
  #reconnectTimer: unknown;
  #heartbeatTimer: unknown;
  #lastMessageAt = 0;
  #session: Hello['session'] | undefined;
  #stopped = true;

  constructor(options: LiveSocketOptions) {
    this.#options = {
      url: options.url,
      createSocket: options.createSocket,
      backoff: options.backoff ?? defaultReconnectBackoff,
      heartbeatMs: options.heartbeatMs ?? 15_000,
    };
    this.#timers = options.timers ?? browserTimers;
    this.#random = options.random ?? Math.random;
  }

  get state(): ConnectionState {
    return this.#state;
  }

  get session(): Hello['session'] | undefined {
    return this.#session;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#connect('connecting');
  }

  /** Connects anew (the URL may have changed); subscriptions are sent again, each resuming where it was. */
  restart(): void {
    if (this.#stopped) return;
    this.stop();
    this.start();
  }

  stop(): void {
    this.#stopped = true;
    this.#timers.clearTimeout(this.#reconnectTimer);
    this.#timers.clearTimeout(this.#heartbeatTimer);
    const socket = this.#socket;
    this.#detach();
    socket?.close(1000, 'client closed');
    this.#setState('closed');
  }

  onState(listener: (state: ConnectionState) => void): Unsubscribe {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  onSession(listener: (session: Hello['session']) => void): Unsubscribe {
    this.#sessionListeners.add(listener);
    return () => this.#sessionListeners.delete(listener);
  }

  watch(spec: WatchSpec, handlers: WatchHandlers): Unsubscribe {
    return this.#add({ kind: 'watch', spec, handlers });
  }

  telemetry(spec: TelemetrySpec, handlers: TelemetryHandlers): Unsubscribe {
    return this.#add({ kind: 'telemetry', spec, handlers });
  }

  metrics(handlers: MetricsHandlers): Unsubscribe {
    return this.#add({ kind: 'metrics', handlers });
  }

  #add(subscription: Subscription): Unsubscribe {
    const id = `s${this.#nextId++}`;
    this.#subscriptions.set(id, subscription);
    if (this.#open) this.#send(this.#subscribeMessage(id, subscription));
    return () => {
      if (!this.#subscriptions.delete(id)) return;
      if (this.#open) this.#send({ op: 'unsubscribe', id });
    };
  }

  #subscribeMessage(id: string, sub: Subscription): ClientMessage {
    switch (sub.kind) {
      case 'watch': {
        const resourceVersion = sub.lastResourceVersion ?? sub.spec.resourceVersion;
        return {
          op: 'subscribe',
          id,
          kind: 'watch',
          resource: sub.spec.resource,
          ...(sub.spec.namespace ? { namespace: sub.spec.namespace } : {}),
          ...(sub.spec.labelSelector ? { labelSelector: sub.spec.labelSelector } : {}),
          ...(resourceVersion !== undefined ? { resourceVersion } : {}),
        };
      }
      case 'telemetry': {
        const fromSeq = sub.lastSeq !== undefined ? sub.lastSeq + 1 : sub.spec.fromSeq;
        return {
          op: 'subscribe',
          id,
          kind: 'telemetry',
          ...(fromSeq !== undefined ? { fromSeq } : {}),
          ...(sub.spec.controller ? { controller: sub.spec.controller } : {}),
          ...(sub.spec.objectKey ? { objectKey: sub.spec.objectKey } : {}),
        };
      }
      case 'metrics':
        return { op: 'subscribe', id, kind: 'metrics' };
    }
  }

  #connect(state: ConnectionState): void {
    this.#setState(state);
    let socket: SocketLike;
    try {
      const url = this.#options.url;
      socket = this.#options.createSocket(typeof url === 'string' ? url : url());
    } catch {
      this.#scheduleReconnect();
      return;
    }
    this.#socket = socket;
    socket.onopen = () => this.#handleOpen();
    socket.onmessage = (event) => this.#handleMessage(event.data);
    socket.onclose = () => this.#handleClose(socket);
    socket.onerror = () => undefined; // a close event always follows
  }

  #handleOpen(): void {
    this.#open = true;
    this.#lastMessageAt = this.#timers.now();
    this.#setState('live');
    for (const [id, sub] of this.#subscriptions) this.#send(this.#subscribeMessage(id, sub));
    this.#armHeartbeat();
  }

  #handleClose(socket: SocketLike): void {
    if (socket !== this.#socket) return;
    this.#detach();
    if (this.#stopped) return;
    this.#scheduleReconnect();
  }

  #detach(): void {
    if (this.#socket) {
      this.#socket.onopen = this.#socket.onmessage = this.#socket.onclose = this.#socket.onerror = null;
    }
    this.#socket = undefined;
    this.#open = false;
    this.#timers.clearTimeout(this.#heartbeatTimer);
  }

  /**
   * While reconnecting, tries now instead of waiting out the pause: the browser came back
   * online, the tab became visible or got focus, and the server may well be back already.
   */
  retryNow(): void {
    if (this.#stopped || this.#state !== 'reconnecting' || this.#socket) return;
    this.#timers.clearTimeout(this.#reconnectTimer);
    this.#connect('reconnecting');
  }

  #scheduleReconnect(): void {
    this.#setState('reconnecting');
    const delay = reconnectDelay(this.#attempts, this.#options.backoff, this.#random);
    this.#attempts++;
    this.#timers.clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = this.#timers.setTimeout(() => {
      if (!this.#stopped) this.#connect('reconnecting');
    }, delay);
  }

  #armHeartbeat(): void {
    const every = this.#options.heartbeatMs;
    this.#timers.clearTimeout(this.#heartbeatTimer);
    this.#heartbeatTimer = this.#timers.setTimeout(() => {
      if (!this.#open || !this.#socket) return;
      if (this.#timers.now() - this.#lastMessageAt > 2 * every) {
        const socket = this.#socket;
        this.#detach();
        socket.close(4000, 'heartbeat timeout');
        this.#scheduleReconnect();
        return;
      }
      this.#send({ op: 'ping' });
      this.#armHeartbeat();
    }, every);
  }

  #send(message: ClientMessage): void {
    this.#socket?.send(JSON.stringify(message));
  }

  #setState(state: ConnectionState): void {
    if (this.#state === state) return;
    this.#state = state;
    for (const listener of this.#stateListeners) listener(state);
  }

  #handleMessage(data: unknown): void {
    this.#lastMessageAt = this.#timers.now();
    if (typeof data !== 'string') return;
    let message: ServerMessage;
    try {
      message = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'pong') return;
    if (message.type === 'hello') {
      this.#attempts = 0;
      this.#session = message.session;
      for (const listener of this.#sessionListeners) listener(message.session);
      return;
    }
    const sub = this.#subscriptions.get(message.id);
    if (!sub) return;
    switch (message.type) {
      case 'watch-event':
        if (sub.kind !== 'watch') return;
        if (message.event.object?.metadata?.resourceVersion) sub.lastResourceVersion = message.event.object.metadata.resourceVersion;
        sub.handlers.onEvent(message.event);
        return;
      case 'synced':
        if (sub.kind !== 'watch') return;
        sub.lastResourceVersion = message.resourceVersion;
        sub.handlers.onSynced?.(message.resourceVersion);
        return;
      case 'relist':
        if (sub.kind !== 'watch') return;
        this.#subscriptions.delete(message.id);
        sub.handlers.onRelist(message.reason);
        return;
      case 'telemetry': {
        if (sub.kind !== 'telemetry' || message.records.length === 0) return;
        sub.lastSeq = message.records[message.records.length - 1]!.seq;
        sub.handlers.onRecords(message.records);
        return;
      }
      case 'resync':
        if (sub.kind !== 'telemetry') return;
        this.#subscriptions.delete(message.id);
        sub.handlers.onResync(message.oldestSeq);
        return;
      case 'metrics':
        if (sub.kind === 'metrics') sub.handlers.onMetrics(message.controllers);
        return;
      case 'error':
        this.#subscriptions.delete(message.id);
        sub.handlers.onError?.(message.status);
        return;
    }
  }
}
