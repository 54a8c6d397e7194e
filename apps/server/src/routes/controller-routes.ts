/**
 * Debug controls over HTTP: list controllers (at the instant asked about, in a recording),
 * pause/resume/step, concurrency, breakpoints, faults. Without live controllers (a recording)
 * only the reads are served.
 */
import { json, type Router } from 'express';
import type { ControllerList, StepAnswer } from '@dojo/console-protocol';
import { newConflict, newNotFound } from '@dojo/kube-api';
import { replaceBreakpoints } from '../controller-breakpoints.ts';
import type { ConsoleControllers } from '../console-controllers.ts';
import type { ControllerView } from '@dojo/console-live';
import { decodeQueueKeysRequest, showQueueKeys } from './queue-keys.ts';
import { viewTimeOf } from './view-time.ts';
import { decodeBreakpointsRequest, decodeConcurrencyRequest, decodeContinueRequest, decodeFaultsRequest } from './controller-requests.ts';
import { endpointRouter } from './typed-routes.ts';

export function controllerRoutes(view: ControllerView, controllers?: ConsoleControllers): Router {
  const api = endpointRouter('/api/controllers');
  api.router.use(json({ limit: '64kb' }));
  const notFound = (name: string) => newNotFound({ group: 'console', resource: 'controllers' }, name);
  api.on('GET /api/controllers', (req, res) => void res.json({ controllers: view.list(viewTimeOf(req)) } satisfies ControllerList));
  api.on('GET /api/controllers/:name', (req, res) => {
    const shown = decodeQueueKeysRequest(req.query);
    const details = view.describe(req.params.name, viewTimeOf(req));
    if (!details) throw notFound(req.params.name);
    res.json(shown ? showQueueKeys(details, shown) : details);
  });
  if (!controllers) return api.router;
  const find = (name: string) => {
    const entry = controllers.get(name);
    if (!entry) throw notFound(name);
    return entry;
  };
  api.on('POST /api/controllers/:name/pause', (req, res) => {
    const entry = find(req.params.name);
    entry.controller.pause();
    res.json(controllers.details(entry));
  });
  api.on('POST /api/controllers/:name/resume', (req, res) => {
    const entry = find(req.params.name);
    entry.controller.resume();
    res.json(controllers.details(entry));
  });
  api.on('POST /api/controllers/:name/step', async (req, res) => {
    const entry = find(req.params.name);
    const ended = await entry.controller.step();
    res.json({ ...controllers.details(entry), stepped: ended ?? null } satisfies StepAnswer);
  });
  api.on('POST /api/controllers/:name/continue', (req, res) => {
    const entry = find(req.params.name);
    const { key } = decodeContinueRequest(req.body);
    // Nothing held at that key (it was stepped, resumed or never hit): say so, change nothing.
    if (!entry.controller.continueKey(key))
      throw newConflict({ group: 'console', resource: 'breakpoints' }, key, `no worker of ${entry.controller.name} holds it at a breakpoint`);
    res.json(controllers.details(entry));
  });
  api.on('PUT /api/controllers/:name/concurrency', (req, res) => {
    const entry = find(req.params.name);
    entry.controller.setMaxConcurrentReconciles(decodeConcurrencyRequest(req.body).maxConcurrentReconciles);
    res.json(controllers.details(entry));
  });
  api.on('PUT /api/controllers/:name/breakpoints', (req, res) => {
    const entry = find(req.params.name);
    replaceBreakpoints(entry.controller, decodeBreakpointsRequest(req.body).keys);
    res.json(controllers.details(entry));
  });
  api.on('PUT /api/controllers/:name/faults', (req, res) => {
    const entry = find(req.params.name);
    entry.controller.injectFaults(decodeFaultsRequest(req.body));
    res.json(controllers.details(entry));
  });
  return api.router;
}
