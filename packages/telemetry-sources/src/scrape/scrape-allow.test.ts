import { describe, expect, it } from 'vitest';
import { defaultScrapeAllow, ScrapeAllowList } from './scrape-allow.ts';

describe('the hosts a target added in the console may have', () => {
  it('are by default loopback and the API server the console talks to', async () => {
    expect(defaultScrapeAllow('https://10.96.0.1:443')).toEqual(['127.0.0.0/8', '::1', 'localhost', '10.96.0.1']);
    expect(defaultScrapeAllow('https://[fd00::1]:6443/')).toEqual(['127.0.0.0/8', '::1', 'localhost', 'fd00::1']);
    const allow = new ScrapeAllowList(defaultScrapeAllow('https://api.example.com:6443'));
    for (const url of ['http://127.0.0.1:8080/metrics', 'http://127.9.9.9/', 'http://[::1]:9/', 'http://localhost:9/', 'https://API.example.com./metrics'])
      expect(await allow.refusal(new URL(url)), url).toBeUndefined();
    for (const url of ['http://169.254.169.254/', 'http://10.0.0.1/', 'http://[::ffff:169.254.169.254]/', 'http://[fd00::1]/'])
      expect(await allow.refusal(new URL(url)), url).toMatch(/is not in$/);
  });

  it('match ranges, addresses, names and *.domains', async () => {
    const allow = new ScrapeAllowList(['10.0.0.0/8', 'fd00::/8', '192.168.1.7', 'metrics-host', '*.svc.cluster.local']);
    expect(allow.allowsAddress('10.200.0.3')).toBe(true);
    expect(allow.allowsAddress('::ffff:10.1.2.3')).toBe(true);
    expect(allow.allowsAddress('fd12::9')).toBe(true);
    expect(allow.allowsAddress('192.168.1.8')).toBe(false);
    expect(allow.allowsName('op.ns.svc.cluster.local')).toBe(true);
    expect(allow.allowsName('svc.cluster.local.evil.example')).toBe(false);
    expect(allow.allowsName('metrics-host')).toBe(true);
  });

  it('refuse a name that resolves outside them, or does not resolve', async () => {
    const allow = new ScrapeAllowList(['10.0.0.0/8']);
    expect(await allow.refusal(new URL('http://localhost:9/'))).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), which is not in$/);
    expect(await allow.refusal(new URL('http://no-such-host.invalid/'))).toBe('no-such-host.invalid does not resolve, and is not in');
  });

  it("answer a connection's lookup with the allowed addresses only", async () => {
    const lookupAll = (allow: ScrapeAllowList, host: string) =>
      new Promise<unknown>((resolve) => allow.lookup(host, { all: true }, (err, addresses) => resolve(err ? (err as NodeJS.ErrnoException).code : addresses)));
    expect(await lookupAll(new ScrapeAllowList(['127.0.0.0/8']), 'localhost')).toEqual(expect.arrayContaining([{ address: '127.0.0.1', family: 4 }]));
    expect(await lookupAll(new ScrapeAllowList(['10.0.0.0/8']), 'localhost')).toBe('ENOTALLOWED');
  });
});
