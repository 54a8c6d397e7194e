/** Debug controls over HTTP: list controllers, pause/resume/step, concurrency, breakpoints, faults. */
import { Router, json } from 'express';
import { newBadRequest, newNotFound } from '@dojo/kube-api';
import type { ConsoleControllers } from '../console-controllers.ts';

export function controllerRoutes(controllers: ConsoleControllers): Router {
  const router = Router();
  router.use(json({ limit: '64kb' }));
  const find = (name: string) => {
    const entry = controllers.get(name);
    if (!entry) throw newNotFound({ group: 'console', resource: 'controllers' }, name);
    return entry;
  };
  router.get('/', (_req, res) => void res.json({ controllers: controllers.all().map((c) => controllers.summary(c)) }));
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
    res.json({ ...controllers.details(entry), stepped: ended ?? null });
  });
  router.put('/:name/concurrency', (req, res) => {
    const entry = find(req.params.name);
    const n = (req.body as { maxConcurrentReconciles?: unknown }).maxConcurrentReconciles;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 64) {
      throw newBadRequest('maxConcurrentReconciles must be an integer between 1 and 64');
    }
    entry.controller.setMaxConcurrentReconciles(n);
    res.json(controllers.details(entry));
  });
  router.put('/:name/breakpoints', (req, res) => {
    const entry = find(req.params.name);
    const keys = (req.body as { keys?: unknown }).keys;
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) throw newBadRequest('keys must be an array of object keys');
    const state = entry.controller.state();
    for (const key of state.breakpoints) if (!keys.includes(key)) entry.controller.clearBreakpoint(key);
    for (const key of keys as string[]) if (!state.breakpoints.includes(key)) entry.controller.setBreakpoint(key);
    res.json(controllers.details(entry));
  });
  router.put('/:name/faults', (req, res) => {
    const entry = find(req.params.name);
    const body = req.body as Record<string, unknown>;
    const patch: Record<string, number> = {};
    for (const field of ['conflictNextWrites', 'throwNext', 'latencyMs']) {
      const v = body[field];
      if (v === undefined) continue;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 600_000) throw newBadRequest(`${field} must be a non-negative integer`);
      patch[field] = v;
    }
    entry.controller.injectFaults(patch);
    res.json(controllers.details(entry));
  });
  return router;
}
