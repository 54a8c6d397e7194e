import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClientMetrics } from '../metrics/rest-client-metrics.ts';
import { KubeTransport } from './kube-transport.ts';

/** What the server saw of each request, and the counts the transport reported. */
const seen: { path: string; method: string; authorization?: string | undefined; contentType?: string | undefined; body: string }[] = [];
const counted: string[] = [];
const metrics: RestClientMetrics = { request: (code, method) => void counted.push(`${method} ${code}`) };
let unauthorizedLeft = 0;

let server: Server;
let transport: KubeTransport;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', method: req.method ?? '', authorization: req.headers.authorization, contentType: req.headers['content-type'], body });
      if (req.url === '/once-unauthorized' && unauthorizedLeft-- > 0) {
        res.statusCode = 401;
        res.end('{"kind":"Status","code":401}');
      } else if (req.url === '/cut') {
        // Promises 100 bytes, sends 10, and hangs up.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"kind":"P');
        setTimeout(() => res.destroy(), 10);
      } else if (req.url === '/never') {
        // Answers nothing: only the caller's signal ends this request.
      } else if (req.url === '/text') {
        res.end('not json');
      } else {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ echo: body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const config = new KubeConfig();
  config.loadFromOptions({
    clusters: [{ name: 'local', server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, skipTLSVerify: true }],
    users: [{ name: 'token', token: 'secret-token' }],
    contexts: [{ name: 'local', cluster: 'local', user: 'token' }],
    currentContext: 'local',
  });
  transport = await KubeTransport.fromKubeConfig(config, { metrics });
});

afterAll(async () => {
  transport?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe('KubeTransport requests', () => {
  it('sends the body with its content type and the bearer token, and parses the JSON answer', async () => {
    const answer = await transport.request({ method: 'PATCH', path: '/echo', body: '{"a":1}', contentType: 'application/merge-patch+json' });
    expect(answer).toEqual({ code: 200, body: { echo: '{"a":1}' } });
    expect(seen.at(-1)).toMatchObject({
      method: 'PATCH',
      path: '/echo',
      authorization: 'Bearer secret-token',
      contentType: 'application/merge-patch+json',
      body: '{"a":1}',
    });
  });

  it('returns an answer that is not JSON as its text', async () => {
    expect((await transport.request({ method: 'GET', path: '/text' })).body).toBe('not json');
  });

  it('retries once with the kubeconfig read again after a 401, as client-go does', async () => {
    unauthorizedLeft = 1;
    const before = seen.length;
    const answer = await transport.request({ method: 'GET', path: '/once-unauthorized' });
    expect(answer.code).toBe(200);
    expect(seen.slice(before).map((s) => s.path)).toEqual(['/once-unauthorized', '/once-unauthorized']);
  });

  it('gives up after a second 401 and returns it', async () => {
    unauthorizedLeft = 2;
    expect((await transport.request({ method: 'GET', path: '/once-unauthorized' })).code).toBe(401);
  });

  it('rejects when the connection closes before the whole body came, and counts the answer it got', async () => {
    counted.length = 0;
    await expect(transport.request({ method: 'GET', path: '/cut' })).rejects.toThrow();
    expect(counted).toEqual(['GET 200']);
  });

  it('rejects when the caller aborts, and counts the request as one that got no answer', async () => {
    counted.length = 0;
    const abort = new AbortController();
    const pending = transport.request({ method: 'GET', path: '/never', signal: abort.signal });
    setTimeout(() => abort.abort(), 20);
    await expect(pending).rejects.toThrow();
    expect(counted).toEqual(['GET <error>']);
  });

  it('opens new connections for requests made after close()', async () => {
    transport.close();
    expect((await transport.request({ method: 'GET', path: '/echo' })).code).toBe(200);
  });
});
