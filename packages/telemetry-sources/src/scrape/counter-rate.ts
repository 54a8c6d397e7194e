/**
 * Rates from two readings of a Prometheus counter, as PromQL's `increase`/`rate` read them: a
 * counter only goes up, so a reading below the previous one means the process restarted and
 * counted again from zero — everything it holds now was counted since.
 */

/** How much the counter grew between two readings, across a restart. */
export function counterIncrease(previous: number, current: number): number {
  return current < previous ? current : current - previous;
}

/** Per second between two readings `seconds` apart; undefined without a positive interval. */
export function ratePerSecond(previous: number, current: number, seconds: number): number | undefined {
  if (!(seconds > 0)) return undefined;
  return counterIncrease(previous, current) / seconds;
}
