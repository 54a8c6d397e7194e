import type { AddressInfo } from 'node:net';
import express, { json } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControllerDetails } from '@dojo/console-protocol';
import { endpointRouter } from './typed-routes.ts';

let base = '';
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  const api = endpointRouter('/api/clients');
  api.on('DELETE /api/clients/:name/faults/:id', (req, res) => void res.json({ client: `${req.params.name} without ${req.params.id}`, rules: [] }));
  // The body parsed by the middleware comes back as the client's name: proof it ran first.
  api.on('POST /api/clients/:name/faults', json(), (req, res) => void res.json({ client: `${req.params.name} ${JSON.stringify(req.body)}`, rules: [] }));
  app.use(api.mount, api.router);
  const root = endpointRouter('/api/simulators');
  root.on('GET /api/simulators', (_req, res) => void res.json({ simulators: [] }));
  app.use(root.mount, root.router);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

describe('routes registered by their endpoint', () => {
  it('serves an endpoint at its path below the mount, with its path params', async () => {
    expect(await (await fetch(`${base}/api/clients/guestbook/faults/r-1`, { method: 'DELETE' })).json()).toEqual({
      client: 'guestbook without r-1',
      rules: [],
    });
  });

  it('serves the mount point itself for an endpoint whose path is the mount', async () => {
    expect(await (await fetch(`${base}/api/simulators`)).json()).toEqual({ simulators: [] });
  });

  it("runs the endpoint's middleware before its handler", async () => {
    const res = await fetch(`${base}/api/clients/a/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count":1}' });
    expect(await res.json()).toEqual({ client: 'a {"count":1}', rules: [] });
  });

  it('answers only the method the endpoint names', async () => {
    expect((await fetch(`${base}/api/clients/a/faults/r-1`)).status).toBe(404);
  });

  it('is held to the map by the compiler', () => {
    const api = endpointRouter('/api/controllers');
    // @ts-expect-error not under the router's mount
    api.on('GET /api/session', (_req, res) => void res.end());
    // @ts-expect-error an endpoint the map does not have
    api.on('GET /api/controllers/:name/nothing', (_req, res) => void res.end());
    // @ts-expect-error the response is the endpoint's (ControllerDetails), not a list
    api.on('GET /api/controllers/:name', (_req, res) => void res.json({ controllers: [] }));
    api.on('GET /api/controllers/:name', (req, res) => void res.json({ name: req.params.name } as ControllerDetails));
  });
});
