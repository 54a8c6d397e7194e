/** Time for the API server's timed work (container logs' periodic lines, request faults' latency), injected so tests run it on a fake clock. */
export interface ApiServerClock {
  now(): number;
  setTimer(ms: number, fn: () => void): { cancel(): void };
}

export const realClock: ApiServerClock = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};
