import { describe, expect, it } from 'vitest';
import { EventCorrelator } from './event-correlator.ts';

const t0 = Date.UTC(2024, 0, 1);
const fresh = (name: string, at = t0) => ({ name, namespace: 'default', at });

describe('EventCorrelator', () => {
  it('creates an event the first time it is recorded', () => {
    const correlator = new EventCorrelator();
    expect(correlator.next('k', fresh('web.1'))).toEqual({
      action: 'create',
      event: { name: 'web.1', namespace: 'default', count: 1, firstAt: t0, lastAt: t0 },
    });
  });

  it('increments the count of the same event instead of creating another', () => {
    const correlator = new EventCorrelator();
    correlator.next('k', fresh('web.1'));
    correlator.next('k', fresh('web.2', t0 + 5_000));
    expect(correlator.next('k', fresh('web.3', t0 + 9_000))).toEqual({
      action: 'increment',
      event: { name: 'web.1', namespace: 'default', count: 3, firstAt: t0, lastAt: t0 + 9_000 },
    });
  });

  it('starts a new event when the repeat comes after the correlation window', () => {
    const correlator = new EventCorrelator({ windowMs: 60_000 });
    correlator.next('k', fresh('web.1'));
    expect(correlator.next('k', fresh('web.2', t0 + 59_999)).action).toBe('increment');
    expect(correlator.next('k', fresh('web.3', t0 + 59_999 + 60_000))).toMatchObject({ action: 'create', event: { name: 'web.3', count: 1 } });
  });

  it('starts a new event after forgetting one whose write failed', () => {
    const correlator = new EventCorrelator();
    correlator.next('k', fresh('web.1'));
    correlator.forget('k');
    expect(correlator.next('k', fresh('web.2')).action).toBe('create');
  });

  it('forgets the least recently used event beyond its capacity', () => {
    const correlator = new EventCorrelator({ capacity: 2 });
    correlator.next('a', fresh('a.1'));
    correlator.next('b', fresh('b.1'));
    correlator.next('a', fresh('a.2'));
    correlator.next('c', fresh('c.1'));
    expect(correlator.size).toBe(2);
    expect(correlator.next('a', fresh('a.3')).action).toBe('increment');
    expect(correlator.next('b', fresh('b.2')).action).toBe('create');
  });
});
