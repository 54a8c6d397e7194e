/**
 * Routes registered against console-protocol's endpoint map: `api.on('GET /api/controllers/:name',
 * handler)` accepts only an endpoint the map declares under the router's mount point, gives the
 * handler the endpoint's path params, and types `res.json` with the endpoint's response, so a
 * changed response type in the map breaks the compile here as it does in the web's client.
 *
 * The mount is where console-app.ts mounts the router (`app.use(api.mount, api.router)`); the
 * handler is registered at the endpoint's path below it. Bodies stay `unknown`: a type is a
 * promise about well-formed input, so each route still decodes what it is sent.
 */
import { Router, type RequestHandler } from 'express';
import type { ConsoleEndpoint, EndpointParams, EndpointPath, EndpointResponse } from '@dojo/console-protocol';

/** The endpoints a router mounted at `Mount` serves. */
export type EndpointUnder<Mount extends string> = { [E in ConsoleEndpoint]: EndpointPath<E> extends Mount | `${Mount}/${string}` ? E : never }[ConsoleEndpoint];

export type EndpointHandler<E extends ConsoleEndpoint> = RequestHandler<EndpointParams<E>, EndpointResponse<E>, unknown>;

export interface EndpointRouter<Mount extends string> {
  readonly mount: Mount;
  readonly router: Router;
  /** Registers the endpoint's handlers (middleware first, like express' own `router.get`). */
  on<E extends EndpointUnder<Mount>>(endpoint: E, ...handlers: EndpointHandler<E>[]): void;
}

const methods = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;

export function endpointRouter<const Mount extends string>(mount: Mount): EndpointRouter<Mount> {
  const router = Router();
  return {
    mount,
    router,
    on(endpoint, ...handlers) {
      const [method, path] = endpoint.split(' ') as [keyof typeof methods, string];
      router[methods[method]](path.slice(mount.length) || '/', ...(handlers as RequestHandler[]));
    },
  };
}
