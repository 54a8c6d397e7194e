/** What a live connection needs from each kind of subscription. */

export interface Outbox {
  /** Queues a message; returns false when the connection's buffer is over its bound. */
  send(message: Record<string, unknown>): boolean;
}

export interface Subscription {
  close(): void;
}
