import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { guardRequests, guardUpgrades, refuseUpgrade } from './guarded-listener.ts';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? (server.closeAllConnections(), server.close(() => resolve())) : resolve()));
  server = undefined;
});

async function listen(setup: (s: Server) => void): Promise<number> {
  server = createServer();
  setup(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function get(port: number): Promise<{ status: number; body: string } | 'closed'> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/' }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve('closed'));
    });
    req.on('error', () => resolve('closed'));
    req.end();
  });
}

/** Sends a raw upgrade request and returns everything the server wrote before closing. */
function rawUpgrade(port: number, headers = ''): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n${headers}\r\n`),
    );
    let text = '';
    socket.on('data', (c) => (text += c.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
  });
}

describe('guardRequests', () => {
  it('answers a listener that throws with the failure answer, and keeps serving', async () => {
    let calls = 0;
    const port = await listen((s) =>
      s.on(
        'request',
        guardRequests(
          () => {
            calls++;
            throw new URIError('URI malformed');
          },
          (error) => ({ status: 500, body: `failed: ${(error as Error).message}` }),
        ),
      ),
    );
    expect(await get(port)).toEqual({ status: 500, body: 'failed: URI malformed' });
    expect(await get(port)).toEqual({ status: 500, body: 'failed: URI malformed' });
    expect(calls).toBe(2);
  });

  it('answers a listener whose promise rejects', async () => {
    const port = await listen((s) =>
      s.on(
        'request',
        guardRequests(async () => Promise.reject(new Error('late'))),
      ),
    );
    expect(await get(port)).toMatchObject({ status: 500 });
  });

  it('closes the connection when the answer had already started', async () => {
    const port = await listen((s) =>
      s.on(
        'request',
        guardRequests((_req, res) => {
          res.writeHead(200);
          res.write('half');
          throw new Error('mid-answer');
        }),
      ),
    );
    const answer = await get(port);
    // Either the client saw the response cut short or the connection drop; never a second head.
    if (answer !== 'closed') expect(answer.status).toBe(200);
  });

  it('still answers when the failure answer itself throws', async () => {
    const port = await listen((s) =>
      s.on(
        'request',
        guardRequests(
          () => {
            throw new Error('first');
          },
          () => {
            throw new Error('second');
          },
        ),
      ),
    );
    expect(await get(port)).toMatchObject({ status: 500, body: 'internal error\n' });
  });
});

describe('guardUpgrades', () => {
  it('refuses an upgrade whose listener throws with the failure answer', async () => {
    const port = await listen((s) =>
      s.on(
        'upgrade',
        guardUpgrades(
          () => {
            throw new URIError('URI malformed');
          },
          () => ({ status: 400, headers: { 'Content-Type': 'application/json' }, body: '{"code":400}' }),
        ),
      ),
    );
    const text = await rawUpgrade(port);
    expect(text).toMatch(/^HTTP\/1.1 400 Bad Request\r\n/);
    expect(text).toMatch(/\r\n\r\n\{"code":400\}$/);
  });

  it('survives a peer that resets the socket while the listener still holds it', async () => {
    let held: (() => void) | undefined;
    const port = await listen((s) => {
      s.on('request', (_req, res) => res.end('alive'));
      s.on(
        'upgrade',
        guardUpgrades((_req, socket) => {
          // Answers only later: by then the peer is gone, and writing raises EPIPE/ECONNRESET.
          held = () => refuseUpgrade(socket, { status: 401, body: 'no' });
        }),
      );
    });
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`);
        setTimeout(() => {
          socket.resetAndDestroy();
          resolve();
        }, 50);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    held?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held).toBeDefined();
    expect(await get(port)).toEqual({ status: 200, body: 'alive' });
  });
});
