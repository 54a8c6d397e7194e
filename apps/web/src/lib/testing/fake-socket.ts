/**
 * The browser's side of `/ws` for tests: a socket the test drives (it records what the client
 * sent and delivers what the test says the server sent), a LiveSocket connected through it, and
 * animation frames that run when the test says so.
 */
import type { FrameScheduler } from '../frame-batcher.ts';
import { LiveSocket } from '../live-socket.ts';
import type { SocketLike } from '../live-socket-types.ts';

export class FakeSocket implements SocketLike {
  /** Every frame the client sent, parsed. */
  sent: any[] = [];
  closed?: { code?: number | undefined; reason?: string | undefined };
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number, reason?: string) {
    this.closed = { code, reason };
  }
  open() {
    this.onopen?.({});
  }
  /** Delivers a frame as if the server had sent it. */
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.onclose?.({ code, reason: '' });
  }
  subscribes() {
    return this.sent.filter((m) => m.op === 'subscribe');
  }
}

/** A started LiveSocket whose connection is open, over a FakeSocket; its timers never fire. */
export function connectedLiveSocket(): { socket: FakeSocket; live: LiveSocket } {
  const socket = new FakeSocket();
  const live = new LiveSocket({ url: 'ws://x/ws', createSocket: () => socket, timers: { setTimeout: () => 0, clearTimeout: () => {}, now: () => 0 } });
  live.start();
  socket.open();
  return { socket, live };
}

/** Animation frames that run only when the test calls `runFrames()`; timers never fire. */
export function manualFrames(): { scheduler: FrameScheduler; runFrames(): void } {
  const frames: (() => void)[] = [];
  return {
    scheduler: { requestFrame: (cb) => frames.push(cb), cancelFrame: () => {}, setTimeout: () => 0, clearTimeout: () => {} },
    runFrames: () => frames.splice(0).forEach((cb) => cb()),
  };
}
