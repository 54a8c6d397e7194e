import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowedHostsFor, bearerToken, guardRequests, hostAllowed, tokensEqual } from '@dojo/http-edge';
import { discordErrors } from '../api-error.ts';
import { systemClock } from '../clock.ts';
import type { Clock } from '../clock.ts';
import { answerApiRequest, asApiError, errorAnswer } from './api-pipeline.ts';
import type { ApiAnswer } from './api-pipeline.ts';
import { answerControlRequest } from './control-routes.ts';
import { Faults } from './faults.ts';
import type { FaultSettings } from './faults.ts';
import { decodeRequest, writeAnswer } from './http-io.ts';
import type { DecodedRequest } from './http-io.ts';
import { loadSnapshot, saveSnapshot } from './persistence.ts';
import { RouteRateLimiter } from './route-rate-limiter.ts';
import type { RateLimitConfig } from './route-rate-limiter.ts';
import { SimulatorEvents } from './simulator-events.ts';
import { SimulatorState } from './simulator-state.ts';

export interface DiscordSimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** JSON file the state is persisted to after every change and reloaded from on start. */
  dataFile?: string;
  /**
   * When set, every request must carry `Authorization: Bot <token>`: the API's, as Discord
   * asks, and the simulator's own `/_sim/*` control requests too.
   */
  token?: string;
  clock?: Clock;
  /** Per-route and global buckets; `false` turns rate limiting off. */
  rateLimits?: RateLimitConfig | false;
  faults?: Partial<FaultSettings>;
  /** Seeds the fault generator, for repeatable fault sequences. */
  seed?: number;
  maxMessagesPerChannel?: number;
  nonceWindowMs?: number;
  /** How many change events `GET /_sim/events` can page back through. Default 1000. */
  eventHistory?: number;
}

export interface DiscordSimulator {
  /** `http://host:port`. */
  url: string;
  /** `url + '/api/v10'`: give this to a DiscordClient. */
  baseUrl: string;
  port: number;
  state: SimulatorState;
  faults: Faults;
  events: SimulatorEvents;
  close(): Promise<void>;
}

const API_PREFIX = '/api/v10';

/**
 * Starts a Discord-compatible HTTP server for the v10 subset this package's client speaks.
 * A 2xx answer means the change is already in the data file; restarting with the same file
 * continues with the same guilds, channels, messages and id sequence.
 */
export async function startDiscordSimulator(options: DiscordSimulatorOptions = {}): Promise<DiscordSimulator> {
  const clock = options.clock ?? systemClock;
  const dataFile = options.dataFile;
  const events = new SimulatorEvents(clock, options.eventHistory);
  const closing = new AbortController();
  const state: SimulatorState = new SimulatorState({
    clock,
    snapshot: dataFile ? loadSnapshot(dataFile) : undefined,
    maxMessagesPerChannel: options.maxMessagesPerChannel,
    nonceWindowMs: options.nonceWindowMs,
    onChange: (changes) => {
      if (dataFile && !closing.signal.aborted) saveSnapshot(dataFile, state.snapshot());
      for (const change of changes) events.publish(change);
    },
  });
  // Write once at start so the file exists (and the bot's id is fixed) before any change.
  if (dataFile) saveSnapshot(dataFile, state.snapshot());
  const faults = new Faults({ seed: options.seed, initial: options.faults });
  const limiter = options.rateLimits === false ? undefined : new RouteRateLimiter(clock, options.rateLimits ?? {});
  const apiDeps = { state, faults, limiter, clock, token: options.token, closing: closing.signal };

  const controlAllowed = (req: IncomingMessage): boolean => options.token === undefined || tokensEqual(bearerToken(req, 'Bot'), options.token);

  const answer = async (request: DecodedRequest, req: IncomingMessage): Promise<ApiAnswer> => {
    if (request.path === '/_sim' || request.path.startsWith('/_sim/')) {
      if (!controlAllowed(req)) return errorAnswer(discordErrors.unauthorized());
      return answerControlRequest({ state, faults, events }, request);
    }
    if (request.path.startsWith(`${API_PREFIX}/`)) {
      return answerApiRequest(apiDeps, { ...request, apiPath: request.path.slice(API_PREFIX.length) });
    }
    return errorAnswer(discordErrors.routeNotFound());
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = clock.now();
    let request: DecodedRequest | undefined;
    let result: ApiAnswer;
    try {
      // DNS rebinding: a page whose name resolves to 127.0.0.1 must not reach the simulator.
      if (!hostAllowed(req, allowedHosts)) throw discordErrors.misdirected();
      request = await decodeRequest(req);
      result = await answer(request, req);
    } catch (err) {
      result = errorAnswer(asApiError(err));
      // An oversized body is not read to the end; closing is the only safe way to finish.
      if (result.status === 413) res.setHeader('Connection', 'close');
    }
    writeAnswer(res, result);
    if (request && request.path.startsWith(`${API_PREFIX}/`)) {
      events.emit('request', {
        at: new Date(started).toISOString(),
        method: request.method,
        path: request.path,
        status: result.status,
        injected: result.injected,
        durationMs: clock.now() - started,
      });
    }
  };

  let allowedHosts: string[] = [];
  const server = createServer(guardRequests(handle, () => ({ status: 500, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(discordErrors.internalServerError().body) })));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  allowedHosts = allowedHostsFor(options.host ?? '127.0.0.1', address.port);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;

  return {
    url,
    baseUrl: `${url}${API_PREFIX}`,
    port: address.port,
    state,
    faults,
    events,
    close: async () => {
      if (closing.signal.aborted) return;
      closing.abort();
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await done;
    },
  };
}
