/**
 * A clock that runs `factor` times faster than real time from the moment it is made, so a
 * test can watch a CronJob fire every minute in a few seconds while the simulator still runs
 * on real timers and a real API server.
 */
import { realClock, sleepOn, type Clock, type Timer } from '@dojo/runtime';

export function scaledClock(factor: number, startMs = realClock.now()): Clock {
  const realStart = realClock.now();
  const clock: Clock = {
    now: () => startMs + (realClock.now() - realStart) * factor,
    setTimer: (ms: number, fn: () => void): Timer => realClock.setTimer(ms / factor, fn),
    sleep: (ms, signal) => sleepOn(clock, ms, signal),
  };
  return clock;
}
