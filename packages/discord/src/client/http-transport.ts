import { discordErrors } from '../api-error.ts';

export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | undefined;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  headers: Headers;
  /** Parsed JSON, the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
}

/**
 * One HTTP exchange, bounded by a timeout that covers reading the body too. HTTP error
 * statuses are returned, not thrown, so the caller can read rate-limit headers first; only
 * "no response" (timeout, abort, connection failure) throws, as a status-0 DiscordApiError.
 */
export async function sendHttp(fetchImpl: typeof fetch, request: HttpRequest): Promise<HttpResponse> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  try {
    const res = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal,
    });
    const text = await res.text();
    return { status: res.status, statusText: res.statusText, headers: res.headers, body: parseBody(text) };
  } catch (err) {
    if (timeout.aborted) throw discordErrors.timedOut(request.timeoutMs, err);
    if (request.signal?.aborted) throw discordErrors.aborted(request.signal.reason);
    throw discordErrors.requestFailed(err);
  }
}

function parseBody(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
