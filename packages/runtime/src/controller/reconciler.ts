/**
 * The contract between a controller and the code it runs (controller-runtime's `reconcile`
 * package). Reconcile is level-based: it reads the object's current state and moves the world
 * toward it; it is told which object, never what changed (the triggers are for display and
 * debugging, not for deciding what to do).
 */
import type { ReconcileScope } from '../telemetry/reconcile-context.ts';
import type { Trigger } from '../workqueue/trigger.ts';

/** Which object to reconcile. */
export interface Request {
  readonly namespace?: string | undefined;
  readonly name: string;
}

/**
 * `requeueAfter` (ms) brings the key back after that delay, forgetting its failures;
 * `requeue: true` brings it back after a rate-limited delay. Neither (or `void`) is success.
 */
export interface Result {
  requeue?: boolean;
  requeueAfter?: number;
}

export interface ReconcileContext extends ReconcileScope {
  /** Aborted when the reconcile times out or the controller stops; pass it to every await. */
  readonly signal: AbortSignal;
  /** What was merged into this pass, oldest first. */
  readonly triggers: readonly Trigger[];
  readonly droppedTriggers: number;
}

export interface Reconciler {
  /** Throw to fail (the key is retried with backoff, unless the error is a TerminalError). */
  reconcile(request: Request, context: ReconcileContext): Promise<Result | void>;
}

/**
 * An error retrying cannot fix (controller-runtime's `reconcile.TerminalError`): the controller
 * records it and does not requeue the key. A new event for the object still reconciles it.
 */
export class TerminalError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'TerminalError';
  }
}

/** True for a TerminalError or an error caused, at any depth, by one (Go's `errors.Is`). */
export function isTerminalError(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 32; e = e.cause, depth++) {
    if (e instanceof TerminalError) return true;
  }
  return false;
}
