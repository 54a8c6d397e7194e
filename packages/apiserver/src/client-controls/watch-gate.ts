/**
 * One watch of a client, seen by the client's view controls: the events it holds back (in
 * revision order) and how it delivers one. A watch of a client without controls has no view,
 * and `offer` is then one field check before the watch's own delivery.
 *
 * Promises: a watch's held events leave in the order they arrived; a bookmark never claims a
 * resourceVersion at or past a held event (the client would resume after it and never see it).
 */
import type { HeldBecause, HeldEvent, HeldWatch, ViewMark } from '@dojo/console-protocol';
import type { ChangeEvent } from '../storage/revisioned-store.ts';

/** What a watch tells its gate: what it watches, and how to send it one event now. */
export interface GatedWatchTarget {
  readonly resource: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly namespace?: string;
  readonly watchId?: string;
  /** Whether the watch sends anything for the change (its namespace and selectors): only those are held. */
  sends(event: ChangeEvent): boolean;
  /** Sends one change the way the watch sends any (its selectors apply); false: the watch ended as too slow. */
  deliver(event: ChangeEvent, mark?: ViewMark): boolean;
}

/** What decides, for one client, whether an event is held (client-view.ts). */
export interface HoldPolicy {
  holdReason(target: GatedWatchTarget, event: ChangeEvent): HeldBecause | undefined;
}

export interface Held {
  readonly event: ChangeEvent;
  readonly since: number;
  readonly because: HeldBecause;
  /** Arrival order across all of a client's watches (Step releases the oldest). */
  readonly order: number;
}

export class WatchGate {
  /** The client's view while it has controls; undefined: every event goes straight through. */
  policy: HoldPolicy | undefined;
  readonly #held: Held[] = [];
  #closed = false;

  constructor(
    readonly target: GatedWatchTarget,
    private readonly clock: { now(): number },
    private readonly nextOrder: () => number,
    private readonly onClose: (gate: WatchGate) => void,
  ) {}

  /** The watch cache's sink: deliver now, or hold. */
  offer(event: ChangeEvent): boolean {
    const policy = this.policy;
    if (policy === undefined || !this.target.sends(event)) return this.target.deliver(event);
    const because = policy.holdReason(this.target, event);
    if (because === undefined) return this.target.deliver(event);
    this.#held.push({ event, since: this.clock.now(), because, order: this.nextOrder() });
    return true;
  }

  get held(): readonly Held[] {
    return this.#held;
  }

  /** The newest resourceVersion a bookmark may carry: just before the oldest held event. */
  bookmarkCeiling(): number | undefined {
    let oldest: number | undefined;
    for (const h of this.#held) if (oldest === undefined || h.event.rev < oldest) oldest = h.event.rev;
    return oldest === undefined ? undefined : oldest - 1;
  }

  /** Sends the held events `release` picks, in order; answers how many left. */
  release(release: (held: Held) => boolean, releasedBy: NonNullable<ViewMark['releasedBy']>): number {
    let count = 0;
    for (let i = 0; i < this.#held.length;) {
      const held = this.#held[i]!;
      if (!release(held)) {
        i++;
        continue;
      }
      this.#held.splice(i, 1);
      count++;
      if (!this.#closed) this.target.deliver(held.event, { heldSince: held.since, releasedBy, because: held.because });
    }
    return count;
  }

  describe(): HeldWatch {
    const { resource, kind, namespace, watchId } = this.target;
    return {
      ...(watchId ? { watchId } : {}),
      resource,
      kind,
      ...(namespace ? { namespace } : {}),
      held: this.#held.map((h) => heldEventOf(this.target, h)),
    };
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#held.length = 0;
    this.onClose(this);
  }
}

export function heldEventOf(target: Pick<GatedWatchTarget, 'kind' | 'namespaced'>, h: Held): HeldEvent {
  const { namespace, name } = objectNameOf(target.namespaced, h.event.name);
  return {
    type: h.event.type,
    kind: target.kind,
    ...(namespace ? { namespace } : {}),
    name,
    resourceVersion: String(h.event.rev),
    since: h.since,
    because: h.because,
  };
}

/** A change's storage name ("namespace/name" or "name") as namespace and name. */
export function objectNameOf(namespaced: boolean, storageName: string): { namespace?: string; name: string } {
  const slash = namespaced ? storageName.indexOf('/') : -1;
  return slash < 0 ? { name: storageName } : { namespace: storageName.slice(0, slash), name: storageName.slice(slash + 1) };
}
