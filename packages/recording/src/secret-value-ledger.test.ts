import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formsForgottenAtOnce, maxRememberedForms, SecretValueLedger } from './secret-value-ledger.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'ledger-'));
  dirs.push(d);
  return d;
}
const b64 = (s: string) => Buffer.from(s).toString('base64');
const secret = (data: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 's' },
  data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, b64(v)])),
});

describe('the ledger of values Secrets had', () => {
  it('scrubs a remembered value wherever it appears: as it is, base64-encoded, and escaped inside a JSON string', () => {
    const ledger = SecretValueLedger.open(dataDir());
    ledger.rememberSecret(secret({ password: 'old-pa"ss-1', username: 'web-owner' }));
    const text = JSON.stringify({ message: 'login with old-pa"ss-1 failed', note: `b64 ${b64('old-pa"ss-1')}!`, user: 'web-owner' });
    const scrubbed = ledger.scrub(text);
    expect(scrubbed).toBe(JSON.stringify({ message: 'login with <redacted> failed', note: 'b64 <redacted>!', user: 'web-owner' }));
  });

  it('keeps hashes only, in a file its owner alone reads, with a salt of its own, and reads them back after a restart', () => {
    const dir = dataDir();
    const first = SecretValueLedger.open(dir);
    first.remember(['rotated-away-value']);
    const file = readFileSync(first.path, 'utf8');
    expect(file).not.toContain('rotated-away-value');
    expect(file).not.toContain(b64('rotated-away-value'));
    expect(statSync(first.path).mode & 0o777).toBe(0o600);
    const other = SecretValueLedger.open(dataDir());
    other.remember(['rotated-away-value']);
    expect(readFileSync(other.path, 'utf8').split('\n')[1]).not.toBe(file.split('\n')[1]);
    expect(SecretValueLedger.read(dir)!.scrub('x rotated-away-value y')).toBe('x <redacted> y');
  });

  it('leaves text without a remembered value as it is, and short values alone', () => {
    const ledger = SecretValueLedger.open(dataDir());
    ledger.remember(['abc', 'long-enough-value']);
    expect(ledger.scrub('abc long-enough-valu long-enough-values')).toBe('abc long-enough-valu <redacted>s');
  });

  it('prefers the longest value where two start at the same place', () => {
    const ledger = SecretValueLedger.open(dataDir());
    ledger.remember(['token-1234', 'token-1234-5678']);
    expect(ledger.scrub('a token-1234-5678 b token-1234 c')).toBe('a <redacted> b <redacted> c');
  });

  it('scrubs a megabyte in linear time', () => {
    const ledger = SecretValueLedger.open(dataDir());
    ledger.remember(Array.from({ length: 500 }, (_, i) => `value-${i}-${'v'.repeat(i % 40)}`));
    const text = `${'lorem ipsum dolor '.repeat(60_000)}value-7-vvvvvvv`;
    const started = performance.now();
    expect(ledger.scrub(text).endsWith('<redacted>')).toBe(true);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('forgets the oldest values in batches once full, so a Secret written past the limit is appended, not the whole ledger rewritten', () => {
    const ledger = SecretValueLedger.open(dataDir());
    // Each value is two forms (as it is, and base64; escaping changes nothing here).
    const value = (i: number) => `password-${String(i).padStart(6, '0')}`;
    const valuesToFill = maxRememberedForms / 2;
    for (let from = 0; from < valuesToFill; from += 5_000) ledger.remember(Array.from({ length: 5_000 }, (_, k) => value(from + k)));
    expect(ledger.size).toBe(maxRememberedForms);

    ledger.remember([value(valuesToFill)]);
    const afterForgetting = maxRememberedForms - formsForgottenAtOnce;
    expect(ledger.size).toBe(afterForgetting);
    const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).length;
    expect(lines(ledger.path)).toBe(afterForgetting + 1);
    expect(ledger.scrub(`x ${value(0)} y`)).toBe(`x ${value(0)} y`);
    expect(ledger.scrub(`x ${value(valuesToFill)} y`)).toBe('x <redacted> y');

    ledger.remember([value(valuesToFill + 1)]);
    expect(ledger.size).toBe(afterForgetting + 2);
    expect(lines(ledger.path)).toBe(afterForgetting + 3);
    expect(SecretValueLedger.read(join(ledger.path, '..'))!.size).toBe(afterForgetting + 2);
  });
});
