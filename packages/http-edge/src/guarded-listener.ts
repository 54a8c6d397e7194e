/**
 * Request and upgrade listeners that nothing escapes. A listener may throw or return a
 * rejected promise; the guard answers for it, once, in the listener's own error shape.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** A complete answer: status, headers and a body already encoded. */
export interface EdgeAnswer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

/** Turns what a listener threw into the answer its clients understand (a Status, a Discord error...). */
export type FailureAnswer = (error: unknown) => EdgeAnswer;

const plainFailure: FailureAnswer = () => ({ status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'internal error\n' });

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** Runs `run`, sync or async, and hands any failure to `fail` exactly once. */
function settle(run: () => unknown, fail: (error: unknown) => void): void {
  try {
    const result = run();
    if (isThenable(result)) result.then(undefined, fail);
  } catch (error) {
    fail(error);
  }
}

/** What a failure answer could not be built for: the last resort is the failure's plain text. */
function answerOf(failure: FailureAnswer, error: unknown): EdgeAnswer {
  try {
    return failure(error);
  } catch {
    return plainFailure(error);
  }
}

function answerFailure(res: ServerResponse, failure: FailureAnswer, error: unknown): void {
  try {
    // Half an answer cannot be taken back: ending the connection is the only honest signal.
    if (res.headersSent || res.writableEnded) {
      res.destroy();
      return;
    }
    const answer = answerOf(failure, error);
    res.writeHead(answer.status, { ...answer.headers, 'Content-Length': String(Buffer.byteLength(answer.body)) });
    res.end(answer.body);
  } catch {
    res.destroy();
  }
}

/** A request listener (an express app, a hand-written handler) that no exception escapes. */
export function guardRequests<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
  listener: (req: Req, res: Res) => unknown,
  failure: FailureAnswer = plainFailure,
): (req: Req, res: Res) => void {
  return (req, res) =>
    settle(
      () => listener(req, res),
      (error) => answerFailure(res, failure, error),
    );
}

/** Answers an upgrade with a plain HTTP response: no WebSocket exists yet to carry an error frame. */
export function refuseUpgrade(socket: Duplex, answer: EdgeAnswer): void {
  try {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const headers = { ...answer.headers, 'Content-Length': String(Buffer.byteLength(answer.body)), Connection: 'close' };
    const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    socket.end(`${head.join('\r\n')}\r\n\r\n${answer.body}`);
  } catch {
    socket.destroy();
  }
}

/**
 * An `upgrade` listener that no exception escapes. Node removes its own `error` listener from
 * a socket it hands to `upgrade`; without one, a reset by the peer is an uncaught error event
 * and ends the process, so the guard adds one before the listener runs.
 */
export function guardUpgrades<Req extends IncomingMessage = IncomingMessage>(
  listener: (req: Req, socket: Duplex, head: Buffer) => unknown,
  failure: FailureAnswer = plainFailure,
): (req: Req, socket: Duplex, head: Buffer) => void {
  return (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    settle(
      () => listener(req, socket, head),
      (error) => refuseUpgrade(socket, answerOf(failure, error)),
    );
  };
}
