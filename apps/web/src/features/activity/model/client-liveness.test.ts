import { describe, expect, it } from 'vitest';
import { clientGone } from './client-liveness.ts';

const now = 1_000_000_000;

describe('clientGone', () => {
  it('calls a client with no watch that has been silent for half a minute gone', () => {
    expect(clientGone({ lastSeen: now - 31_000, watchesHeld: 0 }, now)).toBe(true);
    expect(clientGone({ lastSeen: now - 5_000, watchesHeld: 0 }, now)).toBe(false);
  });

  it('keeps a client that holds watches alive until it has been silent past any watch renewal', () => {
    expect(clientGone({ lastSeen: now - 5 * 60_000, watchesHeld: 3 }, now)).toBe(false);
    expect(clientGone({ lastSeen: now - 16 * 60_000, watchesHeld: 3 }, now)).toBe(true);
  });

  it('does not call a client it never saw gone', () => {
    expect(clientGone(undefined, now)).toBe(false);
  });
});
