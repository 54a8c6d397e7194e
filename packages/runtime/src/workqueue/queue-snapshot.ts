/**
 * What the console shows of a queue: every key it holds and why, at one instant. client-go
 * exposes only counts; this is the picture behind them.
 */
import type { Trigger } from './trigger.ts';

export interface WaitingKey {
  readonly key: string;
  /** When the key was first added after it was last handed out. */
  readonly since: number;
  readonly triggers: readonly Trigger[];
  readonly droppedTriggers: number;
}

export interface ProcessingKey {
  readonly key: string;
  readonly worker: number | undefined;
  readonly startedAt: number;
  /** Added again while processing: it will be queued again on `done`. */
  readonly dirty: boolean;
}

export interface QueueSnapshot {
  readonly name: string;
  /** Keys waiting for a worker, as `len()` (client-go's depth metric also counts dirty keys). */
  readonly depth: number;
  /** In the order they will be handed out. */
  readonly queued: readonly WaitingKey[];
  readonly processing: readonly ProcessingKey[];
  /** Keys added while processing, with the triggers they will carry into their next pass. */
  readonly dirty: readonly WaitingKey[];
  /** `adds` counts every accepted add, `merged` those that deduplicated into a waiting key. */
  readonly counters: { readonly adds: number; readonly merged: number; readonly gets: number; readonly dones: number };
  readonly shuttingDown: boolean;
}
