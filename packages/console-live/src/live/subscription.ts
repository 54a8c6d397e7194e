/** What a live connection needs from each kind of subscription. */
import type { ServerMessage } from '@dojo/console-protocol';
import type { EncodedFrame } from './watch-frames.ts';

export interface Outbox {
  /** Queues a message; returns false when the connection's buffer is over its bound. */
  send(message: ServerMessage): boolean;
  /** `send` for a frame serialised once for many subscriptions (watch-frames.ts). */
  sendFrame(frame: EncodedFrame): boolean;
  /**
   * Queues a small control message (relist, resync, error) even past the bound: telling a slow
   * client what it missed is exactly what the bound is for.
   */
  sendControl(message: ServerMessage): void;
}

export interface Subscription {
  close(): void;
}
