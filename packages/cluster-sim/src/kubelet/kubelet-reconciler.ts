/**
 * The simulated kubelets of every simulated node (one controller plays them all): for each Pod, works out where its containers are now (the lifecycle
 * machine, from the phases the status shows), writes the status if it changed, records the
 * Events of every move, and asks to come back when the next move falls due.
 *
 * Delays are jittered per Pod from the seed, so the same Pod always takes the same time.
 */
import { formatObjectKey, formatTime, isNotFound, semanticEqual } from '@dojo/kube-api';
import { builtinTypes, type Client, type Clock, type EventRecorder, type Reconciler, type Request, type Result } from '@dojo/runtime';
import { pickDelay, unitInterval } from '../core/seeded-random.ts';
import { hostIPOf, simulatedNodeNames } from '../nodes/simulated-nodes.ts';
import type { Pod, PodStatus } from '../core/workload-types.ts';
import type { ClusterSimOptions } from '../sim-options.ts';
import { annotatedRunMs, containerBehaviour } from './container-behaviour.ts';
import { advance, runsToCompletion, type ContainerProgress, type LifecycleTiming, type RestartPolicy } from './container-lifecycle.ts';
import { logWritesFor, resumedWrites, stopWrites, type ContainerLogSink, type ContainerLogWrite } from './container-logs.ts';
import { eventsFor, killingEvent, pullingEvent, type KubeletEvent } from './kubelet-events.ts';
import { KubeletMemory } from './kubelet-memory.ts';
import { buildPodStatus } from './pod-status-builder.ts';

const { pods } = builtinTypes;

export interface KubeletDeps {
  readonly client: Client;
  readonly clock: Clock;
  /** The kubelet of the named node (Events carry their node as source.host). */
  recorderFor(nodeName: string): EventRecorder;
  /** Records "Scheduled" as the scheduler. */
  readonly schedulerRecorder: EventRecorder;
  readonly options: ClusterSimOptions;
  /** Where the containers' output goes (the API server's log store, which answers `pods/log`). */
  readonly logs: ContainerLogSink;
}

export class KubeletReconciler implements Reconciler {
  readonly #deps: KubeletDeps;
  readonly #memory = new KubeletMemory();
  readonly #nodeNames: readonly string[];

  constructor(deps: KubeletDeps) {
    this.#deps = deps;
    this.#nodeNames = simulatedNodeNames(deps.options.nodeName, deps.options.nodeCount);
  }

