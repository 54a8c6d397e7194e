import { describe, expect, it } from 'vitest';
import { ServerClock } from './server-clock.ts';
import { followLive } from './timeline-viewport.ts';

describe("the server's clock as the timeline follows it", () => {
  it('keeps moving with the browser clock while no record arrives, so following live advances when idle', () => {
    const clock = new ServerClock();
    clock.observe(1_000, 1_000);
    const window = { start: 0, end: 1_000 };
    expect(followLive(window, clock.now(61_000))).toEqual({ start: 60_000, end: 61_000 });
  });

  it('is not pulled back to the newest record by a backfill of older ones', () => {
    const clock = new ServerClock();
    clock.observe(1_000, 1_000);
    // A minute later, a history page arrives: its newest record is still the one at 1 s.
    clock.observe(1_000, 61_000);
    expect(clock.now(61_000)).toBe(61_000);
  });

  it("moves forward when a record is stamped ahead of the browser's clock", () => {
    const clock = new ServerClock();
    clock.observe(5_000, 2_000);
    expect(clock.now(3_000)).toBe(6_000);
  });

  it('takes the browser clock as the server clock before any record', () => {
    expect(new ServerClock().now(42)).toBe(42);
  });
});
