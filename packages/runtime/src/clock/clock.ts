/**
 * Time, injected. Runtime code never calls `Date.now()` or `setTimeout` itself: it takes a
 * `Clock`, so tests drive time with `FakeClock` and run in milliseconds (client-go's
 * `k8s.io/utils/clock` plays the same role).
 */

/** A scheduled callback. Cancelling a timer that already fired is a no-op. */
export interface Timer {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the Unix epoch; may carry a fraction of a millisecond. */
  now(): number;
  /** Runs `fn` once, `ms` milliseconds from now (`ms <= 0` means "as soon as possible"). */
  setTimer(ms: number, fn: () => void): Timer;
  /** Resolves after `ms`; rejects with `signal.reason` if the signal aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** `sleep` built from `setTimer`, shared by every clock so they abort identically. */
export function sleepOn(clock: Pick<Clock, 'setTimer'>, ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => {
      timer.cancel();
      reject(signal?.reason);
    };
    const timer = clock.setTimer(ms, () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

// setTimeout fires at once for delays above 2^31-1 ms (~24.8 days); longer timers are chained.
const maxTimeoutMs = 2 ** 31 - 1;

function setRealTimer(ms: number, fn: () => void): Timer {
  let handle: ReturnType<typeof setTimeout>;
  const arm = (remaining: number): void => {
    if (remaining > maxTimeoutMs) {
      handle = setTimeout(() => arm(remaining - maxTimeoutMs), maxTimeoutMs);
    } else {
      handle = setTimeout(fn, Math.max(0, remaining));
    }
  };
  arm(ms);
  return { cancel: () => clearTimeout(handle) };
}

// performance.now() is monotonic and sub-millisecond, which sub-millisecond reconciles need on a
// timeline; anchored on timeOrigin it reads as epoch time. It costs about as much as Date.now()
// (tens of nanoseconds), cheap enough for the workqueue's hot path.
const origin = performance.timeOrigin;

export const realClock: Clock = {
  now: () => origin + performance.now(),
  setTimer: setRealTimer,
  sleep(ms, signal) {
    return sleepOn(realClock, ms, signal);
  },
};
