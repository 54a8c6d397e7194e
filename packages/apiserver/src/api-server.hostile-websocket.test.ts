/**
 * Hostile WebSocket watches: handshakes with bad headers, garbage instead of frames, frames
 * larger than kube's limit, and a client that never reads. Each is refused or closed, the
 * server keeps serving, and a watcher's buffer stays within its bound.
 */
import { connect as tlsConnect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const maxBufferedBytes = 64 * 1024;
const drainTimeoutMs = 1000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ watch: { maxBufferedBytes, drainTimeoutMs } });
  await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'flood' } });
});
afterAll(async () => {
  await server?.stop();
});

const watchPath = '/api/v1/namespaces/default/configmaps?watch=true';

/** Sends `head` (and then `after`, once the server answered) on a raw TLS connection; resolves with all it got back once it closed. */
function rawExchange(head: string, after?: Buffer): Promise<{ text: string; closedWithin: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port: server.port, ca: server.credentials.caCertPem, servername: 'localhost' }, () => socket.write(head));
    const chunks: Buffer[] = [];
    let sentAfter = false;
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      if (after && !sentAfter && Buffer.concat(chunks).includes('\r\n\r\n')) {
        sentAfter = true;
        socket.write(after);
      }
    });
    socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString('latin1'), closedWithin: Date.now() - started }));
    socket.on('error', reject);
    setTimeout(() => socket.destroy(), 10_000);
  });
}

const upgradeHead = (headers: Record<string, string>, path = watchPath, method = 'GET'): string =>
  [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Authorization: Bearer ${server.credentials.token}`,
    ...Object.entries({
      Connection: 'Upgrade',
      Upgrade: 'websocket',
      'Sec-WebSocket-Version': '13',
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      Origin: 'https://127.0.0.1',
      ...headers,
    })
      .filter(([, v]) => v !== '')
      .map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');

async function healthy(): Promise<void> {
  expect((await server.call('GET', '/healthz')).status).toBe(200);
}

describe('WebSocket handshakes with bad headers', () => {
  it.each([
    ['without a key', { 'Sec-WebSocket-Key': '' }, 'HTTP/1.1 400 Bad Request\r\n\r\nmismatch challenge/response'],
    ['with version 8', { 'Sec-WebSocket-Version': '8' }, 'HTTP/1.1 400 Bad Request\r\nSec-WebSocket-Version: 13\r\n\r\nmissing or bad WebSocket Version'],
    [
      'with version 8 and no Origin (the version is checked first)',
      { 'Sec-WebSocket-Version': '8', Origin: '' },
      'HTTP/1.1 400 Bad Request\r\nSec-WebSocket-Version: 13\r\n\r\nmissing or bad WebSocket Version',
    ],
    ['without an Origin', { Origin: '' }, 'HTTP/1.1 403 Forbidden\r\n\r\n'],
    ['with two subprotocols', { 'Sec-WebSocket-Protocol': 'binary.k8s.io, base64.binary.k8s.io' }, 'HTTP/1.1 400 Bad Request\r\n\r\n'],
  ])('refuses a handshake %s as x/net/websocket does, and closes the connection', async (_, headers, answer) => {
    const { text, closedWithin } = await rawExchange(upgradeHead(headers));
    expect(text).toBe(answer);
    expect(closedWithin).toBeLessThan(5000);
    await healthy();
  });

  it('answers an upgrade of a request that is not a watch as that request, without a handshake', async () => {
    const list = await rawExchange(upgradeHead({}, '/api/v1/namespaces/default/configmaps'));
    expect(list.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(list.text).toContain('"kind":"ConfigMapList"');
    const post = await rawExchange(upgradeHead({}, '/api/v1/namespaces/default/configmaps', 'POST'));
    expect(post.text).toMatch(/^HTTP\/1\.1 4\d\d /);
    await healthy();
  });
});

describe('a WebSocket watch that misbehaves after the handshake', () => {
  it('closes a connection that sends garbage instead of frames, and keeps serving', async () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    const { text, closedWithin } = await rawExchange(upgradeHead({}), garbage);
    expect(text).toMatch(/^HTTP\/1\.1 101 /);
    expect(closedWithin).toBeLessThan(5000);
    await server.call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'after-garbage' } });
    await healthy();
  });

  it("ignores well-formed messages from the client, and closes one whose frame passes 32 MiB (x/net/websocket's limit)", async () => {
    const socket = new WebSocket(`wss://127.0.0.1:${server.port}${watchPath}`, {
      ca: server.credentials.caCertPem,
      headers: { authorization: `Bearer ${server.credentials.token}`, origin: 'https://127.0.0.1' },
    });
    const events: string[] = [];
    socket.on('message', (data: Buffer) => events.push(JSON.parse(data.toString()).type));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send('not an event');
    socket.send(Buffer.from([0, 1, 2]));
    await server.call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'while-chatty' } });
    await expect.poll(() => events.includes('ADDED')).toBe(true);
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send(Buffer.alloc(33 * 1024 * 1024));
    expect([1006, 1009]).toContain(await closed);
    await healthy();
  }, 30_000);

  it('closes a WebSocket streaming list whose client never reads, with its buffer bounded', async () => {
    const flood = '/api/v1/namespaces/flood/configmaps';
    for (let i = 0; i < 100; i++) await server.call('POST', flood, { metadata: { name: `big-${i}` }, data: { v: 'x'.repeat(100 * 1024) } });
    const socket = new WebSocket(
      `wss://127.0.0.1:${server.port}${flood}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`,
      {
        ca: server.credentials.caCertPem,
        headers: { authorization: `Bearer ${server.credentials.token}`, origin: 'https://127.0.0.1' },
      },
    );
    const types: string[] = [];
    socket.on('message', (data: Buffer) => types.push(JSON.parse(data.toString()).type));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.pause();
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, drainTimeoutMs + 1500));
    socket.resume();
    await closed;
    expect(types.length).toBeLessThan(100);
    expect(types).not.toContain('BOOKMARK');
    await healthy();
  }, 60_000);
});
