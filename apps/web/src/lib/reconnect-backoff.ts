/**
 * How long the tab waits before asking the server again after its connection dropped.
 *
 * The pause doubles from `initialMs` but stops at a low cap: a console restarts in a few
 * seconds, and a person looking at "Reconnecting…" should see the page pick up within a couple
 * of seconds of the server being back, not after an 18 s pause chosen for a flood of clients.
 * One browser tab per person makes the low cap cheap. Jitter (50..100% of the pause) keeps
 * several tabs from knocking in step.
 */
export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export const defaultReconnectBackoff: Backoff = { initialMs: 250, maxMs: 2_500 };

/** The pause before reconnect attempt `attempt` (0-based); `random` draws in 0..1. */
export function reconnectDelay(attempt: number, backoff: Backoff, random: () => number): number {
  const base = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * (0.5 + random() / 2));
}
