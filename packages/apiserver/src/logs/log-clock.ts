/** Time for the container logs' periodic lines, injected so tests run them on a fake clock. */
export interface Clock {
  now(): number;
  setTimer(ms: number, fn: () => void): { cancel(): void };
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};
