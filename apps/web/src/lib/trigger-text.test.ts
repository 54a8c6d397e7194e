import { describe, expect, it } from 'vitest';
import { describeTrigger, summarizeTriggers, triggerChange, triggerChangeBadge } from './trigger-text.ts';

describe('trigger text', () => {
  it('says what triggered an add', () => {
    expect(describeTrigger({ reason: 'owned', event: 'MODIFIED', kind: 'Deployment', key: 'default/a', resourceVersion: '42' })).toBe(
      'owned MODIFIED Deployment default/a @ RV 42',
    );
    expect(describeTrigger({ reason: 'requeueAfter', reconcileId: 'r7' })).toBe('requeueAfter (from reconcile r7)');
  });

  it('names the generation and tells an edit of the spec from status churn', () => {
    const edit = { reason: 'watch', event: 'MODIFIED', kind: 'Dojo', key: 'default/a', resourceVersion: '50', generation: 3, specChanged: true } as const;
    expect(describeTrigger(edit)).toBe('watch MODIFIED Dojo default/a @ RV 50 · gen 3');
    expect(triggerChange(edit)).toBe('spec');
    expect(triggerChange({ ...edit, specChanged: false })).toBe('churn');
    expect(triggerChange({ reason: 'requeue' })).toBeUndefined();
  });

  it('calls an ADDED event a creation and a DELETED one a deletion, never an edit', () => {
    const added = { reason: 'mapped', event: 'ADDED', kind: 'Pod', key: 'default/a-1', resourceVersion: '9', specChanged: true } as const;
    expect(triggerChange(added)).toBe('created');
    expect(triggerChangeBadge[triggerChange(added)!].label).toBe('created');
    expect(triggerChange({ ...added, event: 'DELETED', specChanged: false })).toBe('deleted');
    expect(triggerChangeBadge[triggerChange({ ...added, event: 'MODIFIED' })!].label).toBe('spec changed (an edit)');
  });

  it('counts merged triggers by reason', () => {
    expect(summarizeTriggers([{ reason: 'watch' }, { reason: 'watch' }, { reason: 'requeue' }])).toBe('2 × watch, requeue');
    expect(summarizeTriggers([{ reason: 'watch' }], 5)).toBe('watch (+5 more)');
    expect(summarizeTriggers([])).toBe('—');
  });
});
