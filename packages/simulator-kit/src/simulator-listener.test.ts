import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { parseJsonBody, readBody } from './json-http-io.ts';
import { startSimulatorListener, type SimulatorListener } from './simulator-listener.ts';

class TeapotError extends Error {
  constructor(readonly status: number) {
    super(`failed ${status}`);
  }
}

let listener: SimulatorListener | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

const start = () =>
  startSimulatorListener({
    answer: async (req) => {
      if (req.url === '/throw') throw new TeapotError(418);
      const body = parseJsonBody(await readBody(req, 16, () => new TeapotError(413)), () => new TeapotError(400));
      return req.url === '/empty' ? { status: 204 } : { status: 200, body: { echo: body ?? null } };
    },
    errorAnswer: (error) => ({ status: error instanceof TeapotError ? error.status : 500, body: { error: String(error) } }),
    misdirected: () => new TeapotError(421),
  });

function send(url: string, path: string, options: { body?: string; host?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'POST', headers: options.host ? { host: options.host } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('startSimulatorListener', () => {
  it('answers with the JSON the simulator returns', async () => {
    listener = await start();
    const res = await send(listener.url, '/', { body: '{"a":1}' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(res.text)).toEqual({ echo: { a: 1 } });
  });

  it('writes no body for a 204', async () => {
    listener = await start();
    const res = await send(listener.url, '/empty');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  it('turns what the simulator throws into its own error shape', async () => {
    listener = await start();
    expect(await send(listener.url, '/throw')).toMatchObject({ status: 418, text: JSON.stringify({ error: 'Error: failed 418' }) });
    expect((await send(listener.url, '/', { body: 'not json' })).status).toBe(400);
  });

  it('refuses a Host header a loopback listener does not answer to', async () => {
    listener = await start();
    expect((await send(listener.url, '/', { host: 'evil.example' })).status).toBe(421);
  });

  it('closes the connection after refusing a body that is too large', async () => {
    listener = await start();
    const res = await send(listener.url, '/', { body: JSON.stringify({ long: 'x'.repeat(64) }) });
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
  });

  it('can be closed twice', async () => {
    listener = await start();
    await listener.close();
    await expect(listener.close()).resolves.toBeUndefined();
  });
});
