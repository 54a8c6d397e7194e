/**
 * Hostile input to the console from outside: random cookies and headers on WebSocket upgrades
 * and HTTP, random spellings of Kubernetes URLs through the proxy, floods of sockets. The
 * process stays up, answers stay 4xx Statuses, and no spelling shows a Secret's value.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';
import { rawRequest, rawUpgrade } from './testing/raw-http.ts';

let c: ConsoleHarness;
const password = 'hunter2-fuzzed';
const encoded = Buffer.from(password).toString('base64');
beforeAll(async () => {
  c = await startConsole();
  // Two Secrets: a watch of them is several lines, which is not one JSON document.
  for (const name of ['fuzzed', 'fuzzed-too']) {
    const created = await c.http('POST', '/api/kube/api/v1/namespaces/default/secrets', {
      body: { apiVersion: 'v1', kind: 'Secret', metadata: { name }, stringData: { password } },
    });
    expect(created.status).toBe(201);
  }
});
afterAll(async () => {
  await c?.close();
});

const leaks = (text: string) => text.includes(encoded) || text.includes(password);

/** Printable ASCII and the spellings that broke cookie and URL decoders before. */
const piece = fc.oneof(
  fc.constantFrom('%E0%A4%A', '%A', '%ZZ', '%00', '%2F', '%2e', '..', ';', '=', ',', '"', '\\', ' ', '%', 'é', '\u202e', 'Bearer ', 'dojo_console_token'),
  fc.string({ unit: fc.constantFrom(...'abcXYZ0129+-_.~!$&()*/:<>?@[]^`{|}'.split('')), maxLength: 8 }),
);
const headerValue = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));

