/**
 * What the simulated kubelet remembers between passes: when each container entered the phase
 * it is in. Everything else (phase, restart count) is read back from the Pod's status, so a
 * restarted kubelet continues from the API; it only restarts the clock of phases in flight,
 * as a real kubelet restarts its back-off timers.
 */
import type { ContainerStatus } from '../core/workload-types.ts';
import type { ContainerPhase, ContainerProgress, RestartPolicy } from './container-lifecycle.ts';

interface PodMemory {
  readonly uid: string;
  readonly containers: Map<string, ContainerProgress>;
}

export class KubeletMemory {
  readonly #pods = new Map<string, PodMemory>();

  /**
   * The progress of a container: remembered if the status still shows what was remembered,
   * else read from the status, starting its phase now.
   */
  progressOf(podKey: string, uid: string, name: string, status: ContainerStatus | undefined, nowMs: number, restartPolicy?: RestartPolicy): ContainerProgress {
    const remembered = this.#pods.get(podKey);
    const known = remembered?.uid === uid ? remembered.containers.get(name) : undefined;
    const phase = phaseOf(status, restartPolicy);
    const restartCount = status?.restartCount ?? 0;
    if (known && known.phase === phase && known.restartCount === restartCount) return known;
    return {
      phase,
      since: nowMs,
      restartCount,
      pullAttempts: phase === 'pull-error' || phase === 'pull-backoff' ? 1 : 0,
      ...(phase === 'running' || phase === 'ready' ? { startedAt: nowMs } : {}),
    };
  }

  /** Whether this kubelet has seen the Pod (this uid) since it started. */
  knows(podKey: string, uid: string): boolean {
    return this.#pods.get(podKey)?.uid === uid;
  }

  remember(podKey: string, uid: string, progress: ReadonlyMap<string, ContainerProgress>): void {
    this.#pods.set(podKey, { uid, containers: new Map(progress) });
  }

  /** Forgets the Pod; answers the uid it had, if it was remembered. */
  forget(podKey: string): string | undefined {
    const uid = this.#pods.get(podKey)?.uid;
    this.#pods.delete(podKey);
    return uid;
  }
}

/** The phase a container status shows. */
export function phaseOf(status: ContainerStatus | undefined, restartPolicy?: RestartPolicy): ContainerPhase {
  if (!status) return 'creating';
  const exited = status.state.terminated;
  // A container that exited stays exited unless its Pod restarts it (Always, or OnFailure after an error).
  if (exited && (exited.exitCode === 0 ? restartPolicy === 'Never' || restartPolicy === 'OnFailure' : restartPolicy === 'Never'))
    return exited.exitCode === 0 ? 'succeeded' : 'failed';
  if (status.state.running) return status.ready ? 'ready' : 'running';
  switch (status.state.waiting?.reason) {
    case 'CrashLoopBackOff':
      return 'crash-loop';
    case 'ErrImagePull':
      return 'pull-error';
    case 'ImagePullBackOff':
      return 'pull-backoff';
    case undefined:
      // Terminated by someone else's hand: treat it as a crash, which restarts it.
      return status.state.terminated ? 'crash-loop' : 'creating';
    default:
      return 'creating';
  }
}
