/**
 * `/api/clients/:name/faults`: the faults injected into a connected client's requests.
 * GET answers the rules in force with their counts; POST adds one rule (a `FaultRuleSpec`)
 * after the others; DELETE removes all of them, `DELETE .../faults/:id` one. Every answer is
 * what is now in force (`ClientFaults`). A thin edge: the body is checked for its shape here,
 * the rule's meaning by the API server's engine (kube's Invalid, a cause per field).
 */
import { json, type Router } from 'express';
import type { ClientFaults, FaultRuleSpec } from '@dojo/console-protocol';
import { newBadRequest, newNotFound } from '@dojo/kube-api';
import { jsonObjectBody } from './json-body.ts';
import { endpointRouter } from './typed-routes.ts';

/** The API server's fault rules (`RequestFaults`, in process; across the thread boundary, the same calls as messages). */
export interface ClientFaultControls {
  list(client: string): ClientFaults | Promise<ClientFaults>;
  add(client: string, spec: FaultRuleSpec): ClientFaults | Promise<ClientFaults>;
  clear(client: string, id?: string): ClientFaults | Promise<ClientFaults>;
}

export interface ClientFaultRoutesDeps {
  faults: ClientFaultControls;
  /** Whether `name` is a connected client (`dojo-console connect NAME`): faults are for those alone. */
  isConnected(name: string): boolean;
}

const fieldTypes = {
  verbs: 'string[]',
  resource: 'string',
  namespace: 'string',
  name: 'string',
  labelSelector: 'string',
  status: 'number',
  retryAfterSeconds: 'number',
  latencyMs: 'number',
  watchCut: 'boolean',
  gone: 'boolean',
  rate: 'number',
  count: 'number',
  seed: 'number',
} as const satisfies Record<keyof FaultRuleSpec, string>;

/** The body's shape: known fields of the right JSON types (their values are the engine's to judge). */
export function decodeFaultRuleSpec(body: unknown): FaultRuleSpec {
  const fields = jsonObjectBody(body);
  const spec: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    const type = fieldTypes[field as keyof FaultRuleSpec];
    if (type === undefined) throw newBadRequest(`unknown field "${field}" in a fault rule`);
    if (value === null || value === undefined) continue;
    const ok = type === 'string[]' ? Array.isArray(value) && value.every((v) => typeof v === 'string') : typeof value === type;
    if (!ok) throw newBadRequest(`${field} must be ${type === 'string[]' ? 'an array of strings' : `a ${type}`}`);
    spec[field] = value;
  }
  return spec as FaultRuleSpec;
}

export function clientFaultRoutes(deps: ClientFaultRoutesDeps): Router {
  const api = endpointRouter('/api/clients');
  api.router.use(json({ limit: '16kb' }));
  const connected = (name: string): string => {
    if (!deps.isConnected(name)) throw newNotFound({ group: 'console', resource: 'clients' }, name);
    return name;
  };
  api.on('GET /api/clients/:name/faults', async (req, res) => void res.json((await deps.faults.list(connected(req.params.name))) satisfies ClientFaults));
  api.on('POST /api/clients/:name/faults', async (req, res) => {
    const client = connected(req.params.name);
    res.status(201).json((await deps.faults.add(client, decodeFaultRuleSpec(req.body))) satisfies ClientFaults);
  });
  api.on('DELETE /api/clients/:name/faults', async (req, res) => void res.json((await deps.faults.clear(connected(req.params.name))) satisfies ClientFaults));
  api.on(
    'DELETE /api/clients/:name/faults/:id',
    async (req, res) => void res.json((await deps.faults.clear(connected(req.params.name), req.params.id)) satisfies ClientFaults),
  );
  return api.router;
}
