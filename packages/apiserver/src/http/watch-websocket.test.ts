/**
 * A watch over a WebSocket, as kube-apiserver serves `Upgrade: websocket` (fabric8 tries it
 * first): one message per event — text for JSON, binary for protobuf — with x/net/websocket's
 * handshake rules, and every refusal before the handshake an ordinary Status answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeObject } from './protobuf/envelope.ts';
import { wireSchema } from './protobuf/wire-schema.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'ws-a', labels: { suite: 'ws' } } });
});
afterAll(async () => {
  await server?.stop();
});

interface Opened {
  socket: WebSocket;
  protocol: string;
  messages: { data: Buffer; binary: boolean }[];
  next(count: number): Promise<{ data: Buffer; binary: boolean }[]>;
}

function connect(
  path: string,
  options: { protocols?: string[]; headers?: Record<string, string>; token?: string } = {},
): Promise<Opened | { status: number; body: string }> {
  const socket = new WebSocket(`wss://127.0.0.1:${server.port}${path}`, options.protocols ?? [], {
    ca: server.credentials.caCertPem,
    headers: { authorization: `Bearer ${options.token ?? server.credentials.token}`, origin: 'https://127.0.0.1', ...options.headers },
  });
  const messages: { data: Buffer; binary: boolean }[] = [];
  let wake = () => {};
  socket.on('message', (data: Buffer, binary: boolean) => {
    messages.push({ data, binary });
    wake();
  });
  return new Promise((resolve, reject) => {
    socket.on('open', () =>
      resolve({
        socket,
        protocol: socket.protocol,
        messages,
        next: (count) =>
          new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`only ${messages.length} messages`)), 5000);
            wake = () => {
              if (messages.length >= count) {
                clearTimeout(timer);
                ok(messages.slice(0, count));
              }
            };
            wake();
          }),
      }),
    );
    socket.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    socket.on('error', reject);
  });
}

const streaming = 'watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&labelSelector=suite%3Dws';

describe('a watch over a WebSocket', () => {
  it('sends each JSON event as one text message, the streaming list included, then the changes', async () => {
    const opened = (await connect(`/api/v1/namespaces/default/configmaps?${streaming}`)) as Opened;
    const [added, bookmark] = await opened.next(2);
    expect(added!.binary).toBe(false);
    expect(JSON.parse(added!.data.toString())).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'ws-a' } } });
    expect(JSON.parse(bookmark!.data.toString())).toMatchObject({
      type: 'BOOKMARK',
      object: { metadata: { annotations: { 'k8s.io/initial-events-end': 'true' } } },
    });
    await server.call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'ws-b', labels: { suite: 'ws' } } });
    const [, , change] = await opened.next(3);
    expect(JSON.parse(change!.data.toString())).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'ws-b' } } });
    opened.socket.close();
  });

  it('sends protobuf events as binary messages without a length prefix, and echoes the one subprotocol offered', async () => {
    const opened = (await connect(`/api/v1/namespaces/default/configmaps?${streaming}`, {
      protocols: ['binary.k8s.io'],
      headers: { accept: 'application/vnd.kubernetes.protobuf' },
    })) as Opened;
    expect(opened.protocol).toBe('binary.k8s.io');
    const [first] = await opened.next(1);
    expect(first!.binary).toBe(true);
    const event = wireSchema().type('meta.v1.WatchEvent').decode(first!.data) as unknown as { f1: string; f2: { f1: Uint8Array } };
    expect(event.f1).toBe('ADDED');
    expect(decodeObject(Buffer.from(event.f2.f1), { apiVersion: '', kind: '' })).toMatchObject({
      kind: 'ConfigMap',
      metadata: { name: expect.stringMatching(/^ws-/) },
    });
    opened.socket.close();
  });

  it('refuses a handshake without Origin (403) or with several subprotocols (400), as x/net/websocket does', async () => {
    const noOrigin = await connect(`/api/v1/namespaces/default/configmaps?watch=true`, { headers: { origin: '' } });
    expect(noOrigin).toMatchObject({ status: 403 });
    const several = await connect(`/api/v1/namespaces/default/configmaps?watch=true`, { protocols: ['binary.k8s.io', 'base64.binary.k8s.io'] });
    expect(several).toMatchObject({ status: 400 });
  });

  it('answers bad options and a bad token with a Status before any handshake', async () => {
    const invalid = (await connect(`/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=1&resourceVersionMatch=NotOlderThan`)) as {
      status: number;
      body: string;
    };
    expect(invalid.status).toBe(422);
    expect(JSON.parse(invalid.body)).toMatchObject({ kind: 'Status', reason: 'Invalid', details: { kind: 'ListOptions' } });
    const unauthorized = (await connect(`/api/v1/namespaces/default/configmaps?watch=true`, { token: 'wrong' })) as { status: number; body: string };
    expect(unauthorized.status).toBe(401);
  });
});
