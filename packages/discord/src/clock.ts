import { setTimeout as sleepFor } from 'node:timers/promises';

/**
 * Time as the client and the simulator see it. Injected so that rate-limit windows, waits and
 * snowflake timestamps can run on a hand-moved clock in tests.
 */
export interface DiscordClock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when the signal aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: DiscordClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleepFor(Math.max(0, ms), undefined, signal ? { signal } : undefined),
};
