import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '@dojo/runtime';
import { Scraper } from './scraper.ts';

const fixture = readFileSync(new URL('./fixtures/controller-runtime-v0.20.txt', import.meta.url), 'utf8');

/** A real HTTP endpoint standing in for an operator's /metrics: it can answer, hang, fail, or go away. */
class MetricsEndpoint {
  body = fixture;
  mode: 'answer' | 'chunked' | 'hang' | 'fail' = 'answer';
  /** The reason phrase of a failing answer. */
  reason = 'Service Unavailable';
  requests: { accept?: string; authorization?: string }[] = [];
  server: Server | undefined;
  port = 0;

  async listen(): Promise<void> {
    this.server = createServer((req, res) => {
      this.requests.push({
        ...(req.headers.accept ? { accept: req.headers.accept } : {}),
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      });
      if (this.mode === 'hang') return;
      if (this.mode === 'fail') return void res.writeHead(503, this.reason).end('not ready');
      const type = { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' };
      if (this.mode === 'chunked') return void res.writeHead(200, type).end(this.body);
      res.writeHead(200, { ...type, 'content-length': Buffer.byteLength(this.body) }).end(this.body);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/metrics`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const endpoints: MetricsEndpoint[] = [];
async function endpoint(): Promise<MetricsEndpoint> {
  const e = new MetricsEndpoint();
  await e.listen();
  endpoints.push(e);
  return e;
}
afterEach(async () => {
  await Promise.all(endpoints.splice(0).map((e) => e.close()));
});

describe('Scraper', () => {
  it('says a target was never scraped until its first scrape answers', async () => {
    const operator = await endpoint();
    const scraper = new Scraper([{ name: 'my-operator', url: operator.url }], { clock: new FakeClock(1_000) });
    expect(scraper.snapshot().targets).toEqual([
      {
        name: 'my-operator',
        url: operator.url,
        source: 'flag',
        authentication: 'none',
        state: 'never-scraped',
        intervalMs: 5_000,
        controllers: [],
        restClientRequests: [],
      },
    ]);
    await scraper.scrapeNow();
    const [target] = scraper.snapshot().targets;
    expect(target).toMatchObject({ state: 'ok', lastScrapeAt: 1_000 });
    expect(target!.controllers.map((c) => [c.name, c.depth])).toEqual([
      ['dojo', 7],
      ['kafkatopic', 0],
    ]);
    expect(operator.requests[0]?.accept).toMatch(/^text\/plain;version=0\.0\.4/);
  });

  it('reports rates between two scrapes, and depth over time', async () => {
    const operator = await endpoint();
    const clock = new FakeClock(0);
    const scraper = new Scraper([{ name: 'op', url: operator.url }], { clock });
    await scraper.scrapeNow();
    clock.step(5_000);
    operator.body = fixture
      .replace('workqueue_adds_total{controller="dojo",name="dojo",priority="0"} 41', 'workqueue_adds_total{controller="dojo",name="dojo",priority="0"} 91')
      .replace(
        'controller_runtime_reconcile_total{controller="dojo",result="success"} 35',
        'controller_runtime_reconcile_total{controller="dojo",result="success"} 60',
      )
      .replace('workqueue_depth{controller="dojo",name="dojo",priority="-100"} 5', 'workqueue_depth{controller="dojo",name="dojo",priority="-100"} 0');
    await scraper.scrapeNow();
    const dojo = scraper.snapshot().targets[0]!.controllers.find((c) => c.name === 'dojo')!;
    expect(dojo).toMatchObject({ depth: 2, addsPerSecond: 10, reconcilesPerSecond: { success: 5, error: 0 } });
    expect(dojo.depthHistory).toEqual([
      { at: 0, depth: 7 },
      { at: 5_000, depth: 2 },
    ]);
  });

  it('marks a target that went down stale, with its error and its last good scrape, and recovers when it is back', async () => {
    const operator = await endpoint();
    const clock = new FakeClock(10_000);
    const scraper = new Scraper([{ name: 'op', url: operator.url }], { clock });
    await scraper.scrapeNow();
    await operator.close();
    clock.step(5_000);
    await scraper.scrapeNow();
    const stale = scraper.snapshot().targets[0]!;
    expect(stale).toMatchObject({ state: 'stale', lastScrapeAt: 10_000 });
    expect(stale.error).toMatch(/fetch failed.*ECONNREFUSED/);

    await operator.listen();
    clock.step(5_000);
    await scraper.scrapeNow();
    const recovered = scraper.snapshot().targets[0]!;
    expect(recovered).toMatchObject({ state: 'ok', lastScrapeAt: 20_000 });
    expect(recovered.error).toBeUndefined();
  });

  it('gives up on a scrape that takes longer than its timeout', async () => {
    const operator = await endpoint();
    operator.mode = 'hang';
    const clock = new FakeClock(0);
    const scraper = new Scraper([{ name: 'op', url: operator.url }], { clock, timeoutMs: 2_000 });
    const scraping = scraper.scrapeNow();
    await vi.waitFor(() => expect(operator.requests).toHaveLength(1));
    clock.step(2_000);
    await scraping;
    expect(scraper.snapshot().targets[0]).toMatchObject({ state: 'stale', error: 'timed out after 2000 ms' });
  });

  it('counts an HTTP error or a body that is not the text format as a failed scrape', async () => {
    const operator = await endpoint();
    operator.mode = 'fail';
    const scraper = new Scraper([{ name: 'op', url: operator.url }], { clock: new FakeClock(0) });
    await scraper.scrapeNow();
    expect(scraper.snapshot().targets[0]).toMatchObject({ state: 'stale', error: 'HTTP 503 Service Unavailable' });
    operator.mode = 'answer';
    operator.body = '<!doctype html><html><body>login</body></html>\n';
    await scraper.scrapeNow();
    expect(scraper.snapshot().targets[0]).toMatchObject({ state: 'stale', error: expect.stringMatching(/not the Prometheus text format/) });
  });

  it('refuses a body larger than its body_size_limit, declared or streamed', async () => {
    const operator = await endpoint();
    const scraper = new Scraper([{ name: 'op', url: operator.url }], { clock: new FakeClock(0), limits: { bodySizeLimit: 1_000 } });
    await scraper.scrapeNow();
    expect(scraper.snapshot().targets[0]).toMatchObject({
      state: 'stale',
      error: `body_size_limit exceeded: the response is ${Buffer.byteLength(fixture)} bytes, more than the 1000 a scrape reads`,
    });
    operator.mode = 'chunked';
    await scraper.scrapeNow();
    expect(scraper.snapshot().targets[0]).toMatchObject({
      state: 'stale',
      error: 'body_size_limit exceeded: the response is more than the 1000 bytes a scrape reads',
    });
  });

  it('says an HTTP error with its standard reason phrase, not the one the endpoint sent', async () => {
    const operator = await endpoint();
    operator.mode = 'fail';
    operator.reason = 'root:x:0:0:root:/root:/bin/bash';
    const scraper = new Scraper([{ name: 'op', url: operator.url }], { clock: new FakeClock(0) });
    await scraper.scrapeNow();
    expect(scraper.snapshot().targets[0]).toMatchObject({ state: 'stale', error: 'HTTP 503 Service Unavailable' });
  });

  it("lets go of a removed target's series", async () => {
    const operator = await endpoint();
    const scraper = new Scraper([], { clock: new FakeClock(0) });
    scraper.add({ name: 'op', url: operator.url }, 'console');
    const target = scraper.get('op')!;
    await scraper.scrapeNow();
    expect(target.status().controllers.length).toBeGreaterThan(0);
    await scraper.remove('op');
    expect(target.status()).toMatchObject({ controllers: [], restClientRequests: [] });
    expect(scraper.snapshot().targets).toEqual([]);
  });

  it('fails a target that exposes more controllers than its controller_limit, and keeps no figures of it', async () => {
    const operator = await endpoint();
    const scraper = new Scraper([{ name: 'op', url: operator.url }], { clock: new FakeClock(0), limits: { controllerLimit: 1 } });
    await scraper.scrapeNow();
    expect(scraper.snapshot().targets[0]).toMatchObject({
      state: 'stale',
      error: 'controller_limit exceeded: the target exposes more than 1 controllers',
      controllers: [],
    });
  });

  it('asks a slow endpoint once, however often a scrape is asked for while one runs', async () => {
    const operator = await endpoint();
    operator.mode = 'hang';
    const clock = new FakeClock(0);
    const scraper = new Scraper([{ name: 'op', url: operator.url }], { clock, timeoutMs: 1_000 });
    const first = scraper.scrapeNow();
    const second = scraper.scrapeNow();
    await vi.waitFor(() => expect(operator.requests).toHaveLength(1));
    clock.step(1_000);
    await Promise.all([first, second]);
    expect(operator.requests).toHaveLength(1);
  });

  it('scrapes every interval once started, sends the bearer token, and stops', async () => {
    const operator = await endpoint();
    const clock = new FakeClock(0);
    const scraper = new Scraper([{ name: 'op', url: operator.url, bearerToken: 's3cret' }], { clock, intervalMs: 1_000 });
    scraper.start();
    clock.step(0);
    await vi.waitFor(() => expect(scraper.snapshot().targets[0]?.state).toBe('ok'));
    await vi.waitFor(() => expect(clock.hasWaiters()).toBe(true));
    clock.step(1_000);
    await vi.waitFor(() => expect(operator.requests).toHaveLength(2));
    await scraper.stop();
    expect(clock.hasWaiters()).toBe(false);
    expect(operator.requests[0]?.authorization).toBe('Bearer s3cret');
  });

  it('stops scraping a removed target at once, aborting the scrape in flight', async () => {
    const operator = await endpoint();
    operator.mode = 'hang';
    const clock = new FakeClock(0);
    const scraper = new Scraper([{ name: 'op', url: operator.url }], { clock, timeoutMs: 60_000 });
    const scraping = scraper.scrapeNow();
    await vi.waitFor(() => expect(operator.requests).toHaveLength(1));
    expect(await scraper.remove('op')).toBe(true);
    await scraping;
    expect(scraper.snapshot().targets).toEqual([]);
    expect(await scraper.remove('op')).toBe(false);
    await scraper.scrapeNow();
    expect(operator.requests).toHaveLength(1);
  });
});
