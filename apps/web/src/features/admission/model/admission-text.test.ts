import { describe, expect, it } from 'vitest';
import { deciderSourceText, verdictTally, verdictText, verdictTone } from './admission-text.ts';

describe('admission text', () => {
  it('says plainly that failurePolicy Ignore let a failed call go on', () => {
    expect(verdictText({ verdict: 'error', ignored: true })).toBe('error, ignored by failurePolicy Ignore');
    expect(verdictText({ verdict: 'error' })).toBe('error');
    expect(verdictTone({ verdict: 'error', ignored: true })).toBe('unknown');
    expect(verdictTone({ verdict: 'denied' })).toBe('bad');
  });

  it('names a webhook by its configuration and a policy by its binding and param', () => {
    expect(deciderSourceText({ kind: 'ValidatingWebhookConfiguration', configuration: 'deny-dojos' })).toBe('ValidatingWebhookConfiguration deny-dojos');
    expect(deciderSourceText({ kind: 'ValidatingAdmissionPolicy', configuration: 'limit-binding', param: 'default/limits' })).toBe(
      'binding limit-binding, param default/limits',
    );
  });

  it("tallies a write's verdicts with the denial first", () => {
    expect(verdictTally([{ verdict: 'allowed' }, { verdict: 'mutated' }, { verdict: 'mutated' }, { verdict: 'denied' }])).toBe('denied · mutated ×2 · allowed');
    expect(verdictTally([])).toBe('');
  });
});
