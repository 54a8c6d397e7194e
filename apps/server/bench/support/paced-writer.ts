/**
 * An open-loop writer: starts write i at `i / rate` seconds, whatever the answers so far, with
 * at most `maxInFlight` requests outstanding. When the server cannot keep that pace the writer
 * falls behind schedule, and the achieved rate (writes acknowledged over elapsed time) says so.
 */

export interface PacedResult {
  writes: number;
  failed: number;
  seconds: number;
  achievedPerSecond: number;
  /** How far behind its schedule the writer was at the last start (0 when it kept the pace). */
  maxLagMs: number;
}

export function pacedWrites(rate: number, count: number, write: (i: number) => Promise<boolean>, maxInFlight = 64): Promise<PacedResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    let next = 0;
    let inFlight = 0;
    let finished = 0;
    let failed = 0;
    let maxLagMs = 0;
    const done = (ok: boolean): void => {
      inFlight--;
      finished++;
      if (!ok) failed++;
      if (finished === count) {
        const seconds = (performance.now() - started) / 1000;
        resolve({
          writes: count,
          failed,
          seconds: Number(seconds.toFixed(3)),
          achievedPerSecond: Math.round((count - failed) / seconds),
          maxLagMs: Math.round(maxLagMs),
        });
      } else tick();
    };
    const tick = (): void => {
      const elapsed = performance.now() - started;
      while (next < count && inFlight < maxInFlight && next <= (elapsed * rate) / 1000) {
        maxLagMs = Math.max(maxLagMs, elapsed - (next * 1000) / rate);
        const i = next++;
        inFlight++;
        write(i).then(done, () => done(false));
      }
    };
    const timer = setInterval(() => (next < count ? tick() : clearInterval(timer)), 1);
    tick();
  });
}
