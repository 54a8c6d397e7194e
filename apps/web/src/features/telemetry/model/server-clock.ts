/**
 * "Now" on the console server's clock, as the tab can tell it: the browser's clock plus an
 * offset that only the records' own stamps move. A record stamped `time` that arrives at
 * browser time `t` says the server's clock was at least `time` then, so the offset is at least
 * `time - t`; older records (a backfill, a history page) say nothing new and never pull "now"
 * back. Without any record, the server is taken to keep the browser's time (the usual local
 * console): following live then moves with the clock even while nothing happens.
 *
 * The estimate is a lower bound: a server whose clock runs behind the browser's shows its newest
 * reconciles a little left of the right edge, never in the future.
 */
export class ServerClock {
  #offset = 0;

  /** A record stamped `time` by the server was in hand at browser time `receivedAt`. */
  observe(time: number, receivedAt: number): void {
    if (time - receivedAt > this.#offset) this.#offset = time - receivedAt;
  }

  now(browserNow: number): number {
    return browserNow + this.#offset;
  }
}
