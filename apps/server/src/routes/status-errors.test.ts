import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newNotFound } from '@dojo/kube-api';
import { statusErrors } from './status-errors.ts';

let base = '';
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.post('/echo', express.json({ limit: '1kb' }), (req, res) => void res.json(req.body));
  app.get('/missing', () => {
    throw newNotFound({ group: 'console', resource: 'controllers' }, 'nope');
  });
  app.get('/crash', async () => {
    throw new Error('disk on fire');
  });
  app.use(statusErrors);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

const post = (body: string) => fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('the error middleware', () => {
  it('answers a StatusError with its own Status', async () => {
    const res = await fetch(`${base}/missing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ kind: 'Status', code: 404, reason: 'NotFound', message: 'controllers.console "nope" not found' });
  });

  it('answers a body that is not JSON with 400 BadRequest', async () => {
    const res = await post('{not json');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ kind: 'Status', code: 400, reason: 'BadRequest', message: 'request body is not valid JSON' });
  });

  it('answers a body over the limit with 413, not a 500', async () => {
    const res = await post(JSON.stringify({ pad: 'x'.repeat(2048) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ kind: 'Status', code: 413, reason: 'RequestEntityTooLarge' });
  });

  it('answers any other failure, thrown or rejected, with a 500 InternalError Status', async () => {
    const res = await fetch(`${base}/crash`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ kind: 'Status', code: 500, reason: 'InternalError', message: 'Internal error occurred: disk on fire' });
  });
});
