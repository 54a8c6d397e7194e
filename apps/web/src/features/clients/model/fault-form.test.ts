import { describe, expect, it } from 'vitest';
import { emptyFaultForm, faultRuleText, faultSpecFromForm } from './fault-form.ts';

describe('the fault form', () => {
  it('turns a 409 on updates of one object, three times, into a rule', () => {
    expect(
      faultSpecFromForm({ ...emptyFaultForm, verbs: ['update'], resource: 'configmaps', namespace: 'default', name: 'a', how: 'count', count: '3' }),
    ).toEqual({
      spec: { verbs: ['update'], resource: 'configmaps', namespace: 'default', name: 'a', status: 409, count: 3 },
    });
  });

  it('sends a watch cut without a status or latency', () => {
    expect(faultSpecFromForm({ ...emptyFaultForm, effect: 'watch-cut', latencyMs: '500' })).toEqual({ spec: { watchCut: true } });
  });

  it('asks for the latency of a latency-only rule', () => {
    expect(faultSpecFromForm({ ...emptyFaultForm, effect: 'latency' })).toEqual({ error: 'Say how much latency to add.' });
    expect(faultSpecFromForm({ ...emptyFaultForm, effect: 'latency', latencyMs: '250' })).toEqual({ spec: { latencyMs: 250 } });
  });

  it('refuses a rate above 1 and a name with a selector', () => {
    expect(faultSpecFromForm({ ...emptyFaultForm, how: 'rate', rate: '1.5' })).toHaveProperty('error');
    expect(faultSpecFromForm({ ...emptyFaultForm, name: 'a', labelSelector: 'app=x' })).toHaveProperty('error');
  });

  it('keeps Retry-After for a 429 only', () => {
    expect(faultSpecFromForm({ ...emptyFaultForm, effect: '429', retryAfterSeconds: '2' })).toEqual({ spec: { status: 429, retryAfterSeconds: 2 } });
    expect(faultSpecFromForm({ ...emptyFaultForm, effect: '500', retryAfterSeconds: '2' })).toEqual({ spec: { status: 500 } });
  });

  it('says what a rule does in words', () => {
    expect(faultRuleText({ verbs: ['update'], resource: 'configmaps', namespace: 'default', name: 'a', status: 409, count: 3 })).toBe(
      '409 Conflict on update configmaps default/a, 3 times',
    );
    expect(faultRuleText({ latencyMs: 2000, status: 503, rate: 0.5 })).toBe(
      '2000 ms latency, then 503 ServiceUnavailable on every verb every resource, 50% of the time',
    );
    expect(faultRuleText({ gone: true, resource: 'pods' })).toBe('410 Gone on resume on every verb pods');
  });
});
