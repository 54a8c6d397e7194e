/**
 * A simulated Kafka cluster's admin API over HTTP (node:http, JSON): the external system of the
 * KafkaTopic example, the way the Discord simulator is the Dojo operator's. Admin routes are in
 * admin-routes.ts; this file is the edge: decode, inject faults, answer, count.
 *
 * With a `token`, every request (admin API and its own endpoints) needs `Authorization: Bearer
 * <token>`; on loopback it answers only to its own loopback Host names (DNS rebinding).
 *
 * Its own endpoints, outside the admin API (no faults, never throttled):
 *
 *   GET    /_sim/state    clusterId, brokers, topics, and request counters
 *   DELETE /_sim/state    forget every topic
 *   GET    /_sim/faults   the fault knobs (broker-faults.ts)
 *   PUT    /_sim/faults   partial update, answers the merged knobs, e.g. {"errorRate":0.3}
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowedHostsFor, bearerToken, guardRequests, hostAllowed, tokensEqual } from '@dojo/http-edge';
import { answerAdminRequest, errorAnswer, type Answer } from './admin-routes.ts';
import { BrokerFaults, type BrokerFaultSettings } from './broker-faults.ts';
import { BrokerState, type BrokerStateSnapshot } from './broker-state.ts';
import { kafkaErrors } from './kafka-admin-error.ts';

export interface KafkaBrokerSimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** How many brokers the cluster has: the largest replication factor it accepts. Default 3. */
  brokers?: number;
  clusterId?: string;
  faults?: Partial<BrokerFaultSettings>;
  /** Seeds the fault draws, for repeatable sequences. */
  seed?: number;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token?: string;
}

export interface BrokerRequestCounts {
  /** Admin requests received. */
  total: number;
  /** Answered 500 by the errorRate knob. */
  injectedErrors: number;
  /** Answered 429 by the throttleRate knob. */
  throttled: number;
  /** Answered 503 because the cluster was unavailable. */
  unavailable: number;
}

export interface KafkaBrokerSimulatorState extends BrokerStateSnapshot {
  requests: BrokerRequestCounts;
}

export interface KafkaBrokerSimulator {
  /** `http://host:port`: give this to a KafkaAdminClient. */
  url: string;
  clusterId: string;
  state(): KafkaBrokerSimulatorState;
  faults(): BrokerFaultSettings;
  /** Merges a partial update of the knobs; throws a 400 KafkaAdminError for a bad one. */
  setFaults(patch: Partial<BrokerFaultSettings>): BrokerFaultSettings;
  close(): Promise<void>;
}

export const defaultClusterId = 'dojo-kafka-sim';
const maxBodyBytes = 1024 * 1024;

export async function startKafkaBrokerSimulator(options: KafkaBrokerSimulatorOptions = {}): Promise<KafkaBrokerSimulator> {
  const brokers = options.brokers ?? 3;
  if (!Number.isInteger(brokers) || brokers < 1) throw new Error(`brokers must be a positive integer, got ${brokers}`);
  const state = new BrokerState({ clusterId: options.clusterId ?? defaultClusterId, brokers });
  const faults = new BrokerFaults({ ...(options.seed === undefined ? {} : { seed: options.seed }), ...(options.faults ? { initial: options.faults } : {}) });
  const counts: BrokerRequestCounts = { total: 0, injectedErrors: 0, throttled: 0, unavailable: 0 };
  const snapshot = (): KafkaBrokerSimulatorState => ({ ...state.snapshot(), requests: { ...counts } });
  let origin = '';

  const control = (method: string, path: string, body: unknown): Answer => {
    const route = `${method} ${path.replace(/\/+$/, '')}`;
    if (route === 'GET /_sim/state') return { status: 200, body: snapshot() };
    if (route === 'DELETE /_sim/state') {
      state.reset();
      return { status: 204 };
    }
    if (route === 'GET /_sim/faults') return { status: 200, body: faults.get() };
    if (route === 'PUT /_sim/faults' || route === 'PATCH /_sim/faults') return { status: 200, body: faults.set(body) };
    throw kafkaErrors.routeNotFound();
  };

  const admin = async (method: string, path: string, body: unknown): Promise<Answer> => {
    counts.total++;
    const { latencyMs, unavailable, retryAfterSeconds } = faults.get();
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (unavailable) {
      counts.unavailable++;
      throw kafkaErrors.brokerNotAvailable();
    }
    const draw = faults.draw();
    if (draw === 'error') {
      counts.injectedErrors++;
      throw kafkaErrors.timedOut();
    }
    if (draw === 'throttle') {
      counts.throttled++;
      throw kafkaErrors.throttled(retryAfterSeconds);
    }
    return answerAdminRequest(state, { method, segments: segmentsOf(path), body, origin });
  };

  let allowedHosts: string[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let answer: Answer;
    try {
      if (!hostAllowed(req, allowedHosts)) throw kafkaErrors.misdirected();
      if (options.token !== undefined && !tokensEqual(bearerToken(req), options.token)) throw kafkaErrors.unauthorized();
      const method = (req.method ?? 'GET').toUpperCase();
      const path = (req.url ?? '/').split('?')[0]!;
      const body = await readJson(req);
      answer = path === '/_sim' || path.startsWith('/_sim/') ? control(method, path, body) : await admin(method, path, body);
    } catch (error) {
      answer = errorAnswer(error);
    }
    write(res, answer);
  };

  const server = createServer(guardRequests(handle, (error) => {
    const answer = errorAnswer(error);
    return { status: answer.status, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(answer.body) };
  }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  allowedHosts = allowedHostsFor(options.host ?? '127.0.0.1', address.port);
  origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  let closed: Promise<void> | undefined;

  return {
    url: origin,
    clusterId: state.clusterId,
    state: snapshot,
    faults: () => faults.get(),
    setFaults: (patch) => faults.set(patch),
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

function segmentsOf(path: string): string[] {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw kafkaErrors.badRequest(`malformed path ${path}`);
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) throw kafkaErrors.badRequest('the request body is larger than 1 MiB');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw kafkaErrors.badRequest('the request body is not valid JSON');
  }
}

/** Writes an answer unless the client has gone away (a timed-out request, a closed server). */
function write(res: ServerResponse, answer: Answer): void {
  if (res.writableEnded || res.destroyed) return;
  const headers: Record<string, string> = { ...answer.headers };
  if (answer.body === undefined) {
    res.writeHead(answer.status, headers).end();
    return;
  }
  const text = JSON.stringify(answer.body);
  headers['Content-Type'] = 'application/json';
  headers['Content-Length'] = String(Buffer.byteLength(text));
  res.writeHead(answer.status, headers).end(text);
}
