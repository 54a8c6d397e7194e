/**
 * The debugger's state for one controller: paused or not, steps granted but not yet taken,
 * breakpoints, and workers held at one. Workers ask the gate before taking a key from the
 * queue, so while paused the queue keeps filling and deduplicating with nobody draining it.
 *
 * - `pause()`: workers finish what they hold and take nothing new.
 * - `step()` while paused: exactly one key is reconciled — the one held at a breakpoint if any,
 *   otherwise the next queued one — and the promise resolves with its reconcile-end record.
 * - A breakpoint on a key pauses the controller when a worker takes that key, before its
 *   reconcile starts; `resume()` or `step()` lets it go on. A stepped key ignores breakpoints.
 * - `resume()` continues every held key (as `continueKey`): had it re-armed them for any event,
 *   the key's own status write would stop the controller again at once and Resume would seem
 *   to do nothing.
 * - `continueKey(key)` lets the held key run and the controller go on (once nothing else is
 *   held), and keeps the breakpoint armed for a real change only: the key is held again when a
 *   trigger says something changed from outside the controller's own writes (`isRealChange`),
 *   not when its own writes come back as events of its children or as its own status churn.
 */
import type { ReconcileEndRecord } from '../telemetry/records.ts';
import type { Trigger } from '../workqueue/trigger.ts';

/**
 * Did something change that the controller did not do itself? An edit of the object's spec (a
 * new generation), its creation or deletion, an edit of the spec or data of another object it
 * maps from (a Secret it reads), or a manual add. Not: what its own writes bring back — its
 * children's churn (`owned`, and `mapped` Pods whose status moved), its own status writes
 * (MODIFIED without a new generation) — nor requeues, retries and resyncs.
 */
export function isRealChange(trigger: Trigger): boolean {
  switch (trigger.reason) {
    case 'watch':
      return trigger.event !== 'MODIFIED' || trigger.specChanged !== false;
    case 'mapped':
      return trigger.event === 'MODIFIED' && trigger.specChanged === true;
    case 'manual':
      return true;
    default:
      return false;
  }
}

/** A granted step; the worker that runs it reports the reconcile's end (or nothing). */
export interface StepTicket {
  resolve(record: ReconcileEndRecord | undefined): void;
}

interface Held {
  readonly worker: number;
  readonly key: string;
  readonly release: (ticket: StepTicket | undefined) => void;
}

export class DebugGate {
  #paused = false;
  #steps: StepTicket[] = [];
  #held: Held[] = [];
  readonly #breakpoints = new Set<string>();
  /** Keys continued past their breakpoint: held again only for a real change. */
  readonly #continued = new Set<string>();
  readonly #onPause: () => void;
  #wake: () => void = () => {};
  #changed: Promise<void>;

  /** `onPause` must stop workers that are waiting in the queue's `get`. */
  constructor(onPause: () => void) {
    this.#onPause = onPause;
    this.#changed = this.#nextChange();
  }

  get paused(): boolean {
    return this.#paused;
  }

  /** Returns false if it was already paused. */
  pause(): boolean {
    if (this.#paused) return false;
    this.#paused = true;
    this.#onPause();
    return true;
  }

  resume(): boolean {
    if (!this.#paused) return false;
    this.#paused = false;
    for (const held of this.#held) this.#continued.add(held.key);
    this.releaseAll();
    this.notify();
    return true;
  }

  /**
   * Grants one step. Resolves `undefined` at once when there is nothing to step: not paused, or
   * no key held and no queued key left over for it (`queued` is the queue's length).
   */
  step(queued: number): Promise<ReconcileEndRecord | undefined> {
    if (!this.#paused) return Promise.resolve(undefined);
    const held = this.#held.shift();
    if (!held && queued <= this.#steps.length) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const ticket: StepTicket = { resolve };
      if (held) held.release(ticket);
      else {
        this.#steps.push(ticket);
        this.notify();
      }
    });
  }

  /**
   * May a worker take a key now? `undefined` means no: wait for `changed()` and ask again.
   * A granted step is claimed even when not paused, so that no step promise is left hanging.
   */
  admit(): { readonly ticket: StepTicket | undefined } | undefined {
    const ticket = this.#steps.shift();
    if (ticket) return { ticket };
    return this.#paused ? undefined : { ticket: undefined };
  }

  /** A worker admitted with a step got no key (interrupted): the step goes to the next one. */
  giveBack(ticket: StepTicket): void {
    this.#steps.unshift(ticket);
  }

  /** Resolves on the next pause, resume, step or `notify()`. */
  changed(): Promise<void> {
    return this.#changed;
  }

  /** Wakes every waiting worker to re-check its conditions (stop, worker count changes). */
  notify(): void {
    const wake = this.#wake;
    this.#changed = this.#nextChange();
    wake();
  }

  setBreakpoint(key: string): boolean {
    const added = !this.#breakpoints.has(key);
    this.#breakpoints.add(key);
    return added;
  }

  clearBreakpoint(key: string): boolean {
    this.#continued.delete(key);
    return this.#breakpoints.delete(key);
  }

  hasBreakpoint(key: string): boolean {
    return this.#breakpoints.size > 0 && this.#breakpoints.has(key);
  }

  /** Must a worker that took `key` with these triggers hold it? A continued key only for a real change. */
  shouldHold(key: string, triggers: readonly Trigger[]): boolean {
    if (!this.hasBreakpoint(key)) return false;
    if (!this.#continued.has(key)) return true;
    if (!triggers.some(isRealChange)) return false;
    this.#continued.delete(key);
    return true;
  }

  /**
   * Lets the worker holding `key` run it, and the controller go on once no other key is held;
   * the breakpoint stays, armed for a real change. Returns false if `key` was not held.
   */
  continueKey(key: string): boolean {
    const at = this.#held.findIndex((h) => h.key === key);
    if (at < 0) return false;
    const [held] = this.#held.splice(at, 1);
    this.#continued.add(key);
    held!.release(undefined);
    if (this.#held.length === 0 && this.#paused) {
      this.#paused = false;
      this.notify();
    }
    return true;
  }

  /** Keys continued past their breakpoint, waiting for a real change. */
  continued(): string[] {
    return [...this.#continued];
  }

  breakpoints(): string[] {
    return [...this.#breakpoints];
  }

  /** Pauses and holds a worker before its reconcile; resolves with a ticket if stepped. */
  hold(worker: number, key: string): Promise<StepTicket | undefined> {
    this.pause();
    return new Promise((release) => this.#held.push({ worker, key, release }));
  }

  held(): { worker: number; key: string }[] {
    return this.#held.map(({ worker, key }) => ({ worker, key }));
  }

  /** Lets every held worker go on, without a step ticket. */
  releaseAll(): void {
    const held = this.#held;
    this.#held = [];
    for (const h of held) h.release(undefined);
  }

  pendingSteps(): number {
    return this.#steps.length;
  }

  #nextChange(): Promise<void> {
    return new Promise((resolve) => (this.#wake = resolve));
  }
}
