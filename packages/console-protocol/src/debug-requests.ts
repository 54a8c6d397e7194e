/**
 * The bodies of the console's debug commands: `PUT /api/controllers/<name>/...` and the
 * Discord simulator's fault knobs. `pause`, `resume` and `step` are POSTs without a body.
 */
import type { ControllerFaultSettings } from './controllers.ts';

/** `PUT /api/controllers/<name>/concurrency`: an integer from 1 to 64. */
export interface ConcurrencyRequest {
  readonly maxConcurrentReconciles: number;
}

/** `PUT /api/controllers/<name>/breakpoints`: the whole set; a key not listed is cleared. */
export interface BreakpointsRequest {
  readonly keys: readonly string[];
}

/** `POST /api/controllers/<name>/continue`: let the key held at its breakpoint run; the breakpoint then waits for a real change. */
export interface ContinueRequest {
  readonly key: string;
}

/** `PUT /api/controllers/<name>/faults`: the knobs to change (non-negative integers); the others keep their value. */
export type FaultsRequest = Partial<ControllerFaultSettings>;

/** The Discord simulator's fault knobs: the share of requests answered 429 or 5xx, and added latency. */
export interface DiscordFaults {
  readonly rate429: number;
  readonly rate5xx: number;
  readonly latencyMs: number;
}

/** `PUT /api/discord/faults`: the knobs to change. */
export type DiscordFaultsRequest = Partial<DiscordFaults>;
