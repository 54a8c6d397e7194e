/**
 * The containers' logs the API server answers `pods/log` from: what a node's container runtime
 * keeps under /var/log/pods, held here because the embedded cluster's nodes are simulated.
 * Whoever runs the containers (the simulated kubelet) writes to it; `pods/log` reads it.
 *
 * Promises:
 * - One log per container instance, keyed by the instance's containerID (what the Pod's status
 *   names in `state` and `lastState.terminated`), so `previous` reads the instance before a
 *   restart, as the kubelet reads the previous container's log file.
 * - Bounded as the kubelet's log rotation bounds a container's log (containerLogMaxSize): at
 *   most `maxLines` lines and `maxBytes` bytes per instance, the oldest dropped first; and at
 *   most `maxInstances` instances, the oldest written dropped first (a Pod deleted while no one
 *   told the store still goes, eventually).
 * - A running instance may log a line periodically (`repeat`); such lines are made when read
 *   or followed, so ten thousand idle Pods cost nothing until someone looks.
 * - A follower gets every line after those it read, in order, and `end` once the instance has
 *   exited (the kubelet's `follow` ends when the container stops).
 */
import type { ContainerLogWrite } from '@dojo/kube-api';
import type { ApiServerClock } from './log-clock.ts';

export type { ContainerLogWrite };

export interface ContainerLogLine {
  readonly timeMs: number;
  readonly text: string;
}

export interface ContainerLogFollower {
  line(line: ContainerLogLine): void;
  end(): void;
}

export interface ContainerLogLimits {
  readonly maxLines: number;
  readonly maxBytes: number;
  readonly maxInstances: number;
}

export const defaultContainerLogLimits: ContainerLogLimits = { maxLines: 1_000, maxBytes: 256 * 1024, maxInstances: 20_000 };

interface Repeat {
  readonly everyMs: number;
  readonly text: string;
  nextAt: number;
  count: number;
}

interface InstanceLog {
  readonly podUid: string;
  readonly lines: ContainerLogLine[];
  bytes: number;
  ended: boolean;
  repeat?: Repeat;
  readonly followers: Set<ContainerLogFollower>;
  timer?: ReturnType<ApiServerClock['setTimer']> | undefined;
}

export class ContainerLogStore {
  readonly #instances = new Map<string, InstanceLog>();
  readonly #limits: ContainerLogLimits;
  readonly #clock: ApiServerClock;

  constructor(clock: ApiServerClock, limits: Partial<ContainerLogLimits> = {}) {
    this.#clock = clock;
    this.#limits = { ...defaultContainerLogLimits, ...limits };
  }

  write(writes: readonly ContainerLogWrite[]): void {
    for (const write of writes) {
      switch (write.op) {
        case 'line':
          this.#append(this.#instance(write.containerId, write.podUid), { timeMs: write.timeMs, text: write.text });
          break;
        case 'repeat': {
          const log = this.#instance(write.containerId, write.podUid);
          log.repeat = { everyMs: Math.max(1, write.everyMs), text: write.text, nextAt: this.#clock.now() + write.everyMs, count: 0 };
          this.#arm(log);
          break;
        }
        case 'end': {
          const log = this.#instances.get(write.containerId);
          if (!log) break;
          this.#materialize(log, write.timeMs);
          this.#finish(log);
          break;
        }
        case 'drop-pod':
          for (const [id, log] of this.#instances) if (log.podUid === write.podUid) this.#drop(id, log);
          break;
      }
    }
  }

  /** Whether the store holds the instance's log (an instance that never logged has none). */
  has(containerId: string): boolean {
    return this.#instances.has(containerId);
  }

  /** The instance's lines so far (oldest first); empty for an unknown instance. */
  read(containerId: string): readonly ContainerLogLine[] {
    const log = this.#instances.get(containerId);
    if (!log) return [];
    this.#materialize(log, this.#clock.now());
    return [...log.lines];
  }

  /**
   * The lines so far, then every new line to `follower` until the instance ends or the returned
   * stop is called. An unknown or ended instance's follower is ended at once (after the lines).
   */
  follow(containerId: string, follower: ContainerLogFollower): { lines: readonly ContainerLogLine[]; stop: () => void } {
    const log = this.#instances.get(containerId);
    const lines = this.read(containerId);
    if (!log || log.ended) {
      queueMicrotask(() => follower.end());
      return { lines, stop: () => {} };
    }
    log.followers.add(follower);
    this.#arm(log);
    return {
      lines,
      stop: () => {
        log.followers.delete(follower);
        if (log.followers.size === 0) this.#disarm(log);
      },
    };
  }

  get instanceCount(): number {
    return this.#instances.size;
  }

  #instance(containerId: string, podUid: string): InstanceLog {
    let log = this.#instances.get(containerId);
    if (!log) {
      log = { podUid, lines: [], bytes: 0, ended: false, followers: new Set() };
      this.#instances.set(containerId, log);
      while (this.#instances.size > this.#limits.maxInstances) {
        const [oldestId, oldest] = this.#instances.entries().next().value as [string, InstanceLog];
        this.#drop(oldestId, oldest);
      }
    }
    return log;
  }

  #append(log: InstanceLog, line: ContainerLogLine): void {
    if (log.ended) return;
    log.lines.push(line);
    log.bytes += Buffer.byteLength(line.text) + 1;
    // Rotation: the oldest lines go first, as a rotated-away log file does.
    while (log.lines.length > this.#limits.maxLines || (log.bytes > this.#limits.maxBytes && log.lines.length > 1)) {
      const dropped = log.lines.shift()!;
      log.bytes -= Buffer.byteLength(dropped.text) + 1;
    }
    for (const follower of log.followers) follower.line(line);
  }

  /** Makes the periodic lines due by `untilMs`; a long-unread instance skips to its last `maxLines`. */
  #materialize(log: InstanceLog, untilMs: number): void {
    const repeat = log.repeat;
    if (!repeat || log.ended) return;
    const due = Math.floor((untilMs - repeat.nextAt) / repeat.everyMs) + 1;
    if (due <= 0) return;
    const skipped = Math.max(0, due - this.#limits.maxLines);
    repeat.count += skipped;
    repeat.nextAt += skipped * repeat.everyMs;
    while (repeat.nextAt <= untilMs) {
      repeat.count += 1;
      this.#append(log, { timeMs: repeat.nextAt, text: repeat.text.replaceAll('{n}', String(repeat.count)) });
      repeat.nextAt += repeat.everyMs;
    }
  }

  /** A followed instance with a periodic line wakes for each one; an unfollowed one never does. */
  #arm(log: InstanceLog): void {
    this.#disarm(log);
    const repeat = log.repeat;
    if (!repeat || log.ended || log.followers.size === 0) return;
    log.timer = this.#clock.setTimer(Math.max(0, repeat.nextAt - this.#clock.now()), () => {
      log.timer = undefined;
      this.#materialize(log, this.#clock.now());
      this.#arm(log);
    });
  }

  #disarm(log: InstanceLog): void {
    log.timer?.cancel();
    log.timer = undefined;
  }

  #finish(log: InstanceLog): void {
    log.ended = true;
    this.#disarm(log);
    for (const follower of log.followers) follower.end();
    log.followers.clear();
  }

  #drop(containerId: string, log: InstanceLog): void {
    this.#finish(log);
    this.#instances.delete(containerId);
  }
}
