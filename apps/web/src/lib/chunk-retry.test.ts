import { describe, expect, it } from 'vitest';
import { loadWithRetry } from './chunk-retry.ts';

describe('loading a page chunk while the server may be away', () => {
  it('asks again, pausing, until the chunk loads', async () => {
    let calls = 0;
    const load = async () => {
      calls++;
      if (calls < 3) throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:1/assets/Page-x.js');
      return { Page: 'loaded' };
    };
    await expect(loadWithRetry(load, { initialMs: 1, maxMs: 2 })).resolves.toEqual({ Page: 'loaded' });
    expect(calls).toBe(3);
  });

  it('loads at once when nothing fails', async () => {
    await expect(loadWithRetry(async () => 7)).resolves.toBe(7);
  });
});
