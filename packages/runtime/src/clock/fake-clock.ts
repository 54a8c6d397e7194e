/**
 * A clock that moves only when told to. `step(ms)` fires every timer that falls due within the
 * step, earliest first (ties in the order they were set), with `now()` reading each timer's due
 * time while it runs — so a timer armed by another timer inside the window fires too.
 */
import { sleepOn, type Clock, type Timer } from './clock.ts';

interface FakeTimer {
  due: number;
  order: number;
  fn: () => void;
}

export class FakeClock implements Clock {
  #now: number;
  #order = 0;
  // Sorted by (due, order); tests keep few timers, so a sorted array beats a heap in clarity.
  #timers: FakeTimer[] = [];

  constructor(startMs = 0) {
    this.#now = startMs;
  }

  now(): number {
    return this.#now;
  }

  setTimer(ms: number, fn: () => void): Timer {
    const timer: FakeTimer = { due: this.#now + Math.max(0, ms), order: this.#order++, fn };
    const at = this.#timers.findIndex((t) => t.due > timer.due);
    this.#timers.splice(at < 0 ? this.#timers.length : at, 0, timer);
    return {
      cancel: () => {
        const i = this.#timers.indexOf(timer);
        if (i >= 0) this.#timers.splice(i, 1);
      },
    };
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }

  /** True while any timer (or sleeper) is waiting for time to pass. */
  hasWaiters(): boolean {
    return this.#timers.length > 0;
  }

  /** When the next timer is due, if any. */
  nextDue(): number | undefined {
    return this.#timers[0]?.due;
  }

  /** Moves time forward synchronously, firing due timers in order. */
  step(ms: number): void {
    if (ms < 0) throw new RangeError(`FakeClock cannot go back in time (step ${ms})`);
    const target = this.#now + ms;
    for (let next = this.#takeDue(target); next; next = this.#takeDue(target)) {
      this.#now = next.due;
      next.fn();
    }
    this.#now = target;
  }

  /**
   * Like `step`, but lets promise continuations run before and after each timer, so async code
   * woken by one timer (a worker awaiting `sleep`, say) can arm the next within the same window.
   */
  async advance(ms: number): Promise<void> {
    if (ms < 0) throw new RangeError(`FakeClock cannot go back in time (advance ${ms})`);
    const target = this.#now + ms;
    await FakeClock.settle();
    for (let next = this.#takeDue(target); next; next = this.#takeDue(target)) {
      this.#now = next.due;
      next.fn();
      await FakeClock.settle();
    }
    this.#now = target;
    await FakeClock.settle();
  }

  /**
   * Resolves once every pending promise continuation has run (the microtask queue is drained
   * before the event loop reaches the check phase).
   */
  static settle(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
  }

  #takeDue(target: number): FakeTimer | undefined {
    const first = this.#timers[0];
    if (!first || first.due > target) return undefined;
    this.#timers.shift();
    return first;
  }
}
