/**
 * What the console shows of a workqueue: every key it holds and why, at one instant, and what
 * each add did. client-go exposes only counts; this is the picture behind them. The runtime's
 * queues produce these shapes (`snapshot()`), layered as the queues are: queue -> delaying
 * queue -> rate-limiting queue.
 */
import type { Trigger } from './trigger.ts';

/**
 * What an add did: `queued` (new in the queue), `dirty` (the key is processing and will be
 * queued again on `done`), `merged` (the key was already waiting), `shutdown` (ignored).
 */
export type AddOutcome = 'queued' | 'dirty' | 'merged' | 'shutdown';

/**
 * `delayed` (now waiting), `delay-shortened` (was waiting, now due earlier), `delay-merged`
 * (was waiting and due no later: this request joined it), or an immediate add's outcome.
 */
export type DelayOutcome = AddOutcome | 'delayed' | 'delay-shortened' | 'delay-merged';

export interface WaitingKey {
  readonly key: string;
  /** When the key was first added after it was last handed out. */
  readonly since: number;
  readonly triggers: readonly Trigger[];
  readonly droppedTriggers: number;
}

export interface ProcessingKey {
  readonly key: string;
  /** The worker that took the key; absent when `get` was called without one. */
  readonly worker?: number | undefined;
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

export interface DelayedKey {
  readonly key: string;
  readonly readyAt: number;
  readonly triggers: readonly Trigger[];
  readonly droppedTriggers: number;
}

export interface DelayingQueueSnapshot extends QueueSnapshot {
  /** Soonest first. */
  readonly delayed: readonly DelayedKey[];
}

export interface RateLimitingQueueSnapshot extends DelayingQueueSnapshot {
  /** Each delayed key with the limiter's retry count for it (0 for plain `addAfter`s). */
  readonly delayed: readonly (DelayedKey & { readonly retries: number })[];
}
