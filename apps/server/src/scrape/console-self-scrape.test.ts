/**
 * The console's own /metrics (prom-client, controller-runtime's names) scraped through the
 * real HTTP server, behind its token, as an operator's endpoint would be: the embedded dojo
 * controller reads the same through the scraper as it does in the console.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '@dojo/runtime';
import { startConsole, type ConsoleHarness } from '../testing/console-harness.ts';
import { Scraper } from '@dojo/telemetry-sources';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

const dojo = (name: string) =>
  JSON.stringify({
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { name, namespace: 'default' },
    spec: { accountId: 'a', title: `Dojo ${name}`, credentialsRef: { name: `${name}-app` }, replicas: 1 },
  });

describe("scraping the console's own /metrics", () => {
  it('reads the dojo controller: reconciles per second by result, work duration, workers and REST requests by code', async () => {
    const clock = new FakeClock(0);
    const scraper = new Scraper([{ name: 'self', url: `${c.base}/metrics`, bearerToken: c.token }], { clock });
    await scraper.scrapeNow();
    const live = await c.socket();
    live.send({ op: 'subscribe', id: 't', kind: 'telemetry', controller: 'dojo', objectKey: 'default/scraped' });
    await c.kubectl(['apply', '-f', '-'], dojo('scraped'));
    await live.next((m) => m.id === 't' && m.type === 'telemetry' && m.records.some((r: { type: string }) => r.type === 'reconcile-end'), 30_000);
    live.ws.close();
    clock.step(5_000);
    await scraper.scrapeNow();

    const [target] = scraper.snapshot().targets;
    expect(target).toMatchObject({ state: 'ok', lastScrapeAt: 5_000 });
    const controller = target!.controllers.find((x) => x.name === 'dojo')!;
    const reconciles = Object.values(controller.reconcilesPerSecond).reduce((a, b) => a + b, 0);
    expect(reconciles).toBeGreaterThan(0);
    expect(controller.addsPerSecond).toBeGreaterThan(0);
    expect(controller.workDuration.p50).toBeGreaterThan(0);
    expect(controller.reconcileTime.p99).toBeGreaterThan(0);
    expect(controller.maxConcurrentReconciles).toBeGreaterThanOrEqual(1);
    expect(controller.depthHistory).toHaveLength(2);
    expect(target!.restClientRequests.find((r) => r.code === '200')?.total).toBeGreaterThan(0);
    // The system controllers of the simulated cluster are scraped alike.
    expect(target!.controllers.map((x) => x.name)).toContain('deployment-controller');
  }, 60_000);

  it('serves what the running console scrapes on /api/scrape, behind the same token as every /api route', async () => {
    expect((await c.http('GET', '/api/scrape', { token: null })).status).toBe(401);
    expect((await c.http('GET', '/api/scrape')).body.targets).toEqual([]);
    c.scraper.add({ name: 'self', url: `${c.base}/metrics`, bearerToken: c.token });
    await c.scraper.scrapeNow();
    const res = await c.http('GET', '/api/scrape');
    expect(res.status).toBe(200);
    expect(res.body.targets).toHaveLength(1);
    expect(res.body.targets[0]).toMatchObject({ name: 'self', url: `${c.base}/metrics`, state: 'ok', intervalMs: 5_000 });
    expect(res.body.targets[0].controllers.map((x: { name: string }) => x.name)).toContain('dojo');
  });

  it('adds and removes a target over POST and DELETE /api/scrape/targets, behind the token and the CSRF header, with Status errors', async () => {
    const body = { name: 'self-added', url: `${c.base}/metrics`, bearerToken: c.token };
    expect((await c.http('POST', '/api/scrape/targets', { body, token: null })).status).toBe(401);
    expect((await c.http('POST', '/api/scrape/targets', { body, headers: { 'x-dojo-console': '0' } })).status).toBe(403);
    const invalid = await c.http('POST', '/api/scrape/targets', { body: { name: 'Bad Name', url: 'nope' } });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ kind: 'Status', reason: 'Invalid', details: { causes: [{ field: 'name' }, { field: 'url' }] } });

    const added = await c.http('POST', '/api/scrape/targets', { body });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'self-added', source: 'console', authentication: 'bearer-token' });
    expect(JSON.stringify(added.body)).not.toContain(c.token);
    expect((await c.http('POST', '/api/scrape/targets', { body })).status).toBe(409);
    await vi.waitFor(async () => {
      const target = (await c.http('GET', '/api/scrape')).body.targets.find((t: { name: string }) => t.name === 'self-added');
      expect(target.state).toBe('ok');
      expect(target.controllers.map((x: { name: string }) => x.name)).toContain('dojo');
    });

    expect((await c.http('DELETE', '/api/scrape/targets/self-added')).status).toBe(200);
    expect((await c.http('DELETE', '/api/scrape/targets/self-added')).status).toBe(404);
    expect((await c.http('GET', '/api/scrape')).body.targets.map((t: { name: string }) => t.name)).not.toContain('self-added');
  });
});
