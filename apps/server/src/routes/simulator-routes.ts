/**
 * `/api/simulators` and `/api/operators`: what the selected operator modules started beside the
 * cluster (their simulators, from the services registry) and the modules themselves. A
 * simulator's state and fault knobs are relayed to its own control API, which validates the
 * knobs itself (`DiscordFaultsRequest` of @dojo/console-protocol for Discord's).
 */
import { Router, json } from 'express';
import type { OperatorList, SimulatorList } from '@dojo/console-protocol';
import { newStatusError } from '@dojo/kube-api';
import type { OperatorModule, RunningService, SimulatorControl } from '@dojo/operator';
import { jsonObjectBody } from './json-body.ts';

/** The running simulators, as the services registry keeps them. */
export interface SimulatorDirectory {
  list(): readonly RunningService[];
  byName(name: string): RunningService | undefined;
}

export function simulatorRoutes(simulators: SimulatorDirectory): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    const list = simulators
      .list()
      .map(({ name, module, label, url, note, control }) => ({ name, module, label, url, ...(note ? { note } : {}), controls: control !== undefined }));
    res.json({ simulators: list } satisfies SimulatorList);
  });
  router.use('/:name', (req, res, next) => {
    const simulator = simulators.byName(req.params.name);
    if (!simulator?.control) return next(newStatusError(404, 'NotFound', `no simulator "${req.params.name}" with a control API is running`));
    simulatorControlRoutes(simulator.control)(req, res, next);
  });
  return router;
}

/** One simulator's state and fault knobs, relayed from its own control API. */
function simulatorControlRoutes(control: SimulatorControl): Router {
  const router = Router();
  router.get('/state', async (_req, res) => void res.json(await control.state()));
  router.get('/faults', async (_req, res) => void res.json(await control.faults()));
  router.put('/faults', json({ limit: '16kb' }), async (req, res) => void res.json(await control.setFaults(jsonObjectBody(req.body))));
  return router;
}

/** The operator modules this console runs, with their own settings' flags. */
export function operatorRoutes(selected: readonly OperatorModule[]): Router {
  const router = Router();
  const body: OperatorList = {
    operators: selected.map((o) => ({
      name: o.name,
      seed: o.seed,
      description: o.description,
      ...(o.docs ? { docs: o.docs } : {}),
      options: (o.options ?? []).map(({ flag, value, help, default: fallback }) => ({
        flag,
        ...(value ? { value } : {}),
        help,
        ...(fallback ? { default: fallback } : {}),
      })),
    })),
  };
  router.get('/', (_req, res) => void res.json(body));
  return router;
}