  async reconcile(request: Request): Promise<Result | void> {
    const key = formatObjectKey(request);
    let pod: Pod;
    try {
      pod = await this.#deps.client.get<Pod>(pods, request);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      // The Pod is gone, and its containers' logs with it (the kubelet removes its log directory).
      const uid = this.#memory.forget(key);
      if (uid) this.#deps.logs.writeContainerLogs([{ op: 'drop-pod', podUid: uid }]);
      return;
    }
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') return;
    if (pod.metadata.deletionTimestamp) return this.#stop(pod);

    const now = this.#deps.clock.now();
    const uid = pod.metadata.uid ?? '';
    const timing = this.#timing(pod);
    const firstSight = !pod.status?.containerStatuses;
    const events: KubeletEvent[] = firstSight ? pod.spec.containers.map(pullingEvent) : [];
    // Containers this kubelet did not start (it restarted) log on from a line that says so.
    const logs: ContainerLogWrite[] = firstSight || this.#memory.knows(key, uid) ? [] : resumedWrites(pod, now, this.#deps.options.logHeartbeatMs);
    const node = pod.spec.nodeName || this.#deps.options.nodeName;
    const progress = new Map<string, ContainerProgress>();
    let nextAt: number | undefined;
    for (const container of pod.spec.containers) {
      const status = pod.status?.containerStatuses?.find((s) => s.name === container.name);
      const start = this.#memory.progressOf(key, uid, container.name, status, now, timing.restartPolicy);
      const behaviour = containerBehaviour(container.image, this.#deps.options.failureRates, this.#deps.options.seed, uid, container.name);
      const moved = advance(behaviour, start, now, timing);
      progress.set(container.name, moved.progress);
      for (const transition of moved.transitions) {
        events.push(...eventsFor(pod, container, transition, timing.startDelayMs));
        logs.push(...logWritesFor(pod, container, behaviour, transition, { node, heartbeatMs: this.#deps.options.logHeartbeatMs }));
      }
      if (moved.nextAt !== undefined) nextAt = Math.min(nextAt ?? Infinity, moved.nextAt);
    }
    const status = buildPodStatus({ pod, progress, timing, nowMs: now, hostIP: hostIPOf(pod.spec.nodeName, this.#nodeNames) });
    if (!semanticEqual(status, pod.status)) await this.#deps.client.updateStatus(pods, { ...pod, status });
    this.#memory.remember(key, uid, progress);
    // Written once the status that names these instances is stored: a pass retried after a
    // conflict recomputes the same moves, and must not log them twice.
    this.#deps.logs.writeContainerLogs(logs);

    // Recorded in order: the recorder writes them in order, and their names keep it.
    if (firstSight)
      this.#deps.schedulerRecorder.record(
        pod,
        'Normal',
        'Scheduled',
        `Successfully assigned ${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''} to ${node}`,
        { resource: pods },
      );
    for (const event of events) this.#record(pod, event);
    // A move that fell due while this pass ran comes back at once: requeueAfter 0 would mean no
    // requeue at all, and the kubelet's own status write does not bring the Pod back.
    return nextAt === undefined ? undefined : { requeueAfter: Math.max(1, nextAt - this.#deps.clock.now()) };
  }

  /** A Pod held by finalizers after deletion: its containers stop, and it stays until they let go. */
  async #stop(pod: Pod): Promise<void> {
    const at = formatTime(this.#deps.clock.now());
    // A stopped container is killed (exit 137); a Pod that does not restart its containers
    // then ends Failed, unless they had all exited 0 already.
    const completes = runsToCompletion({ restartPolicy: pod.spec.restartPolicy as RestartPolicy | undefined });
    const killed = completes && (pod.status?.containerStatuses ?? []).some((s) => s.state.terminated?.exitCode !== 0);
    const status: PodStatus = {
      ...pod.status,
      phase: killed || (completes && !pod.status?.containerStatuses) ? 'Failed' : 'Succeeded',
      conditions: (pod.status?.conditions ?? []).map((c) =>
        c.type === 'Ready' || c.type === 'ContainersReady' ? { ...c, status: 'False', reason: 'PodCompleted', lastTransitionTime: at } : c,
      ),
      containerStatuses: (pod.status?.containerStatuses ?? []).map((s) => ({
        ...s,
        ready: false,
        started: false,
        state: s.state.terminated
          ? s.state
          : {
              terminated: {
                exitCode: completes ? 137 : 0,
                reason: completes ? 'Error' : 'Completed',
                finishedAt: at,
                ...(s.state.running?.startedAt ? { startedAt: s.state.running.startedAt } : {}),
                ...(s.containerID ? { containerID: s.containerID } : {}),
              },
            },
      })),
    };
    await this.#deps.client.updateStatus(pods, { ...pod, status });
    this.#deps.logs.writeContainerLogs(stopWrites(pod, this.#deps.clock.now()));
    for (const container of pod.spec.containers) this.#record(pod, killingEvent(container));
  }

  #record(pod: Pod, event: KubeletEvent): void {
    this.#deps
      .recorderFor(pod.spec.nodeName || this.#deps.options.nodeName)
      .record(pod, event.type, event.reason, event.message, { resource: pods, fieldPath: event.fieldPath });
  }

  #timing(pod: Pod): LifecycleTiming {
    const { options } = this.#deps;
    const uid = pod.metadata.uid ?? '';
    return {
      restartPolicy: (pod.spec.restartPolicy ?? 'Always') as RestartPolicy,
      runMs: annotatedRunMs(pod.metadata.annotations) ?? pickDelay(options.podRunTime, unitInterval(options.seed, uid, 'run')),
      startDelayMs: pickDelay(options.podStartDelay, unitInterval(options.seed, uid, 'start')),
      readyDelayMs: pickDelay(options.podReadyDelay, unitInterval(options.seed, uid, 'ready')),
      failAfterMs: options.failAfterMs,
      backoff: options.backoff,
    };
  }
}
