/**
 * The console's HTTP surface (docs/protocol.md): login, guards, the Kubernetes proxy, debug
 * controls, telemetry, Discord, metrics, and the built UI. Handlers decode, call, encode;
 * one error middleware turns every failure into a Status.
 */
import { existsSync } from 'node:fs';
import express, { type NextFunction, type Request, type Response } from 'express';
import { newInternalError, StatusError } from '@dojo/kube-api';
import type { Journal, KubeTransport } from '@dojo/runtime';
import type { ConsoleControllers } from './console-controllers.ts';
import { discoverResources, schemaOf, type ServedResource } from './kube/discovery.ts';
import { kubeProxy } from './kube/kube-proxy.ts';
import { controllerRoutes } from './routes/controller-routes.ts';
import { telemetryRoutes } from './routes/telemetry-routes.ts';
import { checkCsrf, checkHost, checkToken, presentedToken, tokenCookie, type GuardOptions } from './security/request-guards.ts';
import { setSecurityHeaders } from './security/security-headers.ts';

export interface ConsoleAppDeps {
  guards: GuardOptions;
  transport: () => KubeTransport;
  journal: Journal;
  controllers: ConsoleControllers;
  metrics: { scrape(): Promise<string>; contentType: string };
  session: () => Record<string, unknown>;
  ready: () => boolean;
  allowSecretData: boolean;
  webRoot: string;
  discord?: { state(): Promise<unknown>; setFaults(faults: Record<string, unknown>): Promise<unknown> };
}

/** Wraps async handlers so rejections reach the error middleware. */
const route =
  (fn: (req: Request, res: Response) => unknown) =>
  (req: Request, res: Response, next: NextFunction): void => {
    Promise.resolve(fn(req, res)).catch(next);
  };

const loginPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dojo Console — sign in</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Dojo Console</h1><p>This console needs its access token. Open the URL that <code>npm start</code> printed
(it ends in <code>/login?token=…</code>), or find the token in <code>&lt;data-dir&gt;/console-token</code>.</p></body></html>`;

export function createConsoleApp(deps: ConsoleAppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use((req, res, next) => {
    setSecurityHeaders(res);
    const problem = checkHost(req, deps.guards);
    if (problem) return next(problem);
    next();
  });
  app.get('/healthz', (_req, res) => void res.type('text/plain').send('ok'));
  app.get('/readyz', (_req, res) => void res.status(deps.ready() ? 200 : 503).type('text/plain').send(deps.ready() ? 'ok' : 'starting'));
  app.get('/login', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const fake = { headers: { authorization: `Bearer ${token}` } } as Request;
    if (checkToken(fake, deps.guards)) {
      res.status(401).type('html').send(loginPage);
      return;
    }
    res.cookie(tokenCookie, token, { httpOnly: true, sameSite: 'strict', path: '/', secure: false });
    res.redirect(303, '/');
  });
  app.use((req, res, next) => {
    if (checkToken(req, deps.guards)) {
      if (req.path.startsWith('/api/') || req.path === '/metrics' || presentedToken(req)) return next(checkToken(req, deps.guards));
      res.status(401).type('html').send(loginPage);
      return;
    }
    next(checkCsrf(req));
  });

  app.get('/metrics', route(async (_req, res) => res.type(deps.metrics.contentType).send(await deps.metrics.scrape())));
  app.get('/api/session', (_req, res) => void res.json(deps.session()));
  let resourcesCache: { at: number; value: ServedResource[] } | undefined;
  app.get(
    '/api/resources',
    route(async (_req, res) => {
      if (!resourcesCache || Date.now() - resourcesCache.at > 3000) resourcesCache = { at: Date.now(), value: await discoverResources(deps.transport()) };
      res.json({ resources: resourcesCache.value });
    }),
  );
  app.get(
    '/api/schema/:group/:version/:kind',
    route(async (req, res) => {
      const { group, version, kind } = req.params as Record<'group' | 'version' | 'kind', string>;
      res.json({ schema: await schemaOf(deps.transport(), group === 'core' ? '' : group, version, kind) });
    }),
  );
  app.use('/api/controllers', controllerRoutes(deps.controllers));
  app.use('/api/telemetry', telemetryRoutes(deps.journal));
  if (deps.discord) {
    const discord = deps.discord;
    app.get('/api/discord/state', route(async (_req, res) => res.json(await discord.state())));
    app.put(
      '/api/discord/faults',
      express.json({ limit: '16kb' }),
      route(async (req, res) => res.json(await discord.setFaults(req.body as Record<string, unknown>))),
    );
  }
  app.use('/api/kube', route(kubeProxy({ transport: deps.transport, allowSecretData: deps.allowSecretData })));
  app.use('/api', (_req, _res, next) => next(new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 404, reason: 'NotFound', message: 'the server could not find the requested resource' })));

  if (existsSync(deps.webRoot)) {
    app.use(express.static(deps.webRoot, { index: 'index.html' }));
    app.get(/^\/(?!api\/|ws$).*/, (_req, res) => res.sendFile('index.html', { root: deps.webRoot }));
  }

  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = err instanceof StatusError ? err.status : (err as { type?: string }).type === 'entity.parse.failed' ? { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 400, reason: 'BadRequest', message: 'request body is not valid JSON' } : newInternalError(err).status;
    res.status(status.code).json(status);
  });
  return app;
}
