/**
 * `/api/simulators` and `/api/operators`: what the selected operator modules started beside the
 * cluster (their simulators, from the services registry) and the modules themselves. A
 * simulator's state and fault knobs are relayed to its own control API, which validates the
 * knobs itself (`DiscordFaultsRequest` of @dojo/console-protocol for Discord's).
 */
import { json, type Router } from 'express';
import type { OperatorList, SimulatorList } from '@dojo/console-protocol';
import { newStatusError } from '@dojo/kube-api';
import type { OperatorModule, RunningService, SimulatorControl } from '@dojo/operator';
import { jsonObjectBody } from './json-body.ts';
import { endpointRouter } from './typed-routes.ts';

/** The running simulators, as the services registry keeps them. */
export interface SimulatorDirectory {
  list(): readonly RunningService[];
  byName(name: string): RunningService | undefined;
}

export function simulatorRoutes(simulators: SimulatorDirectory): Router {
  const api = endpointRouter('/api/simulators');
  api.on('GET /api/simulators', (_req, res) => {
    const list = simulators
      .list()
      .map(({ name, module, label, url, note, control }) => ({ name, module, label, url, ...(note ? { note } : {}), controls: control !== undefined }));
    res.json({ simulators: list } satisfies SimulatorList);
  });
  // One simulator's state and fault knobs, relayed from its own control API.
  const controlOf = (name: string): SimulatorControl => {
    const control = simulators.byName(name)?.control;
    if (!control) throw newStatusError(404, 'NotFound', `no simulator "${name}" with a control API is running`);
    return control;
  };
  api.on('GET /api/simulators/:name/state', async (req, res) => void res.json(await controlOf(req.params.name).state()));
  api.on('GET /api/simulators/:name/faults', async (req, res) => void res.json(await controlOf(req.params.name).faults()));
  api.on('PUT /api/simulators/:name/faults', json({ limit: '16kb' }), async (req, res) => {
    const control = controlOf(req.params.name);
    res.json(await control.setFaults(jsonObjectBody(req.body)));
  });
  return api.router;
}

/** The operator modules this console runs, with their own settings' flags. */
export function operatorRoutes(selected: readonly OperatorModule[]): Router {
  const api = endpointRouter('/api/operators');
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
  api.on('GET /api/operators', (_req, res) => void res.json(body));
  return api.router;
}
