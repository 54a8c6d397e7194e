import type { IncomingMessage } from 'node:http';
import { bearerToken, tokensEqual } from '@dojo/http-edge';
import { startSimulatorListener } from '@dojo/simulator-kit';
import { discordErrors } from '../api-error.ts';
import { systemClock } from '../clock.ts';
import type { DiscordClock } from '../clock.ts';
import { answerApiRequest, asApiError, errorAnswer } from './api-pipeline.ts';
import type { ApiAnswer } from './api-pipeline.ts';
import { answerControlRequest } from './control-routes.ts';
import { Faults } from './faults.ts';
import type { DiscordFaultSettings } from './faults.ts';
import { decodeRequest } from './http-io.ts';
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
  clock?: DiscordClock;
  /** Per-route and global buckets; `false` turns rate limiting off. */
  rateLimits?: RateLimitConfig | false;
  faults?: Partial<DiscordFaultSettings>;
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

  const route = async (request: DecodedRequest, req: IncomingMessage): Promise<ApiAnswer> => {
    if (request.path === '/_sim' || request.path.startsWith('/_sim/')) {
      if (!controlAllowed(req)) return errorAnswer(discordErrors.unauthorized());
      return answerControlRequest({ state, faults, events }, request);
    }
    if (request.path.startsWith(`${API_PREFIX}/`)) {
      return answerApiRequest(apiDeps, { ...request, apiPath: request.path.slice(API_PREFIX.length) });
    }
    return errorAnswer(discordErrors.routeNotFound());
  };

  /** Routes a decoded request and reports every API request (not the `/_sim` ones) as an event. */
  const answer = async (req: IncomingMessage): Promise<ApiAnswer> => {
    const started = clock.now();
    const request = await decodeRequest(req);
    let result: ApiAnswer;
    try {
      result = await route(request, req);
    } catch (err) {
      result = errorAnswer(asApiError(err));
    }
    if (request.path.startsWith(`${API_PREFIX}/`)) {
      events.emit('request', {
        at: new Date(started).toISOString(),
        method: request.method,
        path: request.path,
        status: result.status,
        injected: result.injected,
        durationMs: clock.now() - started,
      });
    }
    return result;
  };

  const listener = await startSimulatorListener({
    port: options.port,
    host: options.host,
    answer,
    errorAnswer: (err) => errorAnswer(asApiError(err)),
    // DNS rebinding: a page whose name resolves to 127.0.0.1 must not reach the simulator.
    misdirected: () => discordErrors.misdirected(),
  });
  const url = listener.url;

  return {
    url,
    baseUrl: `${url}${API_PREFIX}`,
    port: listener.port,
    state,
    faults,
    events,
    close: async () => {
      if (closing.signal.aborted) return;
      closing.abort();
      await listener.close();
    },
  };
}
