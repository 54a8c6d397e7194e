import type { DiscordClock } from '../clock.ts';

/**
 * A clock that only moves when told to. `sleep` moves it forward instead of waiting, so a client
 * that waits out a rate limit and a simulator sharing the clock agree instantly.
 */
export class ManualClock implements DiscordClock {
  private ms: number;

  constructor(startMs = Date.UTC(2025, 0, 1)) {
    this.ms = startMs;
  }

  now(): number {
    return this.ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    this.ms += Math.max(0, ms);
  }
}
