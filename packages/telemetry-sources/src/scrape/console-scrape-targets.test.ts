import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusError } from '@dojo/kube-api';
import { FakeClock } from '@dojo/runtime';
import { ConsoleScrapeTargets } from './console-scrape-targets.ts';
import { ScrapeAllowList } from './scrape-allow.ts';
import { Scraper } from './scraper.ts';
import { ScrapeTargetsFile } from './scrape-targets-file.ts';

const dirs: string[] = [];
const scrapers: Scraper[] = [];
afterEach(async () => {
  await Promise.all(scrapers.splice(0).map((s) => s.stop()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'scrape-targets-'));
  dirs.push(d);
  return d;
}

function open(dir: string, flags: { name: string; url: string }[] = [], warnings: string[] = [], allow?: ScrapeAllowList) {
  const scraper = new Scraper(flags, { clock: new FakeClock(0), ...(allow ? { allow } : {}) });
  scrapers.push(scraper);
  return { scraper, targets: new ConsoleScrapeTargets(scraper, new ScrapeTargetsFile(dir), (m) => warnings.push(m)) };
}

async function statusOf(promise: Promise<unknown> | (() => unknown)): Promise<number> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (err) {
    if (err instanceof StatusError) return err.status.code;
    throw err;
  }
  return 200;
}

// Port 9 (discard) is closed on loopback: the targets go stale, which is all these tests need.
const url = 'http://127.0.0.1:9/metrics';

describe('targets added while the console runs', () => {
  it('are scraped from then on and scraped again after a restart, token included, in a file only its owner reads', async () => {
    const dir = dataDir();
    const first = open(dir);
    expect(await first.targets.add({ name: 'added', url, bearerToken: 's3cret' })).toMatchObject({
      name: 'added',
      source: 'console',
      authentication: 'bearer-token',
    });
    const file = join(dir, 'scrape-targets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await first.scraper.stop();

    const second = open(dir);
    expect(second.targets.snapshot().targets.map((t) => [t.name, t.source, t.authentication])).toEqual([['added', 'console', 'bearer-token']]);
    await second.targets.remove('added');
    expect(second.targets.snapshot().targets).toEqual([]);
    expect(JSON.parse(readFileSync(file, 'utf8')).targets).toEqual([]);
  });

  it('refuse a name already taken (409 AlreadyExists), removing a --scrape target (409) and an unknown one (404)', async () => {
    const { targets } = open(dataDir(), [{ name: 'flagged', url }]);
    expect(await statusOf(() => targets.add({ name: 'flagged', url }))).toBe(409);
    expect(await statusOf(targets.remove('flagged'))).toBe(409);
    expect(await statusOf(targets.remove('nobody'))).toBe(404);
    expect(targets.snapshot().targets.map((t) => t.name)).toEqual(['flagged']);
  });

  it('give way to a --scrape flag of the same name, and say so', () => {
    const dir = dataDir();
    new ScrapeTargetsFile(dir).save([{ name: 'op', url: 'http://127.0.0.1:9/other' }]);
    const warnings: string[] = [];
    const { targets } = open(dir, [{ name: 'op', url }], warnings);
    expect(targets.snapshot().targets.map((t) => [t.url, t.source])).toEqual([[url, 'flag']]);
    expect(warnings[0]).toMatch(/shadowed by --scrape op=/);
  });

  it('set a file that does not parse aside instead of overwriting it', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'scrape-targets.json'), '{ not json');
    const warnings: string[] = [];
    const { targets } = open(dir, [], warnings);
    expect(targets.snapshot().targets).toEqual([]);
    expect(existsSync(join(dir, 'scrape-targets.json.bad'))).toBe(true);
    expect(warnings[0]).toMatch(/could not be read/);
  });

  it('skip a saved target the dialog could not have added, saying why', () => {
    const dir = dataDir();
    new ScrapeTargetsFile(dir).save([
      { name: 'odd', url: 'file:///etc/passwd' },
      { name: 'fine', url, bearerTokenFile: '/var/run/secrets/token' },
    ]);
    const warnings: string[] = [];
    const { targets } = open(dir, [], warnings);
    expect(targets.snapshot().targets.map((t) => [t.name, t.authentication])).toEqual([['fine', 'none']]);
    expect(warnings[0]).toMatch(/"odd" is skipped: .*url/);
  });

  it('are limited to --scrape-allow: another host is a 400 naming it, and a saved one outside it is skipped at start', async () => {
    const dir = dataDir();
    new ScrapeTargetsFile(dir).save([
      { name: 'inside', url },
      { name: 'outside', url: 'http://10.1.2.3:8080/metrics' },
    ]);
    const warnings: string[] = [];
    const { targets } = open(dir, [{ name: 'flagged', url: 'http://10.9.9.9/metrics' }], warnings, new ScrapeAllowList(['127.0.0.0/8']));
    expect(targets.snapshot().targets.map((t) => t.name)).toEqual(['flagged', 'inside']);
    expect(warnings).toEqual(['the saved scrape target "outside" is skipped: 10.1.2.3 is not in --scrape-allow (127.0.0.0/8)']);
    expect(await statusOf(() => targets.add({ name: 'metadata', url: 'http://169.254.169.254/latest/meta-data/' }))).toBe(400);
  });
});
