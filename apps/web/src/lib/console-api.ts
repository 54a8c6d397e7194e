/**
 * The console's own endpoints, called by name from the endpoint map of @dojo/console-protocol:
 * `consoleRequest('GET /api/clients/:name/faults', { params: { name } })` answers the map's
 * response type, and asks for exactly the params, query and body the map declares. The call
 * goes through the one HTTP client (lib/api-client.ts): same cookie, CSRF header, errors and
 * warnings. `/api/kube/...` is the Kubernetes API, called with `apiRequest` and kube-api's types.
 */
import type { ConsoleEndpoint, EndpointParams, EndpointQueryOf, EndpointRequest, EndpointResponse } from '@dojo/console-protocol';
import { apiClient, type ApiClient, type HttpMethod } from './api-client.ts';

type ParamsPart<E extends ConsoleEndpoint> = keyof EndpointParams<E> extends never ? { params?: undefined } : { params: EndpointParams<E> };
type BodyPart<E extends ConsoleEndpoint> = EndpointRequest<E> extends undefined ? { body?: undefined } : { body: EndpointRequest<E> };
type QueryPart<Q> = [Q] extends [undefined] ? { query?: undefined } : Record<never, never> extends Q ? { query?: Q } : { query: Q };

export type ConsoleRequestOptions<E extends ConsoleEndpoint> = ParamsPart<E> &
  BodyPart<E> &
  QueryPart<EndpointQueryOf<E>> & {
    signal?: AbortSignal;
    /** The body's media type when it is not JSON (a recording upload is `application/gzip`). */
    contentType?: string;
  };

type OptionsArgs<E extends ConsoleEndpoint> =
  Record<never, never> extends ConsoleRequestOptions<E> ? [options?: ConsoleRequestOptions<E>] : [options: ConsoleRequestOptions<E>];

/** The URL path of an endpoint with its `:params` filled in, each one encoded as a single segment. */
export function endpointPath(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

type ConsoleRequest = <E extends ConsoleEndpoint>(endpoint: E, ...[options]: OptionsArgs<E>) => Promise<EndpointResponse<E>>;

/** The endpoint map's calls over one HTTP client (tests pass a client of their own fetch). */
export function consoleApi(client: ApiClient): ConsoleRequest {
  return (endpoint, ...[options]) => {
    const [method, pattern] = endpoint.split(' ') as [HttpMethod, string];
    const { params, query, body, signal, contentType } = (options ?? {}) as {
      params?: Record<string, string>;
      query?: Record<string, string | number | boolean | undefined>;
      body?: unknown;
      signal?: AbortSignal;
      contentType?: string;
    };
    return client.request(endpointPath(pattern, params), { method, body, query, signal, contentType });
  };
}

/** The browser's calls to the console's own endpoints. */
export const consoleRequest: ConsoleRequest = consoleApi(apiClient);
