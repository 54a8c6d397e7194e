/**
 * The fan-out reference: `node --import tsx broadcast-reference.ts <data-dir>`. A bare Node
 * HTTPS server with the API server's TLS credentials takes a POST (bearer token checked),
 * stamps the metadata an API server would, answers 201, and sends the object as a console
 * `watch-event` frame to every WebSocket client (plain `ws`, serialized once for all). No
 * storage, no watch cache, no relay: what delivering the same writes costs at the least on
 * this machine. Writes `<data-dir>/kubeconfig` so the benchmark's writer uses it unchanged, and
 * prints `broadcast-reference {"wsUrl", "kubeconfigPath"}`.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { kubeconfigYaml, loadOrCreateCredentials } from '@dojo/apiserver';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: broadcast-reference.ts <data-dir>');
const credentials = loadOrCreateCredentials(dataDir);
const subscribers = new Set<{ socket: WebSocket; id: string }>();
let resourceVersion = 1;

const api = createServer({ key: credentials.keyPem, cert: credentials.certPem, keepAlive: true }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.headers.authorization !== `Bearer ${credentials.token}`) {
      res.writeHead(401).end();
      return;
    }
    const object = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { metadata: Record<string, unknown> };
    object.metadata = {
      ...object.metadata,
      uid: randomUUID(),
      resourceVersion: String(++resourceVersion),
      creationTimestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    };
    const body = JSON.stringify(object);
    // Delivered before the acknowledgement, as the API server publishes before it answers.
    for (const s of subscribers) s.socket.send(`{"id":${JSON.stringify(s.id)},"type":"watch-event","event":{"type":"ADDED","object":${body}}}`);
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});

const live = createHttpServer();
const wss = new WebSocketServer({ server: live, path: '/ws' });
wss.on('connection', (socket) => {
  socket.send(JSON.stringify({ type: 'hello', session: { cluster: 'reference' } }));
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as { op: string; id: string };
    if (message.op !== 'subscribe') return;
    subscribers.add({ socket, id: message.id });
    socket.send(JSON.stringify({ id: message.id, type: 'synced', resourceVersion: String(resourceVersion) }));
  });
  socket.on('close', () => {
    for (const s of subscribers) if (s.socket === socket) subscribers.delete(s);
  });
});

const listen = (server: { listen(port: number, host: string, cb: () => void): unknown; address(): unknown }) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const [apiPort, livePort] = await Promise.all([listen(api), listen(live)]);
const kubeconfigPath = join(dataDir, 'kubeconfig');
writeFileSync(kubeconfigPath, kubeconfigYaml(`https://127.0.0.1:${apiPort}`, credentials), { mode: 0o600 });
process.stdout.write(`broadcast-reference ${JSON.stringify({ wsUrl: `ws://127.0.0.1:${livePort}/ws`, kubeconfigPath })}\n`);
