/** Debug controls over HTTP: list controllers, pause/resume/step, concurrency, breakpoints, faults. */
import { Router, json } from 'express';
import type { ControllerList, StepAnswer } from '@dojo/console-protocol';
import { newNotFound } from '@dojo/kube-api';
import { replaceBreakpoints } from '../controller-breakpoints.ts';
import type { ConsoleControllers } from '../console-controllers.ts';
import { decodeBreakpointsRequest, decodeConcurrencyRequest, decodeFaultsRequest } from './controller-requests.ts';

export function controllerRoutes(controllers: ConsoleControllers): Router {
  const router = Router();
  router.use(json({ limit: '64kb' }));
  const find = (name: string) => {
    const entry = controllers.get(name);
    if (!entry) throw newNotFound({ group: 'console', resource: 'controllers' }, name);
    return entry;
  };
  router.get('/', (_req, res) => void res.json({ controllers: controllers.all().map((c) => controllers.summary(c)) } satisfies ControllerList));
  router.get('/:name', (req, res) => void res.json(controllers.details(find(req.params.name))));
  router.post('/:name/pause', (req, res) => {
    const entry = find(req.params.name);
    entry.controller.pause();
    res.json(controllers.details(entry));
  });
  router.post('/:name/resume', (req, res) => {
    const entry = find(req.params.name);
    entry.controller.resume();
    res.json(controllers.details(entry));
  });
  router.post('/:name/step', async (req, res) => {
    const entry = find(req.params.name);
    const ended = await entry.controller.step();
    res.json({ ...controllers.details(entry), stepped: ended ?? null } satisfies StepAnswer);
  });
  router.put('/:name/concurrency', (req, res) => {
    const entry = find(req.params.name);
    entry.controller.setMaxConcurrentReconciles(decodeConcurrencyRequest(req.body).maxConcurrentReconciles);
    res.json(controllers.details(entry));
  });
  router.put('/:name/breakpoints', (req, res) => {
    const entry = find(req.params.name);
    replaceBreakpoints(entry.controller, decodeBreakpointsRequest(req.body).keys);
    res.json(controllers.details(entry));
  });
  router.put('/:name/faults', (req, res) => {
    const entry = find(req.params.name);
    entry.controller.injectFaults(decodeFaultsRequest(req.body));
    res.json(controllers.details(entry));
  });
  return router;
}
