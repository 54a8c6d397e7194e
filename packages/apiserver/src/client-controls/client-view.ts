/**
 * One connected client's view controls: paused (since which revision), breakpoints, the
 * stale-view fault, and its open watches' gates. It is the HoldPolicy of each of its watches:
 * while paused every event is held; otherwise an event about an object matching a breakpoint
 * is. Releases go out in arrival order across the client's watches.
 */
import type { ClientBreakpoint, ClientStaleView, ClientViewState, HeldBecause, ViewMark } from '@dojo/console-protocol';
import type { ChangeEvent } from '../storage/revisioned-store.ts';
import { breakpointMatcher, type BreakpointMatcher } from './breakpoint-match.ts';
import { heldEventOf, type GatedWatchTarget, type Held, type HoldPolicy, type WatchGate } from './watch-gate.ts';

export interface ReadRevision {
  readonly rev: number;
  readonly reason: 'pause' | 'stale';
}

export class ClientView implements HoldPolicy {
  paused: { since: number; rev: number } | undefined;
  stale: ClientStaleView | undefined;
  readonly #breakpoints: { breakpoint: ClientBreakpoint; matches: BreakpointMatcher }[] = [];

  constructor(
    readonly client: string,
    private readonly gates: () => Iterable<WatchGate>,
  ) {}

  holdReason(target: GatedWatchTarget, event: ChangeEvent): HeldBecause | undefined {
    if (this.paused) return 'pause';
    for (const b of this.#breakpoints) if (b.matches(target, event)) return 'breakpoint';
    return undefined;
  }

  get breakpoints(): readonly ClientBreakpoint[] {
    return this.#breakpoints.map((b) => b.breakpoint);
  }

  /** Nothing in force and nothing held: the view can be dropped. */
  get idle(): boolean {
    if (this.paused || this.stale || this.#breakpoints.length > 0) return false;
    for (const gate of this.gates()) if (gate.held.length > 0) return false;
    return true;
  }

  addBreakpoint(breakpoint: ClientBreakpoint): void {
    this.#breakpoints.push({ breakpoint, matches: breakpointMatcher(breakpoint) });
  }

  clearBreakpoints(): void {
    this.#breakpoints.length = 0;
  }

  /** Sends every held event that the controls now in force no longer hold, oldest first. */
  releaseUnheld(releasedBy: NonNullable<ViewMark['releasedBy']>): number {
    return this.#releaseInOrder((gate, held) => this.holdReason(gate.target, held.event) === undefined, releasedBy);
  }

  /** Sends everything held, in order (the controls are being lifted). */
  releaseAll(): number {
    return this.#releaseInOrder(() => true, 'lift');
  }

  /** Step: sends the oldest held event across the client's watches. */
  step(): ReturnType<typeof heldEventOf> | undefined {
    let first: { gate: WatchGate; held: Held } | undefined;
    for (const gate of this.gates()) {
      const held = gate.held[0];
      if (held && (!first || held.order < first.held.order)) first = { gate, held };
    }
    if (!first) return undefined;
    const { gate, held } = first;
    gate.release((h) => h === held, 'step');
    return heldEventOf(gate.target, held);
  }

  #releaseInOrder(pick: (gate: WatchGate, held: Held) => boolean, releasedBy: NonNullable<ViewMark['releasedBy']>): number {
    const all: { gate: WatchGate; held: Held }[] = [];
    for (const gate of this.gates()) for (const held of gate.held) if (pick(gate, held)) all.push({ gate, held });
    all.sort((a, b) => a.held.order - b.held.order);
    for (const { gate, held } of all) gate.release((h) => h === held, releasedBy);
    return all.length;
  }

  describe(keptSince: number, readsAt: ReadRevision | undefined): ClientViewState {
    return {
      client: this.client,
      keptSince,
      ...(this.paused ? { paused: { since: this.paused.since, resourceVersion: String(this.paused.rev) } } : {}),
      breakpoints: this.breakpoints,
      ...(this.stale ? { stale: this.stale } : {}),
      ...(readsAt ? { readsAt: String(readsAt.rev) } : {}),
      watches: [...this.gates()].map((g) => g.describe()),
    };
  }
}
