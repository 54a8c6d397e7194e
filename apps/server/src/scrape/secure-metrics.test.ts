/**
 * Scraping a controller-runtime operator started with `--metrics-secure`: metrics over HTTPS
 * with a certificate from its own CA, and a bearer token checked by TokenReview (401 when it
 * does not authenticate) and SubjectAccessReview (403 when its user may not get /metrics).
 * A real HTTPS server stands in for it, with a CA generated in the test as the embedded API
 * server generates its own.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KubeConfig } from '@kubernetes/client-node';
import { loadOrCreateCredentials, type ServerCredentials } from '@dojo/apiserver';
import { FakeClock } from '@dojo/runtime';
import { kubeconfigBearerToken, Scraper, type ScrapeTargetSpec } from '@dojo/telemetry-sources';
import { controllerRuntimeMetricsPath } from '@dojo/telemetry-sources/testing';
import { parseCli } from '../cli-args.ts';

const fixture = readFileSync(controllerRuntimeMetricsPath, 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'secure-metrics-'));
// A second CA the endpoint's certificate was not signed by.
const otherDir = mkdtempSync(join(tmpdir(), 'other-ca-'));
let credentials: ServerCredentials;
let server: Server;
let url: string;

beforeAll(async () => {
  credentials = loadOrCreateCredentials(dir);
  server = createServer({ key: credentials.keyPem, cert: credentials.certPem }, (req, res) => {
    const auth = req.headers.authorization;
    if (auth === 'Bearer reader-token' || auth === 'Bearer rotated-token')
      return void res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(fixture);
    if (auth === 'Bearer no-rbac-token') return void res.writeHead(403, 'Forbidden').end('Authorization denied for user system:serviceaccount:x:y');
    res.writeHead(401, 'Unauthorized').end('Unauthorized');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
  rmSync(otherDir, { recursive: true, force: true });
});

async function scrapeOnce(spec: Omit<ScrapeTargetSpec, 'name' | 'url'>, extra: { kubeconfigToken?: () => Promise<string> } = {}) {
  const scraper = new Scraper([{ name: 'op', url, ...spec }], { clock: new FakeClock(0), ...extra });
  try {
    await scraper.scrapeNow();
    return scraper.snapshot().targets[0]!;
  } finally {
    await scraper.stop();
  }
}

describe('an operator serving its metrics securely', () => {
  it('is scraped with the right token over TLS verified against its CA', async () => {
    const target = await scrapeOnce({ bearerToken: 'reader-token', ca: credentials.caCertPem });
    expect(target).toMatchObject({ state: 'ok', authentication: 'bearer-token', tlsVerification: 'custom-ca' });
    expect(target.controllers.map((c) => c.name)).toContain('dojo');
  });

  it('goes stale with a 401 when the token does not authenticate, and with a 403 when its user may not read /metrics', async () => {
    expect(await scrapeOnce({ bearerToken: 'wrong', ca: credentials.caCertPem })).toMatchObject({
      state: 'stale',
      error: 'HTTP 401 Unauthorized: the endpoint refused the bearer token',
    });
    expect(await scrapeOnce({ ca: credentials.caCertPem })).toMatchObject({
      state: 'stale',
      error: 'HTTP 401 Unauthorized: the endpoint wants a bearer token',
    });
    const forbidden = await scrapeOnce({ bearerToken: 'no-rbac-token', ca: credentials.caCertPem });
    expect(forbidden).toMatchObject({ state: 'stale' });
    expect(forbidden.error).toMatch(/^HTTP 403 Forbidden: .*nonResourceURLs \["\/metrics"\]/);
  });

  it('fails with a clear TLS error against a CA it does not know, unless verification is skipped', async () => {
    const unknown = await scrapeOnce({ bearerToken: 'reader-token', ca: loadOrCreateCredentials(otherDir).caCertPem });
    expect(unknown.state).toBe('stale');
    expect(unknown.error).toMatch(/^TLS: the endpoint's certificate is not trusted \(.+\): give the CA that signed it, or skip verification$/);
    const system = await scrapeOnce({ bearerToken: 'reader-token' });
    expect(system.error).toMatch(/^TLS: the endpoint's certificate is not trusted/);
    expect(await scrapeOnce({ bearerToken: 'reader-token', insecureSkipVerify: true })).toMatchObject({ state: 'ok', tlsVerification: 'skip-verify' });
  });

  it('reads a token file at every scrape, so a rotated token is used at once', async () => {
    const file = join(dir, 'token');
    writeFileSync(file, 'reader-token\n');
    const scraper = new Scraper([{ name: 'op', url, bearerTokenFile: file, ca: credentials.caCertPem }], { clock: new FakeClock(0) });
    try {
      await scraper.scrapeNow();
      expect(scraper.snapshot().targets[0]).toMatchObject({ state: 'ok', authentication: 'bearer-token-file' });
      writeFileSync(file, 'revoked\n');
      await scraper.scrapeNow();
      expect(scraper.snapshot().targets[0]).toMatchObject({ state: 'stale', error: 'HTTP 401 Unauthorized: the endpoint refused the bearer token' });
      writeFileSync(file, 'rotated-token\n');
      await scraper.scrapeNow();
      expect(scraper.snapshot().targets[0]?.state).toBe('ok');
    } finally {
      await scraper.stop();
    }
  });

  it("sends the kubeconfig user's token, as kubectl would, and says when that user has none", async () => {
    const kubeConfig = (user: Record<string, string>) => {
      const kc = new KubeConfig();
      kc.loadFromOptions({
        clusters: [{ name: 'c', server: 'https://127.0.0.1:6443', skipTLSVerify: false }],
        users: [{ name: 'me', ...user }],
        contexts: [{ name: 'ctx', cluster: 'c', user: 'me' }],
        currentContext: 'ctx',
      });
      return kc;
    };
    const withToken = await scrapeOnce(
      { bearerTokenFromKubeconfig: true, ca: credentials.caCertPem },
      { kubeconfigToken: kubeconfigBearerToken(kubeConfig({ token: 'reader-token' })) },
    );
    expect(withToken).toMatchObject({ state: 'ok', authentication: 'kubeconfig' });
    const certUser = await scrapeOnce(
      { bearerTokenFromKubeconfig: true, ca: credentials.caCertPem },
      { kubeconfigToken: kubeconfigBearerToken(kubeConfig({ certData: 'eA==', keyData: 'eA==' })) },
    );
    expect(certUser.error).toMatch(/the kubeconfig user "me" has no bearer token/);
  });

  it('takes all of it from the command line', () => {
    const caFile = join(dir, 'ca.crt');
    const tokenFile = join(dir, 'token');
    writeFileSync(tokenFile, 'reader-token\n');
    const parsed = parseCli(
      [
        'up',
        '--kubeconfig',
        '/k',
        '--scrape',
        `op=${url}`,
        '--scrape-token-file',
        `op=${tokenFile}`,
        '--scrape-ca',
        `op=${caFile}`,
        '--scrape',
        'kc=https://10.0.0.1:8443/metrics',
        '--scrape-token-from-kubeconfig',
        'kc',
        '--scrape-insecure-skip-verify',
        'kc',
      ],
      {},
    );
    expect(parsed).toMatchObject({
      options: {
        scrape: [
          { name: 'op', url, bearerTokenFile: tokenFile, ca: credentials.caCertPem.trim() + '\n' },
          { name: 'kc', bearerTokenFromKubeconfig: true, insecureSkipVerify: true },
        ],
      },
    });
    expect(() => parseCli(['up', '--scrape', `op=${url}`, '--scrape-ca', 'other=/x'], {})).toThrow(
      '--scrape-ca names "other", which no --scrape NAME=URL gives',
    );
    expect(() => parseCli(['up', '--scrape', `op=${url}`, '--scrape-ca', `op=${join(dir, 'missing.crt')}`], {})).toThrow(
      /--scrape-ca op: cannot read .*ENOENT/,
    );
    expect(() => parseCli(['up', '--scrape', `op=${url}`, '--scrape-ca', `op=${tokenFile}`], {})).toThrow(/--scrape-ca op: .* holds no PEM certificate/);
    expect(() => parseCli(['up', '--scrape', 'op=http://10.0.0.1/metrics', '--scrape-insecure-skip-verify', 'op'], {})).toThrow(/is not https/);
    expect(() => parseCli(['up', '--scrape', `op=${url}`, '--scrape-token-file', 'op'], {})).toThrow(/NAME=FILE/);
    expect(() => parseCli(['up', '--scrape', `op=${url}`, '--scrape-ca', `op=${caFile}`, '--scrape-insecure-skip-verify', 'op'], {})).toThrow(
      /exclude each other/,
    );
  });
});
