/** The console's HTTP server: the built UI plus health endpoints. */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import express from 'express';

export interface ConsoleServerOptions {
  host: string;
  port: number;
  /** Directory holding the built web UI (apps/web/dist). */
  webRoot?: string;
}

export interface ConsoleServer {
  url: string;
  close(): Promise<void>;
}

const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function startConsoleServer(options: ConsoleServerOptions): Promise<ConsoleServer> {
  const webRoot = options.webRoot ?? defaultWebRoot;
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => void res.type('text/plain').send('ok'));
  app.get('/readyz', (_req, res) => void res.type('text/plain').send('ok'));
  if (existsSync(webRoot)) {
    app.use(express.static(webRoot, { index: 'index.html' }));
    // Client-side routes all load the same page.
    app.get(/^\/(?!api\/|healthz|readyz|metrics).*/, (_req, res) => res.sendFile('index.html', { root: webRoot }));
  } else {
    app.get('/', (_req, res) =>
      void res.type('text/plain').status(503).send(`The web UI is not built (${webRoot} is missing). Run \`npm run build\`.`),
    );
  }

  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/`,
    close: () => new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
