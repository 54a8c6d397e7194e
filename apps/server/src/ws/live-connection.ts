/**
 * One browser tab's WebSocket: decodes frames, runs its subscriptions, sends through a bounded
 * buffer, and answers heartbeats. A bad frame closes this socket only (4400 + reason).
 */
import type { WebSocket } from 'ws';
import type { ClientMessage, Hello, ServerMessage, SubscribeMessage } from '@dojo/console-protocol';
import { newStatusError } from '@dojo/kube-api';
import { decodeClientMessage, ProtocolError } from './client-messages.ts';
import type { Outbox, Subscription } from './subscription.ts';

export interface SubscriptionFactory {
  open(message: SubscribeMessage, outbox: Outbox): Subscription;
}

export interface LiveConnectionOptions {
  /** Bytes queued on the socket beyond which subscriptions are told to relist/resync. */
  maxBufferedBytes: number;
  maxSubscriptions: number;
}

export class LiveConnection {
  private readonly subscriptions = new Map<string, Subscription>();
  alive = true;

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
    send: (message) => this.send(message),
    sendControl: (message) => {
      if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
    },
  };

  private send(message: ServerMessage): boolean {
    if (this.socket.readyState !== this.socket.OPEN) return false;
    if (this.socket.bufferedAmount > this.options.maxBufferedBytes) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private onFrame(data: Buffer, isBinary: boolean): void {
    let message: ClientMessage;
    try {
      if (isBinary) throw new ProtocolError('binary frames are not part of the protocol');
      message = decodeClientMessage(data.toString('utf8'));
    } catch (err) {
      const reason = err instanceof ProtocolError ? err.message : 'malformed frame';
      this.socket.close(4400, reason.slice(0, 120));
      return;
    }
    switch (message.op) {
      case 'ping':
        this.send({ type: 'pong' });
        return;
      case 'unsubscribe':
        this.subscriptions.get(message.id)?.close();
        this.subscriptions.delete(message.id);
        return;
      case 'subscribe': {
        if (this.subscriptions.has(message.id)) {
          this.send({ id: message.id, type: 'error', status: newStatusError(409, 'AlreadyExists', `subscription ${message.id} already exists`).status });
          return;
        }
        if (this.subscriptions.size >= this.options.maxSubscriptions) {
          this.send({ id: message.id, type: 'error', status: newStatusError(429, 'TooManyRequests', 'too many subscriptions on this connection').status });
          return;
        }
        this.subscriptions.set(message.id, this.factory.open(message, this.outbox));
      }
    }
  }

  /** Heartbeat tick: a connection that did not answer the previous ping is closed. */
  heartbeat(): void {
    if (!this.alive) {
      this.socket.close(4408, 'missed heartbeats');
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  closeAll(): void {
    for (const s of this.subscriptions.values()) s.close();
    this.subscriptions.clear();
  }
}
