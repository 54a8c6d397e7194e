/**
 * The HTTP listener every simulator runs: bind (a free port by default), refuse a Host the
 * loopback listener does not answer to (DNS rebinding), hand the request to the simulator's
 * `answer`, turn anything thrown into the simulator's own error shape, write JSON. No exception
 * escapes a request (http-edge's guard); `close` ends open connections and can be called twice.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowedHostsFor, guardRequests, hostAllowed } from '@dojo/http-edge';
import { writeJsonAnswer, type JsonAnswer } from './json-http-io.ts';

export interface SimulatorListenerOptions {
  /** 0 (default) picks a free port. */
  port?: number | undefined;
  /** Default 127.0.0.1. */
  host?: string | undefined;
  /** Answers one request; may throw the simulator's own error. */
  answer: (req: IncomingMessage) => Promise<JsonAnswer>;
  /** The simulator's error shape for anything `answer` threw (and for the listener's own failures). */
  errorAnswer: (error: unknown) => JsonAnswer;
  /** The error a request with a foreign Host header gets (a 421 in the simulator's shape). */
  misdirected: () => unknown;
}

export interface SimulatorListener {
  /** `http://host:port`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startSimulatorListener(options: SimulatorListenerOptions): Promise<SimulatorListener> {
  const host = options.host ?? '127.0.0.1';
  let allowedHosts: string[] = [];
  const server = createServer(
    guardRequests(
      async (req, res) => {
        let answer: JsonAnswer;
        try {
          if (!hostAllowed(req, allowedHosts)) throw options.misdirected();
          answer = await options.answer(req);
        } catch (error) {
          answer = options.errorAnswer(error);
        }
        // An oversized body is not read to the end; closing is the only safe way to finish.
        if (answer.status === 413) answer = { ...answer, headers: { ...answer.headers, Connection: 'close' } };
        writeJsonAnswer(res, answer);
      },
      (error) => {
        const answer = options.errorAnswer(error);
        return { status: answer.status, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(answer.body) };
      },
    ),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  allowedHosts = allowedHostsFor(host, address.port);
  let closed: Promise<void> | undefined;
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    port: address.port,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
