import { describe, expect, it } from 'vitest';
import { setCondition } from './conditions.ts';

describe('setCondition', () => {
  const t0 = '2026-01-01T00:00:00Z';
  const t1 = '2026-01-01T00:01:00Z';

  it('keeps lastTransitionTime when only reason or message change', () => {
    const first = setCondition(undefined, { type: 'Available', status: 'False', reason: 'Waiting', message: 'a' }, t0);
    const second = setCondition(first, { type: 'Available', status: 'False', reason: 'StillWaiting', message: 'b' }, t1);
    expect(second).toEqual([{ type: 'Available', status: 'False', reason: 'StillWaiting', message: 'b', lastTransitionTime: t0 }]);
  });

  it('moves lastTransitionTime when the status flips', () => {
    const first = setCondition(undefined, { type: 'Available', status: 'False', reason: 'Waiting', message: '' }, t0);
    const second = setCondition(first, { type: 'Available', status: 'True', reason: 'Ready', message: '' }, t1);
    expect(second[0]?.lastTransitionTime).toBe(t1);
  });
});
