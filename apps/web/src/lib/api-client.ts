/**
 * The one way the UI talks HTTP to the console server. Promises:
 * - Every request carries the session cookie (`credentials: 'same-origin'`).
 * - Writes (POST, PUT, PATCH, DELETE) carry `X-Dojo-Console: 1`, the CSRF header the server
 *   requires on state-changing requests.
 * - Every failure is a `StatusError` from @dojo/kube-api: the server's Status body when it sent
 *   one, otherwise a Status built from the HTTP code; a network failure is a 503.
 * - The `Warning` headers of every response, success or failure, go to `onWarnings` before the
 *   promise settles; the browser's client reports them to the page's warning notices.
 * - In a recording, every request names the instant the page shows (`X-Dojo-At`,
 *   lib/view-time.ts), so every answer is about that instant.
 */
import { newStatusError, parseWarningHeader, StatusError } from '@dojo/kube-api';
import { apiWarnings } from './api-warnings.ts';
import { viewInstant, viewTimeHeader } from './view-time.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod | undefined;
  /** Sent as JSON unless `contentType` says otherwise; a Blob (a dropped file) is sent as it is. */
  body?: unknown;
  contentType?: string | undefined;
  /** The media type asked for; `application/json` when absent (a Table: `application/json;as=Table;v=v1;g=meta.k8s.io`). */
  accept?: string | undefined;
  query?: Record<string, string | number | boolean | undefined> | undefined;
  signal?: AbortSignal | undefined;
}

export const csrfHeader = 'X-Dojo-Console';

/** A fetch-compatible function; tests pass their own. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Called with the texts of a response's `Warning: 299 - "text"` headers, when it has any. */
  onWarnings?: (warnings: string[], request: { method: HttpMethod; path: string }) => void;
  /** The instant the page shows, in a recording (undefined while live). */
  viewInstant?: () => number | undefined;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

export function isWrite(method: HttpMethod): boolean {
  return method !== 'GET';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || text.startsWith('{') || text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function createApiClient(fetchImpl: FetchLike, clientOptions: ApiClientOptions = {}) {
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
    if (isWrite(method)) headers[csrfHeader] = '1';
    const at = clientOptions.viewInstant?.();
    if (at !== undefined) headers[viewTimeHeader] = String(at);
    let body: string | Blob | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = options.contentType ?? 'application/json';
      body = typeof options.body === 'string' || options.body instanceof Blob ? options.body : JSON.stringify(options.body);
    }
    let response: Response;
    try {
      response = await fetchImpl(buildUrl(path, options.query), {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
        credentials: 'same-origin',
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      const why = err instanceof Error ? err.message : String(err);
      throw newStatusError(503, 'ServiceUnavailable', `cannot reach the console server: ${why}`);
    }
    const warnings = parseWarningHeader(response.headers.get('warning'));
    if (warnings.length > 0) clientOptions.onWarnings?.(warnings, { method, path });
    const payload = await readBody(response);
    if (!response.ok) throw StatusError.fromResponse(response.status, payload);
    return payload as T;
  }
  return { request };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The browser's client. */
export const apiClient: ApiClient = createApiClient((input, init) => fetch(input, init), {
  viewInstant,
  onWarnings: (warnings, { method, path }) => apiWarnings.report(warnings, `${method} ${path.replace(/^\/api\/kube(?=\/)/, '')}`),
});

/** A path of the Kubernetes API behind the console's proxy (lib/kube-paths.ts builds them). */
export type KubeApiPath = `/api/kube/${string}`;

/** The Kubernetes API through the console's proxy; the console's own endpoints are called through lib/console-api.ts and its typed map. */
export const apiRequest: <T>(path: KubeApiPath, options?: RequestOptions) => Promise<T> = apiClient.request;
