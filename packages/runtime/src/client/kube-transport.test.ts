import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileContext } from '../telemetry/reconcile-context.ts';
import { KubeTransport } from './kube-transport.ts';

/** Each request's path names the raw `Warning` header values the server answers with. */
const answers: Record<string, string[]> = {
  '/none': [],
  '/deprecated': ['299 - "kafka.example.com/v1alpha1 KafkaTopic is deprecated; use kafka.example.com/v1 KafkaTopic"'],
  '/two-headers': ['299 - "first"', '299 - "second"'],
  '/comma-joined': ['299 - "first, with a comma", 299 kube-apiserver "second" "Tue, 15 Nov 1994 08:12:31 GMT", 299 - "third"'],
  '/escaped': ['299 - "say \\"hi\\" to C:\\\\temp"'],
  '/not-299': ['199 - "transient", 299 - "", 299 - "kept"'],
  '/malformed': ['299 - unquoted text', '299 - "before garbage" trailing, 299 - "lost"', '299 - "later header still read"'],
  // A UTF-8 text as kube-apiserver writes it: raw bytes, which Node's parser reads as latin1.
  '/utf8': [`299 - "${Buffer.from('größe → 3 partitions', 'utf8').toString('latin1')}"`],
};

let server: Server;
let transport: KubeTransport;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/user-agent') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ userAgent: req.headers['user-agent'] }));
      return;
    }
    const values = answers[req.url ?? ''] ?? [];
    if (values.length > 0) res.setHeader('Warning', values);
    res.statusCode = req.url === '/failure' ? 422 : 200;
    if (req.url === '/failure') res.setHeader('Warning', '299 - "on a failure too"');
    res.setHeader('content-type', 'application/json');
    // A Buffer body makes Node write the header strings as latin1, i.e. these exact bytes.
    res.end(Buffer.from('{"kind":"Status"}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const config = new KubeConfig();
  config.loadFromOptions({
    clusters: [{ name: 'local', server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, skipTLSVerify: true }],
    users: [{ name: 'nobody' }],
    contexts: [{ name: 'local', cluster: 'local', user: 'nobody' }],
    currentContext: 'local',
  });
  transport = await KubeTransport.fromKubeConfig(config, { userAgent: 'dojo-console' });
});

afterAll(async () => {
  transport?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const warningsAt = async (path: string) => (await transport.request({ method: 'GET', path })).warnings;

describe('KubeTransport warnings', () => {
  it('has no warnings when the server sends no Warning header', async () => {
    expect(await warningsAt('/none')).toBeUndefined();
  });

  it('reads the text of a kube-apiserver deprecation warning', async () => {
    expect(await warningsAt('/deprecated')).toEqual(['kafka.example.com/v1alpha1 KafkaTopic is deprecated; use kafka.example.com/v1 KafkaTopic']);
  });

  it('reads every Warning header, in order', async () => {
    expect(await warningsAt('/two-headers')).toEqual(['first', 'second']);
  });

  it('splits comma-joined warnings without splitting a quoted comma, and skips a warn-date', async () => {
    expect(await warningsAt('/comma-joined')).toEqual(['first, with a comma', 'second', 'third']);
  });

  it('unescapes backslash-escaped quotes and backslashes', async () => {
    expect(await warningsAt('/escaped')).toEqual(['say "hi" to C:\\temp']);
  });

  it('keeps only warn-code 299 with a text, as client-go does', async () => {
    expect(await warningsAt('/not-299')).toEqual(['kept']);
  });

  it('drops a malformed value and the rest of its header, but reads the next header', async () => {
    expect(await warningsAt('/malformed')).toEqual(['later header still read']);
  });

  it('decodes a UTF-8 text', async () => {
    expect(await warningsAt('/utf8')).toEqual(['größe → 3 partitions']);
  });

  it('returns warnings of a failed request with its Status', async () => {
    const res = await transport.request({ method: 'POST', path: '/failure', body: '{}' });
    expect(res).toEqual({ code: 422, body: { kind: 'Status' }, warnings: ['on a failure too'] });
  });
});

describe('KubeTransport User-Agent', () => {
  const userAgent = async () => ((await transport.request({ method: 'GET', path: '/user-agent' })).body as { userAgent: string }).userAgent;

  it("names the controller whose reconcile made the request, as client-go's AddUserAgent does", async () => {
    expect(await userAgent()).toBe('dojo-console');
    const inside = await reconcileContext.run({ controller: 'dojo', reconcileId: 'r1', worker: 0, key: 'default/web' }, userAgent);
    expect(inside).toBe('dojo-console/dojo');
  });
});
