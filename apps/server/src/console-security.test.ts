/** The console's guards: token on HTTP and WebSocket, Origin, CSRF, Host, Secret redaction. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';

let consoleUnderTest: ConsoleHarness;
beforeAll(async () => {
  consoleUnderTest = await startConsole();
});
afterAll(async () => {
  await consoleUnderTest?.close();
});

describe('console security', () => {
  it('answers requests without the token with 401 and nothing else', async () => {
    const api = await consoleUnderTest.http('GET', '/api/controllers', { token: null });
    expect(api.status).toBe(401);
    expect(api.body).toMatchObject({ kind: 'Status', code: 401, reason: 'Unauthorized' });
    const page = await consoleUnderTest.http('GET', '/', { token: null });
    expect(page.status).toBe(401);
    expect(String(page.body)).not.toContain('<script');
    expect((await consoleUnderTest.http('GET', '/healthz', { token: null })).status).toBe(200);
  });

  it('refuses WebSocket upgrades without the token (401) or from a foreign Origin (403)', async () => {
    await expect(consoleUnderTest.socket({ token: null })).rejects.toMatchObject({ statusCode: 401 });
    await expect(consoleUnderTest.socket({ origin: 'https://evil.example' })).rejects.toMatchObject({ statusCode: 403 });
    const ok = await consoleUnderTest.socket({ origin: consoleUnderTest.base });
    expect((await ok.next((m) => m.type === 'hello')).type).toBe('hello');
    ok.ws.close();
  });

  it('logs in through the printed URL with an HttpOnly SameSite=Strict cookie named for this console, lasting 30 days', async () => {
    const res = await fetch(consoleUnderTest.loginUrl, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^dojo_console_token_${consoleUnderTest.console.port}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const withCookie = await fetch(`${consoleUnderTest.base}/api/session`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(withCookie.status).toBe(200);
  });

  it("does not take another console's cookie (another port) for its own", async () => {
    const token = encodeURIComponent(consoleUnderTest.token);
    const other = await fetch(`${consoleUnderTest.base}/api/session`, { headers: { cookie: `dojo_console_token_1=${token}; dojo_console_token=${token}` } });
    expect(other.status).toBe(401);
  });

  it('trims the token of the login URL before it keeps it in the cookie', async () => {
    const res = await fetch(`${consoleUnderTest.base}/login?token=${encodeURIComponent(`  ${consoleUnderTest.token} `)}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const value = /^[^=]+=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
    expect(decodeURIComponent(value)).toBe(consoleUnderTest.token);
  });

  it('answers a malformed percent-encoded cookie with 401, on HTTP and on the WebSocket upgrade', async () => {
    // The old, shared cookie name and this console's own, both malformed.
    const cookie = `dojo_console_token=%E0%A4%A; dojo_console_token_${consoleUnderTest.console.port}=%E0%A4%A`;
    const page = await fetch(`${consoleUnderTest.base}/api/session`, { headers: { cookie } });
    expect(page.status).toBe(401);
    const { default: WebSocket } = await import('ws');
    const refused = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${consoleUnderTest.base.replace('http', 'ws')}/ws`, { headers: { cookie } });
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => reject(new Error('upgraded without a token')));
      ws.once('error', reject);
    });
    expect(refused).toBe(401);
    expect((await consoleUnderTest.http('GET', '/api/session')).status).toBe(200);
  });

  it('refuses an Origin of another scheme on the same host and port', async () => {
    const foreign = await consoleUnderTest.http('POST', '/api/kube/api/v1/namespaces/default/configmaps', {
      body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'scheme' } },
      headers: { origin: consoleUnderTest.base.replace('http:', 'https:') },
    });
    expect(foreign.status).toBe(403);
    await expect(consoleUnderTest.socket({ origin: consoleUnderTest.base.replace('http:', 'https:') })).rejects.toMatchObject({ statusCode: 403 });
  });

  it('answers GET /ws without an upgrade with a Status, not a page', async () => {
    const res = await consoleUnderTest.http('GET', '/ws');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ kind: 'Status', code: 400, reason: 'BadRequest' });
    expect((await consoleUnderTest.http('GET', '/ws', { token: null })).body).toMatchObject({ kind: 'Status', code: 401 });
  });

  it('answers debug bodies over their limit with 413 in every encoding', async () => {
    const big = JSON.stringify({ keys: ['x'.repeat(70 * 1024)] });
    for (const path of ['/api/controllers/dojo/breakpoints', '/api/controllers/dojo/faults', '/api/simulators/discord/faults']) {
      const res = await consoleUnderTest.http('PUT', path, { body: big });
      expect(res.status, path).toBe(413);
      expect(res.body).toMatchObject({ kind: 'Status', reason: 'RequestEntityTooLarge' });
    }
    const proxied = await consoleUnderTest.http('POST', '/api/kube/api/v1/namespaces/default/configmaps', { body: 'x'.repeat(4 * 1024 * 1024) });
    expect(proxied.status).toBe(413);
  });

  it('refuses state-changing requests without the CSRF header or from another origin', async () => {
    const noHeader = await consoleUnderTest.http('POST', '/api/kube/api/v1/namespaces/default/configmaps', {
      body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'csrf' } },
      headers: { 'x-dojo-console': '0' },
    });
    expect(noHeader.status).toBe(403);
    const foreign = await consoleUnderTest.http('POST', '/api/kube/api/v1/namespaces/default/configmaps', {
      body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'csrf' } },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
  });

  it('rejects a foreign Host header (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: consoleUnderTest.console.port,
          path: '/api/session',
          headers: { host: 'attacker.example:80', authorization: `Bearer ${consoleUnderTest.token}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.end();
    });
    expect(status).toBe(421);
  });

  it('redacts Secret values in proxied reads and watch events', async () => {
    const created = await consoleUnderTest.http('POST', '/api/kube/api/v1/namespaces/default/secrets', {
      body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db' }, stringData: { password: 'hunter2' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ password: '<redacted>' });
    const list = await consoleUnderTest.http('GET', '/api/kube/api/v1/namespaces/default/secrets');
    expect(JSON.stringify(list.body)).not.toContain(Buffer.from('hunter2').toString('base64'));
    const live = await consoleUnderTest.socket();
    live.send({ op: 'subscribe', id: 's', kind: 'watch', resource: { group: '', version: 'v1', resource: 'secrets' }, namespace: 'default' });
    const event = await live.next((m) => m.type === 'watch-event' && m.event.object.metadata.name === 'db');
    expect(event.event.object.data).toEqual({ password: '<redacted>' });
    live.ws.close();
  });

  it('closes a socket that sends a malformed frame with 4400 and keeps serving others', async () => {
    const bad = await consoleUnderTest.socket();
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      bad.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    bad.ws.send('{not json');
    expect(await closed).toEqual({ code: 4400, reason: 'frame is not JSON' });
    const good = await consoleUnderTest.socket();
    good.send({ op: 'ping' });
    expect((await good.next((m) => m.type === 'pong')).type).toBe('pong');
    good.ws.close();
  });

  it('refuses frames over 64 KiB', async () => {
    const big = await consoleUnderTest.socket();
    const closed = new Promise<number>((resolve) => big.ws.on('close', (code) => resolve(code)));
    big.ws.send(JSON.stringify({ op: 'ping', pad: 'x'.repeat(70 * 1024) }));
    expect(await closed).toBe(1009);
  });
});
