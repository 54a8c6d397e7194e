/**
 * How a watch's encoded events reach the client, as kube-apiserver's WatchServer sends them:
 * over HTTP, a chunked stream (JSON events one per line, protobuf messages length-framed);
 * over a WebSocket (HandleWS), one message per event — text for JSON, binary for protobuf,
 * unframed. Either way a client that stops reading is cut off once its buffer passes a bound;
 * a watch that sends a batch of its own (a streaming list's initial events) instead waits for
 * the client to drain it, as kube's blocking write does, for a bounded time.
 */
import type { ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import { lengthFramed } from './protobuf/watch-frames.ts';

export interface WatchTransport {
  /** Sends one event (a JSON line, or a protobuf WatchEvent message); false: the client is too slow. */
  send(event: string | Uint8Array): boolean;
  /** Resolves true once the buffer is back within its bound, false if that takes over `timeoutMs` or the client goes. */
  drained(timeoutMs: number): Promise<boolean>;
  end(): void;
  /** Closes the connection without ending the stream, as a dropped connection does (a fault rule's watch cut). */
  cut(): void;
}

/** Waits for `isDrained`, checked on `wake` (or each `pollMs` when there is none), up to `timeoutMs`. */
function drainWaiter(isDrained: () => boolean, isGone: () => boolean, subscribe: (wake: () => void) => () => void): (timeoutMs: number) => Promise<boolean> {
  return (timeoutMs) =>
    new Promise((resolve) => {
      if (isDrained() || isGone()) return resolve(!isGone());
      const done = (result: boolean): void => {
        clearTimeout(timer);
        unsubscribe();
        resolve(result);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      const unsubscribe = subscribe(() => {
        if (isGone()) done(false);
        else if (isDrained()) done(true);
      });
    });
}

/** `protobuf`: each event is a WatchEvent message to frame; otherwise a JSON line, sent as it is. */
export function httpWatchTransport(res: ServerResponse, contentType: string, protobuf: boolean, maxBufferedBytes: number): WatchTransport {
  res.statusCode = 200;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', 'no-cache, private');
  res.setHeader('Transfer-Encoding', 'chunked');
  res.flushHeaders();
  // A commit batch reaches every watcher in one synchronous loop: cork until the tick ends, so
  // its events leave as one TLS write instead of one record and one syscall per event.
  let corked = false;
  const uncork = (): void => {
    corked = false;
    res.uncork();
  };
  return {
    send(event) {
      if (!corked) {
        corked = true;
        res.cork();
        process.nextTick(uncork);
      }
      res.write(protobuf ? lengthFramed(event as Uint8Array) : event);
      return res.writableLength <= maxBufferedBytes;
    },
    drained: drainWaiter(
      () => res.writableLength <= maxBufferedBytes,
      () => res.destroyed,
      (wake) => {
        res.on('drain', wake).on('close', wake);
        return () => res.off('drain', wake).off('close', wake);
      },
    ),
    end: () => res.end(),
    // Half-closes the socket once what was written (the headers) has left: no terminating chunk,
    // so the client reads an unexpected end of the stream.
    cut: () => (res.socket ? res.socket.end() : res.destroy()),
  };
}

export function webSocketWatchTransport(socket: WebSocket, protobuf: boolean, maxBufferedBytes: number): WatchTransport {
  return {
    send(event) {
      if (socket.readyState !== socket.OPEN) return false;
      // JSON goes as text frames (kube's UseTextFraming), protobuf as binary.
      socket.send(event, { binary: protobuf });
      return socket.bufferedAmount <= maxBufferedBytes;
    },
    // ws has no drain event of its own: its buffer is looked at every 20 ms.
    drained: drainWaiter(
      () => socket.bufferedAmount <= maxBufferedBytes,
      () => socket.readyState !== socket.OPEN,
      (wake) => {
        const poll = setInterval(wake, 20);
        return () => clearInterval(poll);
      },
    ),
    end: () => socket.close(1000),
    cut: () => socket.terminate(),
  };
}
