import { describe, expect, it } from 'vitest';
import type { ObjectIncarnation } from '@dojo/console-protocol';
import { shownIncarnation } from './object-incarnations.ts';

const incarnation = (uid: string, deleted?: number): ObjectIncarnation => ({
  uid,
  firstSeen: 1,
  lastSeen: deleted ?? 9,
  versions: 2,
  ...(deleted ? { deleted: { time: deleted } } : {}),
});

describe('shownIncarnation', () => {
  it('shows the newest deleted object of the name when the URL names none', () => {
    expect(shownIncarnation([incarnation('live'), incarnation('b', 8), incarnation('a', 5)], undefined)?.uid).toBe('b');
  });

  it("shows the one the URL's uid names, and the newest deleted one when that uid is unknown", () => {
    const all = [incarnation('b', 8), incarnation('a', 5)];
    expect(shownIncarnation(all, 'a')?.uid).toBe('a');
    expect(shownIncarnation(all, 'zzz')?.uid).toBe('b');
  });

  it('shows nothing when nothing was recorded of the name', () => {
    expect(shownIncarnation([], undefined)).toBeUndefined();
  });
});
