/**
 * One browser tab's WebSocket: decodes frames, runs its subscriptions, sends through a bounded
 * buffer, and answers heartbeats. A bad frame closes this socket only (4400 + reason); a frame
 * the server fails to handle closes it with 1011, never the process.
 */
import type { WebSocket } from 'ws';
import type { ClientMessage, Hello, LiveCloseCode, ServerMessage, SubscribeMessage } from '@dojo/console-protocol';
import { newStatusError, newTooManyRequests } from '@dojo/kube-api';
import { decodeClientMessage, ProtocolError } from './client-messages.ts';
import type { ClientLimits } from './connection-limits.ts';
import type { Outbox, Subscription } from './subscription.ts';

export interface SubscriptionFactory {
  open(message: SubscribeMessage, outbox: Outbox): Subscription;
}

export interface LiveConnectionOptions {
  /** Bytes queued on the socket beyond which subscriptions are told to relist/resync. */
  maxBufferedBytes: number;
  maxSubscriptions: number;
  /** Shared by every connection: subscriptions open per client address and in the whole console. */
  subscriptionLimits: ClientLimits;
  /** The remote address, the client the limits count against. */
  client: string;
  /**
   * The connection's TCP socket under the WebSocket: frames sent in one event-loop turn are
   * held (corked) and leave together at the turn's end, one write instead of one per frame.
   */
  stream?: { cork(): void; uncork(): void };
}

export const closeCodes = {
  badFrame: 4400,
  missedHeartbeats: 4408,
  tooManyConnections: 4429,
  serverError: 1011,
} as const satisfies Record<string, LiveCloseCode>;

interface Held {
  subscription: Subscription;
  release(): void;
}

export class LiveConnection {
  private readonly subscriptions = new Map<string, Held>();
  alive = true;
  private corked = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly factory: SubscriptionFactory,
    private readonly options: LiveConnectionOptions,
    hello: Hello,
  ) {
    socket.on('message', (data, isBinary) => this.onFrame(data as Buffer, isBinary));
    socket.on('pong', () => (this.alive = true));
    socket.on('close', () => this.closeAll());
    this.send({ type: 'hello', ...hello });
  }

  private readonly outbox: Outbox = {
    send: (message) => this.sendText(JSON.stringify(message)),
    sendFrame: (frame) => this.sendText(frame),
    sendControl: (message) => {
      if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
    },
  };

  private send(message: ServerMessage): boolean {
    return this.sendText(JSON.stringify(message));
  }

  private sendText(frame: string | Buffer): boolean {
    if (this.socket.readyState !== this.socket.OPEN) return false;
    if (this.socket.bufferedAmount > this.options.maxBufferedBytes) return false;
    this.cork();
    this.socket.send(frame, { binary: false });
    return true;
  }

  /** Holds this turn's frames until its microtasks are done: a burst of events is one write. */
  private cork(): void {
    const stream = this.options.stream;
    if (!stream || this.corked) return;
    this.corked = true;
    stream.cork();
    process.nextTick(() => {
      this.corked = false;
      stream.uncork();
    });
  }

  /** A frame's handling never throws into the socket's event emitter, which would end the process. */
  private onFrame(data: Buffer, isBinary: boolean): void {
    let message: ClientMessage;
    try {
      if (isBinary) throw new ProtocolError('binary frames are not part of the protocol');
      message = decodeClientMessage(data.toString('utf8'));
    } catch (err) {
      const reason = err instanceof ProtocolError ? err.message : 'malformed frame';
      this.socket.close(closeCodes.badFrame, reason.slice(0, 120));
      return;
    }
    try {
      this.handle(message);
    } catch {
      this.closeAll();
      this.socket.close(closeCodes.serverError, 'the server failed to handle a frame');
    }
  }

  private handle(message: ClientMessage): void {
    switch (message.op) {
      case 'ping':
        this.send({ type: 'pong' });
        return;
      case 'unsubscribe':
        this.drop(message.id);
        return;
      case 'subscribe': {
        if (this.subscriptions.has(message.id)) {
          this.send({ id: message.id, type: 'error', status: newStatusError(409, 'AlreadyExists', `subscription ${message.id} already exists`).status });
          return;
        }
        if (this.subscriptions.size >= this.options.maxSubscriptions) {
          this.send({ id: message.id, type: 'error', status: newTooManyRequests('too many subscriptions on this connection', 1).status });
          return;
        }
        const place = this.options.subscriptionLimits.admit(this.options.client);
        if (!place.admitted) {
          this.send({ id: message.id, type: 'error', status: newTooManyRequests(place.reason, 5).status });
          return;
        }
        try {
          this.subscriptions.set(message.id, { subscription: this.factory.open(message, this.outbox), release: place.release });
        } catch (err) {
          place.release();
          throw err;
        }
      }
    }
  }

  private drop(id: string): void {
    const held = this.subscriptions.get(id);
    if (!held) return;
    this.subscriptions.delete(id);
    held.release();
    held.subscription.close();
  }

  /** Heartbeat tick: a connection that did not answer the previous ping is closed. */
  heartbeat(): void {
    if (!this.alive) {
      this.socket.close(closeCodes.missedHeartbeats, 'missed heartbeats');
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  closeAll(): void {
    for (const id of [...this.subscriptions.keys()]) this.drop(id);
  }
}
