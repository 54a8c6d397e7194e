/**
 * The times the console takes from outside (OTLP spans, audit events). A sender's clock may run a
 * little ahead, and a batch may arrive late, but a span dated in the year 2262 would move the
 * live timeline there for everyone and never age out of the history: times more than
 * `futureToleranceMs` ahead of the console's clock, or older than the history keeps
 * (`maxAgeMs`, the `--history-retention`), are refused, never clamped.
 */

/** How far ahead of the console's clock a received time may be (a sender's clock skew). */
export const futureToleranceMs = 60 * 60 * 1000;

export interface InputTimeWindow {
  readonly now: number;
  /** Times older than this are refused; absent: no lower bound (an audit log may be read late). */
  readonly maxAgeMs?: number;
}

/** Why `ms` (epoch milliseconds) is outside the window, or undefined when it is inside. */
export function timeOutsideWindow(ms: number, window: InputTimeWindow): string | undefined {
  if (!Number.isFinite(ms)) return 'is not a time';
  if (ms > window.now + futureToleranceMs) return `is more than ${futureToleranceMs / 60_000} minutes ahead of the console's clock`;
  if (window.maxAgeMs !== undefined && ms < window.now - window.maxAgeMs)
    return `is older than the history keeps (${Math.round(window.maxAgeMs / 60_000)} minutes)`;
  return undefined;
}
