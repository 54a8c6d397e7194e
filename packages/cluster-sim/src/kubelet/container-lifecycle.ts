/**
 * A simulated container's life as a small state machine. Each phase lasts a while and then
 * moves on; `advance` replays every move that fell due between `since` and `now`, so the
 * kubelet can be late (or restarted) and still land in the right phase.
 *
 *   runs:         Creating -> Running -> Ready (stays)
 *   crashes:      Creating -> Running -> CrashLoopBackOff -> Running (restartCount + 1) -> ...
 *   cannot-pull:  Creating -> ErrImagePull -> ImagePullBackOff -> ErrImagePull -> ...
 *
 * A Pod whose restartPolicy is Never or OnFailure runs to completion: a container that runs
 * exits 0 `runMs` after it became ready (Succeeded); one that crashes exits 1 (Failed) and,
 * under OnFailure, is restarted through CrashLoopBackOff as under Always.
 *
 * Back-off doubles from `backoff.baseMs` up to `backoff.maxMs`, as the kubelet's does.
 */
import type { ContainerBehaviour } from './container-behaviour.ts';

export type ContainerPhase = 'creating' | 'running' | 'ready' | 'crash-loop' | 'pull-error' | 'pull-backoff' | 'succeeded' | 'failed';

/** The Pod's spec.restartPolicy; unset means Always. */
export type RestartPolicy = 'Always' | 'OnFailure' | 'Never';

export interface ContainerProgress {
  readonly phase: ContainerPhase;
  /** When the current phase began (epoch ms). */
  readonly since: number;
  readonly restartCount: number;
  /** Failed pulls so far; the pull back-off grows with it. */
  readonly pullAttempts: number;
  /** When the container last started running, for status `startedAt`. */
  readonly startedAt?: number;
}

export interface LifecycleTiming {
  readonly startDelayMs: number;
  readonly readyDelayMs: number;
  readonly failAfterMs: number;
  readonly backoff: { readonly baseMs: number; readonly maxMs: number };
  readonly restartPolicy?: RestartPolicy | undefined;
  /** Ready -> exited 0, for a Pod that runs to completion. */
  readonly runMs?: number;
}

export interface Transition {
  readonly from: ContainerPhase;
  readonly to: ContainerPhase;
  readonly at: number;
  readonly restartCount: number;
}

export interface Advanced {
  readonly progress: ContainerProgress;
  readonly transitions: readonly Transition[];
  /** When the next move falls due; undefined once the container stays where it is. */
  readonly nextAt?: number;
}

// A reconcile replays at most this many moves; the rest wait for the next pass (with zero
// delays a crash loop would otherwise spin forever inside one reconcile).
const maxMovesPerPass = 8;

export function backoffMs(attempt: number, backoff: LifecycleTiming['backoff']): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempt, 30));
}

/** The phase after `progress` and how long the current one lasts; undefined when it stays. */
export function nextMove(
  behaviour: ContainerBehaviour,
  progress: ContainerProgress,
  timing: LifecycleTiming,
): { after: number; to: ContainerProgress } | undefined {
  const { phase, restartCount, pullAttempts } = progress;
  const at = (after: number, to: ContainerPhase, changes: Partial<ContainerProgress> = {}) => ({
    after,
    to: { ...progress, phase: to, since: progress.since + after, ...changes },
  });
  switch (phase) {
    case 'creating':
      return behaviour === 'cannot-pull'
        ? at(timing.startDelayMs, 'pull-error', { pullAttempts: pullAttempts + 1 })
        : at(timing.startDelayMs, 'running', { startedAt: progress.since + timing.startDelayMs });
    case 'running':
      return behaviour === 'crashes' ? at(Math.max(1, timing.failAfterMs), crashedPhase(timing)) : at(timing.readyDelayMs, 'ready');
    case 'ready':
      if (behaviour === 'crashes') return at(Math.max(1, timing.failAfterMs), crashedPhase(timing));
      return runsToCompletion(timing) ? at(Math.max(1, timing.runMs ?? 0), 'succeeded') : undefined;
    case 'succeeded':
    case 'failed':
      return undefined;
    case 'crash-loop': {
      const wait = Math.max(1, backoffMs(restartCount, timing.backoff));
      return at(wait, 'running', { restartCount: restartCount + 1, startedAt: progress.since + wait });
    }
    case 'pull-error':
      return at(Math.max(1, timing.failAfterMs), 'pull-backoff');
    case 'pull-backoff': {
      const wait = Math.max(1, backoffMs(Math.max(0, pullAttempts - 1), timing.backoff));
      return behaviour === 'cannot-pull'
        ? at(wait, 'pull-error', { pullAttempts: pullAttempts + 1 })
        : at(wait, 'running', { startedAt: progress.since + wait });
    }
  }
}

/** Never and OnFailure Pods (Job Pods) run until their containers exit; Always Pods run for good. */
export function runsToCompletion(timing: Pick<LifecycleTiming, 'restartPolicy'>): boolean {
  return timing.restartPolicy === 'Never' || timing.restartPolicy === 'OnFailure';
}

// A container that exits non-zero is restarted unless the Pod's restartPolicy is Never.
function crashedPhase(timing: LifecycleTiming): ContainerPhase {
  return timing.restartPolicy === 'Never' ? 'failed' : 'crash-loop';
}

export function advance(behaviour: ContainerBehaviour, start: ContainerProgress, now: number, timing: LifecycleTiming): Advanced {
  let progress = start;
  const transitions: Transition[] = [];
  for (let moves = 0; ; moves++) {
    const move = nextMove(behaviour, progress, timing);
    if (!move) return { progress, transitions };
    if (move.to.since > now || moves >= maxMovesPerPass) return { progress, transitions, nextAt: Math.max(move.to.since, now) };
    transitions.push({ from: progress.phase, to: move.to.phase, at: move.to.since, restartCount: move.to.restartCount });
    progress = move.to;
  }
}
