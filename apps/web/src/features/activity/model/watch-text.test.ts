import { describe, expect, it } from 'vitest';
import { watchStart } from './watch-text.ts';

describe('watchStart', () => {
  it('calls a streaming list a streaming list, with the current objects it was sent', () => {
    expect(watchStart({ streamingList: true, initialEvents: 3 })).toBe('streaming list (+3 current)');
  });

  it('adds the resourceVersion a streaming list is not older than', () => {
    expect(watchStart({ streamingList: true, startResourceVersion: '42', initialEvents: 0 })).toBe('streaming list (+0 current, not older than 42)');
  });

  it('shows the resourceVersion a classic watch started after its LIST', () => {
    expect(watchStart({ startResourceVersion: '42', initialEvents: 0 })).toBe('42');
  });

  it('says a watch without a resourceVersion started now, with the current objects first', () => {
    expect(watchStart({ initialEvents: 2 })).toBe('now (+2 current)');
  });
});
