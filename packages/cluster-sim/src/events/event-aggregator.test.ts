import { describe, expect, it } from 'vitest';
import { EventAggregator } from './event-aggregator.ts';

const fresh = (name: string, timestamp = '2024-01-01T00:00:00Z') => ({ name, namespace: 'default', timestamp });

describe('EventAggregator', () => {
  it('creates an event the first time it is recorded', () => {
    const aggregator = new EventAggregator();
    expect(aggregator.next('k', fresh('web.1'))).toEqual({
      action: 'create',
      event: { name: 'web.1', namespace: 'default', count: 1, firstTimestamp: '2024-01-01T00:00:00Z' },
    });
  });

  it('increments the count of the same event instead of creating another', () => {
    const aggregator = new EventAggregator();
    aggregator.next('k', fresh('web.1'));
    aggregator.next('k', fresh('web.2', '2024-01-01T00:00:05Z'));
    expect(aggregator.next('k', fresh('web.3', '2024-01-01T00:00:09Z'))).toEqual({
      action: 'increment',
      event: { name: 'web.1', namespace: 'default', count: 3, firstTimestamp: '2024-01-01T00:00:00Z' },
    });
  });

  it('starts a new event after forgetting one whose write failed', () => {
    const aggregator = new EventAggregator();
    aggregator.next('k', fresh('web.1'));
    aggregator.forget('k');
    expect(aggregator.next('k', fresh('web.2')).action).toBe('create');
  });

  it('forgets the least recently used event beyond its capacity', () => {
    const aggregator = new EventAggregator(2);
    aggregator.next('a', fresh('a.1'));
    aggregator.next('b', fresh('b.1'));
    aggregator.next('a', fresh('a.2'));
    aggregator.next('c', fresh('c.1'));
    expect(aggregator.size).toBe(2);
    expect(aggregator.next('a', fresh('a.3')).action).toBe('increment');
    expect(aggregator.next('b', fresh('b.2')).action).toBe('create');
  });
});
