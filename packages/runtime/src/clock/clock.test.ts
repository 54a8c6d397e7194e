import { describe, expect, it } from 'vitest';
import { realClock } from './clock.ts';

describe('realClock', () => {
  it('reads epoch milliseconds that never go backwards', () => {
    const a = realClock.now();
    const b = realClock.now();
    expect(Math.abs(a - Date.now())).toBeLessThan(1000);
    expect(b).toBeGreaterThanOrEqual(a);
  });

  it('runs a timer once and not at all when cancelled', async () => {
    const fired: string[] = [];
    realClock.setTimer(1, () => fired.push('kept'));
    realClock.setTimer(1, () => fired.push('cancelled')).cancel();
    await realClock.sleep(20);
    expect(fired).toEqual(['kept']);
  });

  it('rejects a sleep whose signal is already aborted', async () => {
    await expect(realClock.sleep(10, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });
});
