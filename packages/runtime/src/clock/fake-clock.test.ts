import { describe, expect, it } from 'vitest';
import { FakeClock } from './fake-clock.ts';

describe('FakeClock', () => {
  it('does not move until stepped', () => {
    const clock = new FakeClock(1000);
    expect(clock.now()).toBe(1000);
    clock.step(250);
    expect(clock.now()).toBe(1250);
  });

  it('fires due timers in due order, ties in the order they were set, reading their due time', () => {
    const clock = new FakeClock();
    const fired: string[] = [];
    clock.setTimer(20, () => fired.push(`b@${clock.now()}`));
    clock.setTimer(10, () => fired.push(`a@${clock.now()}`));
    clock.setTimer(20, () => fired.push(`c@${clock.now()}`));
    clock.setTimer(31, () => fired.push('late'));
    clock.step(30);
    expect(fired).toEqual(['a@10', 'b@20', 'c@20']);
    expect(clock.now()).toBe(30);
    expect(clock.hasWaiters()).toBe(true);
  });

  it('fires a timer armed by another timer when it falls inside the same step', () => {
    const clock = new FakeClock();
    const fired: number[] = [];
    clock.setTimer(5, () => clock.setTimer(5, () => fired.push(clock.now())));
    clock.step(10);
    expect(fired).toEqual([10]);
  });

  it('never fires a cancelled timer', () => {
    const clock = new FakeClock();
    let fired = false;
    const timer = clock.setTimer(5, () => (fired = true));
    timer.cancel();
    clock.step(10);
    expect(fired).toBe(false);
    expect(clock.hasWaiters()).toBe(false);
  });

  it('refuses to go back in time', () => {
    expect(() => new FakeClock().step(-1)).toThrow(RangeError);
  });

  it('resolves a sleep when its time comes and rejects it when its signal aborts', async () => {
    const clock = new FakeClock();
    const woke = clock.sleep(100);
    await clock.advance(100);
    await expect(woke).resolves.toBeUndefined();

    const abort = new AbortController();
    const interrupted = clock.sleep(100, abort.signal);
    abort.abort(new Error('stop'));
    await expect(interrupted).rejects.toThrow('stop');
    expect(clock.hasWaiters()).toBe(false);
  });

  it('lets async code woken by one timer arm the next within one advance', async () => {
    const clock = new FakeClock();
    const ticks: number[] = [];
    void (async () => {
      for (let i = 0; i < 3; i++) {
        await clock.sleep(10);
        ticks.push(clock.now());
      }
    })();
    await clock.advance(30);
    expect(ticks).toEqual([10, 20, 30]);
  });
});
