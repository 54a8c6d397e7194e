import type { AdmissionRecord, RequestRecord } from '@dojo/console-protocol';
import { describe, expect, it } from 'vitest';
import { AdmissionTally } from './admission-tally.ts';

const webhook = (verdict: AdmissionRecord['verdict'], latencyMs: number, more: Partial<AdmissionRecord> = {}): AdmissionRecord => ({
  kind: 'ValidatingWebhookConfiguration',
  name: 'even.example.com',
  configuration: 'even',
  phase: 'validating',
  verdict,
  latencyMs,
  ...more,
});

let seq = 0;
const write = (time: number, ...admission: AdmissionRecord[]): RequestRecord => ({
  seq: ++seq,
  time,
  type: 'request',
  user: 'admin',
  verb: 'create',
  code: 201,
  latencyMs: 1,
  ...(admission.length ? { admission } : {}),
});

describe('AdmissionTally', () => {
  it('counts calls, denials and failures per webhook and per policy binding, with the last verdict', () => {
    const tally = new AdmissionTally();
    const policy: Partial<AdmissionRecord> = { kind: 'ValidatingAdmissionPolicy', name: 'small', configuration: 'small-warn' };
    tally.append(write(1_000));
    tally.append(write(2_000, webhook('allowed', 3), webhook('allowed', 1, policy)));
    tally.append(write(3_000, webhook('denied', 5, { message: 'admission webhook "even.example.com" denied the request: odd' })));
    tally.append(write(4_000, webhook('error', 7, { ignored: true }), webhook('warned', 2, policy)));
    const summary = tally.summary(5_000);
    expect(summary.since).toBe(1_000);
    expect(summary.windowSeconds).toBe(60);
    expect(summary.entries).toEqual([
      {
        kind: 'ValidatingAdmissionPolicy',
        name: 'small',
        configuration: 'small-warn',
        calls: 2,
        dryRunCalls: 0,
        countingSince: 1_000,
        callsPerSecond: 2 / 60,
        denials: 0,
        failures: 0,
        p99LatencyMs: 2,
        lastCall: 4_000,
        lastVerdict: 'warned',
      },
      {
        kind: 'ValidatingWebhookConfiguration',
        name: 'even.example.com',
        configuration: 'even',
        calls: 3,
        dryRunCalls: 0,
        countingSince: 1_000,
        callsPerSecond: 3 / 60,
        denials: 1,
        failures: 1,
        p99LatencyMs: 7,
        lastCall: 4_000,
        lastVerdict: 'error',
      },
    ]);
  });

  it('takes calls per second over the last 60 s only', () => {
    const tally = new AdmissionTally();
    for (let t = 0; t < 120; t++) tally.append(write(t * 1000, webhook('allowed', 1), webhook('allowed', 1)));
    const [entry] = tally.summary(119_500).entries;
    expect(entry?.calls).toBe(240);
    expect(entry?.callsPerSecond).toBe(2);
    expect(tally.summary(400_000).entries[0]?.callsPerSecond).toBe(0);
  });

  it('takes the p99 over the last 1,000 calls', () => {
    const tally = new AdmissionTally();
    for (let i = 0; i < 1000; i++) tally.append(write(i, webhook('allowed', 1000)));
    for (let i = 1; i <= 1000; i++) tally.append(write(1000 + i, webhook('allowed', i)));
    expect(tally.summary(3000).entries[0]?.p99LatencyMs).toBe(990);
  });

  it('forgets the webhook called least recently beyond its bound', () => {
    const tally = new AdmissionTally({ maxEntries: 2 });
    tally.append(write(1, webhook('allowed', 1, { name: 'a' })));
    tally.append(write(2, webhook('allowed', 1, { name: 'b' })));
    tally.append(write(3, webhook('allowed', 1, { name: 'a' })));
    tally.append(write(4, webhook('allowed', 1, { name: 'c' })));
    expect(tally.summary(5).entries.map((e) => e.name)).toEqual(['a', 'c']);
  });

  it("counts a dry run's calls apart, never as calls, denials or failures", () => {
    const tally = new AdmissionTally();
    tally.append(write(1_000, webhook('allowed', 1)));
    for (let t = 2_000; t < 2_010; t++) tally.append({ ...write(t, webhook('denied', 1), webhook('error', 1)), dryRun: true });
    expect(tally.summary(3_000).entries[0]).toMatchObject({
      calls: 1,
      dryRunCalls: 20,
      denials: 0,
      failures: 0,
      callsPerSecond: 1 / 60,
      lastVerdict: 'allowed',
    });
  });

  it('says an entry counts only since its first call after the tally forgot webhooks', () => {
    const tally = new AdmissionTally({ maxEntries: 2 });
    tally.append(write(1, webhook('allowed', 1, { name: 'a' })));
    tally.append(write(2, webhook('allowed', 1, { name: 'b' })));
    tally.append(write(3, webhook('allowed', 1, { name: 'c' })));
    tally.append(write(4, webhook('allowed', 1, { name: 'a' })));
    const since = Object.fromEntries(tally.summary(5).entries.map((e) => [e.name, e.countingSince]));
    expect(since).toEqual({ c: 1, a: 4 });
  });
});
