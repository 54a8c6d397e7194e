/**
 * Leader election on a Lease (client-go's `leaderelection`), on the injected clock.
 *
 * - A candidate tries every retry period (with jitter) to take the lock. It may take it when
 *   nobody holds it, or when the holder's record has not changed for a whole lease duration —
 *   measured on the candidate's own clock from when it first saw that record, so clock skew
 *   between machines does not matter.
 * - The leader renews every retry period. If it cannot renew within the renew deadline, it
 *   stops leading (`onStoppedLeading`); since the deadline is shorter than the lease duration,
 *   it stops before anyone else may take over.
 * - On a graceful stop the leader releases the lock (holder "", lease 1 s) so that a successor
 *   need not wait out the lease, unless `releaseOnCancel` is off.
 *
 * Defaults are controller-runtime's: 15 s lease, 10 s renew deadline, 2 s retry period.
 */
import { realClock, type Clock } from '../clock/clock.ts';
import type { LeaderElectionRecord, LeaseLock, LockState } from './lease-lock.ts';

export interface LeaderElectionTiming {
  leaseDurationMs?: number;
  renewDeadlineMs?: number;
  retryPeriodMs?: number;
}

export interface LeaderCallbacks {
  /** This candidate now leads; `signal` aborts when it stops leading. */
  onStartedLeading(signal: AbortSignal): void;
  /**
   * This candidate stopped leading (lost the lease, or was stopped). The lease is released
   * only after the returned promise settles: stop reconciling first, then let a successor in.
   */
  onStoppedLeading(): void | Promise<void>;
  /** The observed leader changed (called with "" when a leader released the lease). */
  onNewLeader?(identity: string): void;
}

export interface LeaderElectorOptions extends LeaderElectionTiming {
  lock: LeaseLock;
  identity: string;
  callbacks: LeaderCallbacks;
  clock?: Clock;
  /** Release the lease on a graceful stop (default true). */
  releaseOnCancel?: boolean;
  random?: () => number;
}

export interface LeaderElectorState {
  readonly identity: string;
  readonly isLeader: boolean;
  /** The holder of the lease when last observed ("" for nobody). */
  readonly leader: string;
  readonly leaseTransitions: number;
}

// client-go's JitterFactor: candidates wait retryPeriod * (1 + 1.2 * random) between attempts.
const jitterFactor = 1.2;

export class LeaderElector {
  readonly identity: string;
  readonly #lock: LeaseLock;
  readonly #callbacks: LeaderCallbacks;
  readonly #clock: Clock;
  readonly #leaseDurationMs: number;
  readonly #renewDeadlineMs: number;
  readonly #retryPeriodMs: number;
  readonly #releaseOnCancel: boolean;
  readonly #random: () => number;
  #observed: LockState | undefined;
  #observedAt = 0;
  #leading = false;

