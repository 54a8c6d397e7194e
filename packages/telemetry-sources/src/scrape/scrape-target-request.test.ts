import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StatusError } from '@dojo/kube-api';
import { loadOrCreateCredentials } from '@dojo/apiserver';
import { decodeScrapeTargetRequest } from './scrape-target-request.ts';

const dir = mkdtempSync(join(tmpdir(), 'scrape-ca-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const caPem = () => loadOrCreateCredentials(dir).caCertPem;

function refusal(body: unknown): StatusError {
  try {
    decodeScrapeTargetRequest(body);
  } catch (err) {
    if (err instanceof StatusError) return err;
    throw err;
  }
  throw new Error('accepted');
}

describe('an "Add metrics endpoint" request', () => {
  it('becomes a target spec with its token and CA', () => {
    const ca = caPem();
    expect(decodeScrapeTargetRequest({ name: 'my-operator', url: 'https://10.0.0.5:8443/metrics', bearerToken: ' t0ken ', ca })).toEqual({
      name: 'my-operator',
      url: 'https://10.0.0.5:8443/metrics',
      bearerToken: 't0ken',
      ca: ca.trim() + '\n',
    });
    expect(decodeScrapeTargetRequest({ name: 'op', url: 'https://op.example/metrics', insecureSkipVerify: true, ca: '' })).toEqual({
      name: 'op',
      url: 'https://op.example/metrics',
      insecureSkipVerify: true,
    });
  });

  it('is refused with a 422 whose causes name every bad field at once', () => {
    const err = refusal({ name: 'My_Operator', url: 'ftp://x/metrics', bearerToken: 'a\nb', insecureSkipVerify: 'yes' });
    expect(err.status.code).toBe(422);
    expect(err.status.reason).toBe('Invalid');
    expect(err.status.details?.causes?.map((c) => c.field)).toEqual(['name', 'url', 'bearerToken', 'insecureSkipVerify']);
  });

  it('asks for the name and the URL when they are missing', () => {
    expect(refusal({}).status.details?.causes?.map((c) => [c.field, c.reason])).toEqual([
      ['name', 'FieldValueRequired'],
      ['url', 'FieldValueRequired'],
    ]);
  });

  it('refuses a CA that is not a certificate, TLS options for plain http, and a CA together with skipping verification', () => {
    expect(refusal({ name: 'op', url: 'https://op/metrics', ca: 'hello' }).status.details?.causes?.[0]?.message).toMatch(/no PEM certificate/);
    const broken = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n';
    expect(refusal({ name: 'op', url: 'https://op/metrics', ca: broken }).status.details?.causes?.[0]?.message).toMatch(/certificate 1 does not parse/);
    expect(refusal({ name: 'op', url: 'http://op/metrics', insecureSkipVerify: true }).status.details?.causes?.[0]?.message).toMatch(/only an https URL/);
    expect(refusal({ name: 'op', url: 'https://op/metrics', insecureSkipVerify: true, ca: caPem() }).status.details?.causes?.[0]?.message).toMatch(/not both/);
  });

  it('is a 400 when the URL carries a user name or password, which it does not echo', () => {
    const err = refusal({ name: 'op', url: 'http://scraper:hunter22@127.0.0.1:8080/metrics' });
    expect(err.status.code).toBe(400);
    expect(err.status.message).toBe('the url may not carry a user name or password (user:password@): give a bearer token instead');
    expect(refusal({ name: 'op', url: 'http://token@127.0.0.1/metrics' }).status.code).toBe(400);
  });

  it('is a 400 when the body is not a JSON object', () => {
    expect(refusal(['x']).status.code).toBe(400);
  });
});
