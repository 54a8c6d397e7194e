import { Agent, request, type RequestOptions } from 'node:https';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedTlsAgent } from './fixed-tls-agent.ts';

let server: TestApiServer;
let tls: RequestOptions;

beforeAll(async () => {
  server = await startTestApiServer();
  tls = {};
  await server.kubeConfig().applyToHTTPSOptions(tls);
});

afterAll(async () => {
  await server?.stop();
});

function get(agent: FixedTlsAgent, options: RequestOptions = {}): Promise<number> {
  const url = new URL('/version', server.url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname: url.hostname, port: url.port, path: url.pathname, headers: tls.headers, agent, ...options }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}

describe('FixedTlsAgent', () => {
  it('keeps one pool for its own TLS material, named without the PEM texts, and reuses its connection', async () => {
    const agent = new FixedTlsAgent({ keepAlive: true, ca: tls.ca, cert: tls.cert, key: tls.key });
    const sockets = new Set<unknown>();
    agent.on('free', (socket) => sockets.add(socket));
    for (let i = 0; i < 5; i++) expect(await get(agent)).toBe(200);
    const pools = Object.keys(agent.freeSockets);
    expect(pools).toHaveLength(1);
    expect(pools[0]!.length).toBeLessThan(200);
    expect(sockets.size).toBe(1);
    agent.destroy();
  });

  it('names a request carrying other TLS material as node does, so it never joins the pool', async () => {
    const agent = new FixedTlsAgent({ keepAlive: true, ca: tls.ca, cert: tls.cert, key: tls.key });
    expect(await get(agent)).toBe(200);
    const own = agent.getName({ ...agent.options, host: new URL(server.url).hostname, port: Number(new URL(server.url).port) });
    const other = agent.getName({ ...agent.options, ca: `${String(tls.ca)}\n`, host: new URL(server.url).hostname, port: Number(new URL(server.url).port) });
    expect(other).not.toBe(own);
    expect(other).toContain(String(tls.ca));
    agent.destroy();
  });

  it('names its own requests by every other option node names a pool by', () => {
    const agent = new FixedTlsAgent({ keepAlive: true, ca: tls.ca, cert: tls.cert, key: tls.key });
    const options: RequestOptions = {
      ...agent.options,
      host: 'api.example',
      port: 6443,
      localAddress: '127.0.0.2',
      family: 4,
      servername: 'kubernetes.default',
      rejectUnauthorized: false,
      ciphers: 'TLS_AES_128_GCM_SHA256',
      minVersion: 'TLSv1.2',
      maxVersion: 'TLSv1.3',
      honorCipherOrder: true,
      ecdhCurve: 'auto',
      secureOptions: 4,
      sessionIdContext: 'ctx',
      sigalgs: 'ECDSA+SHA256',
    };
    const nodeName = Agent.prototype.getName.call(agent, { ...options, ca: undefined, cert: undefined, key: undefined, pfx: undefined });
    expect(agent.getName(options)).toBe(nodeName);
    agent.destroy();
  });
});
