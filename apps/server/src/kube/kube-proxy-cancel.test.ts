/** The proxy cancels its upstream request when the browser leaves before the answer. */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, expect, it } from 'vitest';
import type { KubeTransport, TransportRequest } from '@dojo/runtime';
import { kubeProxy } from './kube-proxy.ts';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

it('aborts the upstream request when the client disconnects', async () => {
  const seen: AbortSignal[] = [];
  // An upstream that answers only when told to stop: a slow list, a wait for a resourceVersion.
  const transport = {
    request: (req: TransportRequest) => {
      seen.push(req.signal!);
      return new Promise((_resolve, reject) => req.signal!.addEventListener('abort', () => reject(new Error('aborted'))));
    },
  } as unknown as KubeTransport;
  const app = express();
  app.use('/api/kube', kubeProxy({ transport: () => transport, allowSecretData: false }));
  app.use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).end());
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = request({ host: '127.0.0.1', port, path: '/api/kube/api/v1/namespaces/default/configmaps?resourceVersion=999999' });
  client.on('error', () => undefined);
  client.end();
  await expect.poll(() => seen.length).toBe(1);
  expect(seen[0]!.aborted).toBe(false);
  client.destroy();
  await expect.poll(() => seen[0]!.aborted).toBe(true);
});
