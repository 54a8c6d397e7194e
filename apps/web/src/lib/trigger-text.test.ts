import { describe, expect, it } from 'vitest';
import { describeTrigger, summarizeTriggers } from './trigger-text.ts';

describe('trigger text', () => {
  it('says what triggered an add', () => {
    expect(describeTrigger({ reason: 'owned', event: 'MODIFIED', kind: 'Deployment', key: 'default/a', resourceVersion: '42' })).toBe(
      'owned MODIFIED Deployment default/a @ RV 42',
    );
    expect(describeTrigger({ reason: 'requeueAfter', reconcileId: 'r7' })).toBe('requeueAfter (from reconcile r7)');
  });

  it('counts merged triggers by reason', () => {
    expect(summarizeTriggers([{ reason: 'watch' }, { reason: 'watch' }, { reason: 'requeue' }])).toBe('2 × watch, requeue');
    expect(summarizeTriggers([{ reason: 'watch' }], 5)).toBe('watch (+5 more)');
    expect(summarizeTriggers([])).toBe('—');
  });
});
