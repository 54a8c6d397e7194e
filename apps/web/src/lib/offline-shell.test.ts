import { describe, expect, it } from 'vitest';
import { reloadWhenServerAnswers, servedOffline } from './offline-shell.ts';

describe('the offline shell', () => {
  it('is recognised by the mark the service worker puts in its head', () => {
    const withMark = { querySelector: (selector: string) => (selector.includes('dojo-shell') ? ({} as Element) : null) };
    const without = { querySelector: () => null };
    expect(servedOffline(withMark)).toBe(true);
    expect(servedOffline(without)).toBe(false);
  });

  it('keeps asking the server, with the live socket’s short pauses, and reloads once when it answers', async () => {
    const answers = [false, false, false, true];
    const pauses: number[] = [];
    let reloads = 0;
    await reloadWhenServerAnswers({
      probe: async () => answers.shift()!,
      reload: () => reloads++,
      sleep: async (ms) => void pauses.push(ms),
      random: () => 1,
    });
    expect(reloads).toBe(1);
    expect(pauses).toEqual([250, 500, 1000]);
  });

  it('treats a probe that throws (connection refused) as "not yet"', async () => {
    let calls = 0;
    let reloads = 0;
    await reloadWhenServerAnswers({
      probe: async () => {
        if (++calls < 3) throw new TypeError('Failed to fetch');
        return true;
      },
      reload: () => reloads++,
      sleep: async () => undefined,
    });
    expect([calls, reloads]).toEqual([3, 1]);
  });
});
