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
import type { IncomingMessage } from 'node:http';
import { bearerToken, tokensEqual } from '@dojo/http-edge';
import { answerControlRoute, parseJsonBody, readBody, splitTarget, startSimulatorListener } from '@dojo/simulator-kit';
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
  const faults = new BrokerFaults({ seed: options.seed, initial: options.faults });
  const counts: BrokerRequestCounts = { total: 0, injectedErrors: 0, throttled: 0, unavailable: 0 };
  const snapshot = (): KafkaBrokerSimulatorState => ({ ...state.snapshot(), requests: { ...counts } });
  let origin = '';

  const control = (method: string, path: string, body: unknown): Answer =>
    answerControlRoute(
      {
        'GET /_sim/state': () => ({ status: 200, body: snapshot() }),
        'DELETE /_sim/state': () => {
          state.reset();
          return { status: 204 };
        },
        'GET /_sim/faults': () => ({ status: 200, body: faults.get() }),
        'PUT /_sim/faults': () => ({ status: 200, body: faults.set(body) }),
        'PATCH /_sim/faults': () => ({ status: 200, body: faults.set(body) }),
      },
      method,
      path,
      // The proxy's own endpoints answer 404 for any other method too, as before.
      { notFound: () => kafkaErrors.routeNotFound(), methodNotAllowed: () => kafkaErrors.routeNotFound() },
    );

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

  const answer = async (req: IncomingMessage): Promise<Answer> => {
    if (options.token !== undefined && !tokensEqual(bearerToken(req), options.token)) throw kafkaErrors.unauthorized();
    const method = (req.method ?? 'GET').toUpperCase();
    const { path } = splitTarget(req.url);
    const body = parseJsonBody(await readBody(req, maxBodyBytes, () => kafkaErrors.badRequest('the request body is larger than 1 MiB')), () =>
      kafkaErrors.badRequest('the request body is not valid JSON'),
    );
    return path === '/_sim' || path.startsWith('/_sim/') ? control(method, path, body) : admin(method, path, body);
  };

  const listener = await startSimulatorListener({ port: options.port, host: options.host, answer, errorAnswer, misdirected: () => kafkaErrors.misdirected() });
  origin = listener.url;

  return {
    url: origin,
    clusterId: state.clusterId,
    state: snapshot,
    faults: () => faults.get(),
    setFaults: (patch) => faults.set(patch),
    close: () => listener.close(),
  };
}

function segmentsOf(path: string): string[] {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw kafkaErrors.badRequest(`malformed path ${path}`);
  }
}