  constructor(options: LeaderElectorOptions) {
    this.identity = options.identity;
    this.#lock = options.lock;
    this.#callbacks = options.callbacks;
    this.#clock = options.clock ?? realClock;
    this.#leaseDurationMs = options.leaseDurationMs ?? 15_000;
    this.#renewDeadlineMs = options.renewDeadlineMs ?? 10_000;
    this.#retryPeriodMs = options.retryPeriodMs ?? 2_000;
    this.#releaseOnCancel = options.releaseOnCancel ?? true;
    this.#random = options.random ?? Math.random;
    if (!(this.#leaseDurationMs > this.#renewDeadlineMs)) throw new RangeError('leaseDuration must be greater than renewDeadline');
    if (!(this.#renewDeadlineMs > this.#retryPeriodMs)) throw new RangeError('renewDeadline must be greater than retryPeriod');
    if (!this.identity) throw new RangeError('leader election needs an identity');
  }

  isLeader(): boolean {
    return this.#leading;
  }

  state(): LeaderElectorState {
    const record = this.#observed?.record;
    return { identity: this.identity, isLeader: this.#leading, leader: record?.holderIdentity ?? '', leaseTransitions: record?.leaseTransitions ?? 0 };
  }

  /**
   * Campaigns until elected, then leads until the lease is lost or `signal` aborts. Resolves
   * when it no longer leads (after releasing the lease on abort).
   */
  async run(signal: AbortSignal): Promise<void> {
    if (!(await this.#acquire(signal))) return;
    const leadership = new AbortController();
    this.#leading = true;
    this.#callbacks.onStartedLeading(leadership.signal);
    try {
      await this.#renewUntilLost(signal);
    } finally {
      this.#leading = false;
      leadership.abort();
      await this.#callbacks.onStoppedLeading();
      if (signal.aborted && this.#releaseOnCancel) await this.#release();
    }
  }

  async #acquire(signal: AbortSignal): Promise<boolean> {
    while (!signal.aborted) {
      if (await this.#tryAcquireOrRenew(signal, this.#clock.now() + this.#retryPeriodMs)) return true;
      const wait = this.#retryPeriodMs * (1 + jitterFactor * this.#random());
      if (!(await this.#sleep(wait, signal))) return false;
    }
    return false;
  }

  /** Renews every retry period; returns when a renewal round outlives the renew deadline. */
  async #renewUntilLost(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const deadline = this.#clock.now() + this.#renewDeadlineMs;
      let renewed = false;
      while (!signal.aborted && this.#clock.now() < deadline) {
        if ((renewed = await this.#tryAcquireOrRenew(signal, deadline))) break;
        if (!(await this.#sleep(Math.min(this.#retryPeriodMs, deadline - this.#clock.now()), signal))) return;
      }
      if (!renewed) return;
      if (!(await this.#sleep(this.#retryPeriodMs, signal))) return;
    }
  }

  /** One round: take or keep the lock if the record allows it. Never throws. */
  async #tryAcquireOrRenew(signal: AbortSignal, deadline: number): Promise<boolean> {
    const attempt = this.#deadlineSignal(signal, deadline);
    try {
      const now = this.#clock.now();
      const desired: LeaderElectionRecord = {
        holderIdentity: this.identity,
        leaseDurationSeconds: Math.ceil(this.#leaseDurationMs / 1000),
        acquireTime: now,
        renewTime: now,
        leaseTransitions: 0,
      };
      const current = await this.#lock.get(attempt.signal);
      if (!current) {
        this.#observe(await this.#lock.create(desired, attempt.signal), now);
        return true;
      }
      this.#observe(current, now);
      const held = current.record.holderIdentity;
      if (held !== '' && held !== this.identity && this.#observedAt + current.record.leaseDurationSeconds * 1000 > now) return false;
      const next: LeaderElectionRecord =
        held === this.identity
          ? { ...desired, acquireTime: current.record.acquireTime, leaseTransitions: current.record.leaseTransitions }
          : { ...desired, leaseTransitions: current.record.leaseTransitions + 1 };
      this.#observe(await this.#lock.update(current, next, attempt.signal), now);
      return true;
    } catch {
      // Conflicts (another candidate won the round), timeouts, a server away: try again later.
      return false;
    } finally {
      attempt.done();
    }
  }

  /** Remembers the record, restarting the expiry clock only when the record changed. */
  #observe(state: LockState, now: number): void {
    const before = this.#observed;
    if (before && before.lease.metadata.resourceVersion === state.lease.metadata.resourceVersion) return;
    this.#observed = state;
    this.#observedAt = now;
    if (before?.record.holderIdentity !== state.record.holderIdentity) this.#callbacks.onNewLeader?.(state.record.holderIdentity);
  }

  async #release(): Promise<void> {
    const current = this.#observed;
    if (!current || current.record.holderIdentity !== this.identity) return;
    const now = this.#clock.now();
    const released = { holderIdentity: '', leaseDurationSeconds: 1, acquireTime: now, renewTime: now, leaseTransitions: current.record.leaseTransitions };
    const attempt = this.#deadlineSignal(undefined, now + this.#retryPeriodMs);
    try {
      this.#observe(await this.#lock.update(current, released, attempt.signal), now);
    } catch {
      // Someone else already holds it, or the server is away: the lease simply expires.
    } finally {
      attempt.done();
    }
  }

  /** A signal that aborts with `parent` or at `deadline` on the clock, whichever comes first. */
  #deadlineSignal(parent: AbortSignal | undefined, deadline: number): { signal: AbortSignal; done: () => void } {
    const controller = new AbortController();
    const timer = this.#clock.setTimer(deadline - this.#clock.now(), () => controller.abort(new Error('leader election request timed out')));
    const onAbort = (): void => controller.abort(parent?.reason);
    parent?.addEventListener('abort', onAbort, { once: true });
    return {
      signal: controller.signal,
      done: () => {
        timer.cancel();
        parent?.removeEventListener('abort', onAbort);
      },
    };
  }

  async #sleep(ms: number, signal: AbortSignal): Promise<boolean> {
    try {
      await this.#clock.sleep(ms, signal);
      return true;
    } catch {
      return false;
    }
  }
}
