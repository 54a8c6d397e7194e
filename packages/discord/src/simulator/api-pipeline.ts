import { DiscordApiError, discordErrors } from '../api-error.ts';
import type { DiscordClock } from '../clock.ts';
import { rateLimitRoute } from '../rate-limit-route.ts';
import { matchApiRoute } from './api-routes.ts';
import type { Faults, FaultKind } from './faults.ts';
import { parseJsonBody } from './http-io.ts';
import type { Answer, DecodedRequest } from './http-io.ts';
import type { RouteRateLimiter } from './route-rate-limiter.ts';
import type { SimulatorState } from './simulator-state.ts';

export interface ApiPipelineDeps {
  state: SimulatorState;
  faults: Faults;
  /** Undefined when rate limiting is turned off. */
  limiter: RouteRateLimiter | undefined;
  clock: DiscordClock;
  token: string | undefined;
  /**
   * Aborted on close. A closed simulator must not change state: a later instance may own the
   * data file now.
   */
  closing: AbortSignal;
}

export type ApiAnswer = Answer & { injected?: FaultKind };

/**
 * Answers one `/api/v10` request in Discord's order: authenticate, route, (injected latency),
 * rate-limit, then decode and handle. Injected faults sit where real ones occur: a 429 or 500
 * before the handler runs, and optionally a 500 after a write that did happen.
 */
export async function answerApiRequest(deps: ApiPipelineDeps, request: DecodedRequest & { apiPath: string }): Promise<ApiAnswer> {
  if (deps.token !== undefined && request.authorization !== `Bot ${deps.token}`) {
    return errorAnswer(discordErrors.unauthorized());
  }
  const match = matchApiRoute(request.method, request.apiPath);
  if (match.kind === 'notFound') return errorAnswer(discordErrors.routeNotFound());
  if (match.kind === 'methodNotAllowed') return errorAnswer(discordErrors.methodNotAllowed());

  const faults = deps.faults.get();
  if (faults.latencyMs > 0) await deps.clock.sleep(faults.latencyMs, deps.closing).catch(() => undefined);
  if (deps.closing.aborted) return errorAnswer(discordErrors.internalServerError());

  if (deps.faults.fires('rate429')) {
    const retryAfter = faults.retryAfterSeconds;
    return {
      ...errorAnswer(discordErrors.rateLimited(retryAfter)),
      headers: { 'Retry-After': String(Math.ceil(retryAfter)), 'X-RateLimit-Scope': 'shared' },
      injected: 'rate429',
    };
  }
  const decision = deps.limiter?.take(rateLimitRoute(request.method, request.apiPath));
  if (decision && !decision.allowed) {
    const limited = discordErrors.rateLimited(decision.retryAfterSeconds, decision.global);
    return { ...errorAnswer(limited), headers: decision.headers };
  }
  const headers = decision?.headers ?? {};
  if (deps.faults.fires('rate5xx')) {
    return { ...errorAnswer(discordErrors.internalServerError()), headers, injected: 'rate5xx' };
  }

  let result;
  try {
    result = match.route.handle({
      params: match.params,
      query: request.query,
      body: parseJsonBody(request.rawBody),
      state: deps.state,
    });
  } catch (err) {
    return { ...errorAnswer(asApiError(err)), headers };
  }
  if (match.route.write && deps.faults.fires('rate5xxAfterWrite')) {
    return { ...errorAnswer(discordErrors.internalServerError()), headers, injected: 'rate5xxAfterWrite' };
  }
  return { status: result.status, body: result.body, headers };
}

export function errorAnswer(error: DiscordApiError): Answer {
  return { status: error.status, body: error.body };
}

/** Anything that is not a DiscordApiError is a simulator bug; it still answers in Discord's shape. */
export function asApiError(err: unknown): DiscordApiError {
  return err instanceof DiscordApiError ? err : discordErrors.internalServerError();
}