describe('the console under hostile input', () => {
  it('answers any cookie, token, Origin, Host and WebSocket header on an upgrade without a 5xx, and stays up', async () => {
    const port = c.console.port;
    const own = `127.0.0.1:${port}`;
    const cookieName = fc.constantFrom(`dojo_console_token_${port}`, 'dojo_console_token', 'other');
    const cookiePair = fc.tuple(cookieName, fc.oneof(headerValue, fc.constant(encodeURIComponent(c.token)))).map(([name, value]) => `${name}=${value}`);
    const upgrade = fc.record({
      path: fc.constantFrom('/ws', '/ws?x=1', '/nope', '/%E0%A4%A', '//ws'),
      cookie: fc.option(
        fc.oneof(
          headerValue,
          fc.array(cookiePair, { minLength: 1, maxLength: 3 }).map((pairs) => pairs.join('; ')),
        ),
        { nil: undefined },
      ),
      authorization: fc.option(fc.oneof(headerValue, fc.constant(`Bearer ${c.token}`)), { nil: undefined }),
      origin: fc.option(fc.oneof(headerValue, fc.constantFrom(`http://${own}`, `https://${own}`, 'null', 'http://evil.example')), { nil: undefined }),
      host: fc.oneof(fc.constant(own), headerValue),
      version: fc.oneof(fc.constant('13'), headerValue),
      key: fc.oneof(fc.constant('dGhlIHNhbXBsZSBub25jZQ=='), headerValue),
    });
    await fc.assert(
      fc.asyncProperty(upgrade, async (u) => {
        const headers = [
          `GET ${u.path} HTTP/1.1`,
          `Host: ${u.host}`,
          'Connection: Upgrade',
          'Upgrade: websocket',
          `Sec-WebSocket-Version: ${u.version}`,
          `Sec-WebSocket-Key: ${u.key}`,
          ...(u.cookie !== undefined ? [`Cookie: ${u.cookie}`] : []),
          ...(u.authorization !== undefined ? [`Authorization: ${u.authorization}`] : []),
          ...(u.origin !== undefined ? [`Origin: ${u.origin}`] : []),
        ];
        const status = await rawUpgrade(port, headers.join('\r\n'));
        // 0: the parser dropped a request it could not read, which is also not a crash.
        expect(status === 0 || status === 101 || (status >= 400 && status < 500), `status ${status}`).toBe(true);
      }),
      { numRuns: 250 },
    );
    const live = await c.socket();
    live.send({ op: 'ping' });
    expect((await live.next((m) => m.type === 'pong')).type).toBe('pong');
    live.ws.close();
  }, 120_000);

  it('answers any cookie and token on HTTP with a Status, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(headerValue, headerValue, fc.constantFrom('/api/session', '/api/kube/api/v1/namespaces', '/', '/metrics'), async (value, auth, path) => {
        const cookie = `dojo_console_token=${value}; dojo_console_token_${c.console.port}=${value}`;
        const res = await rawRequest(c.console.port, 'GET', path, { cookie, authorization: auth }).catch(() => ({ status: 400, text: '' }));
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('shows no Secret value and no stream whatever the spelling of a watch, list or get of Secrets', async () => {
    const percent = (ch: string) => `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
    /** Each character of `text` as itself or percent-encoded, upper or lower case. */
    const spelled = (text: string) =>
      fc
        .array(fc.constantFrom('plain', 'lower', 'upper'), { minLength: text.length, maxLength: text.length })
        .map((how) =>
          [...text].map((ch, i) => (how[i] === 'plain' || ch === '/' ? ch : how[i] === 'lower' ? percent(ch) : percent(ch).toUpperCase())).join(''),
        );
    const secretsPath = fc.constantFrom(
      'api/v1/namespaces/default/secrets',
      'api/v1/namespaces/default/secrets/fuzzed',
      'api/v1/secrets',
      'api/v1/watch/namespaces/default/secrets',
      'api/v1/watch/namespaces/default/secrets/fuzzed',
      'api/v1/watch/secrets',
    );
    const detour = fc.constantFrom('', 'api/v1/x/../', './', 'api/../', '/');
    const watchParam = fc.constantFrom('', 'watch=1', 'watch=true', 'watch=True', 'watch=', 'watch=yes', 'watch=0', 'watch=false', 'watch=1&watch=0');
    const spelling = fc.tuple(detour, secretsPath.chain(spelled), watchParam.chain(spelled), fc.constantFrom('', '/', '?'));
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(spelling, async ([before, path, query, after]) => {
        const url = `/api/kube/${before}${path}${after}${query ? `${after === '?' ? '&' : '?'}${query}&timeoutSeconds=2` : ''}`;
        const res = await rawRequest(c.console.port, 'GET', url, { authorization: `Bearer ${c.token}` }, undefined, 5000);
        statuses.add(res.status);
        expect(res.status, url).toBeLessThan(500);
        expect(leaks(res.text), `${url} -> ${res.text.slice(0, 300)}`).toBe(false);
      }),
      { numRuns: 300 },
    );
    // The spellings must reach the Secrets themselves (200) as well as the refusals (400).
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400]));
  }, 120_000);

  it('refuses every spelling of a watch over HTTP and points to /ws', async () => {
    for (const url of [
      '/api/v1/namespaces/default/secrets?watch=1',
      '/api/v1/namespaces/default/secrets?%77atch=1',
      '/api/v1/namespaces/default/secrets?watch=%31',
      '/api/v1/watch/namespaces/default/secrets',
      '/api/v1/namespaces/default/configmaps?watch=True',
    ]) {
      const res = await rawRequest(c.console.port, 'GET', `/api/kube${url}`, { authorization: `Bearer ${c.token}` }, undefined, 5000);
      expect(res.status, url).toBe(400);
      expect(JSON.parse(res.text).message, url).toMatch(/\/ws/);
    }
  });

  it("never reaches the API server's own paths or another route through dot segments", async () => {
    for (const url of [
      '/api/kube/api/../../healthz',
      '/api/kube/api/%2e%2e/%2e%2e/healthz',
      '/api/kube/healthz',
      '/api/kube/api/v1/namespaces/%2F..%2Fhealthz/secrets',
      '/api/schema/..%2F..',
      '/api/schema/..%2F../v1/Secret',
      '/api/schema/core/..%2F..%2Fversion/Pod',
    ]) {
      const res = await rawRequest(c.console.port, 'GET', url, { authorization: `Bearer ${c.token}` });
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
      expect(res.text, url).not.toBe('ok');
    }
  });

  it('closes live connections over the per-client cap with 4429 and keeps the others', async () => {
    const { defaultConnectionLimits } = await import('@dojo/console-live');
    const open = [];
    for (let i = 0; i < defaultConnectionLimits.perClient; i++) open.push(await c.socket());
    const over = await c.socket();
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      over.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    expect(closed).toEqual({ code: 4429, reason: `too many live connections from this client (limit ${defaultConnectionLimits.perClient})` });
    open[0]!.send({ op: 'ping' });
    expect((await open[0]!.next((m) => m.type === 'pong')).type).toBe('pong');
    const leaving = open.pop()!;
    await new Promise<void>((resolve) => {
      leaving.ws.on('close', () => resolve());
      leaving.ws.close();
    });
    await expect
      .poll(async () => {
        const again = await c.socket();
        const ok = await again
          .next((m) => m.type === 'hello', 1000)
          .then(
            () => again.ws.readyState === again.ws.OPEN,
            () => false,
          );
        again.ws.close();
        return ok;
      })
      .toBe(true);
    for (const s of open) s.ws.close();
  }, 60_000);
});
