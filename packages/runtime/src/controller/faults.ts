/**
 * Fault injection for one controller, set from the console to rehearse failures: make the next
 * reconciles throw, slow every reconcile down, or make the next writes conflict. The controller
 * consults the first two itself; a client wrapper consults `takeWriteConflict()` (through
 * `WriteFaultSource`) before each write made inside one of this controller's reconciles.
 */
import type { ControllerFaultSettings, FaultState } from '@dojo/console-protocol';

/** What a client wrapper needs: one question per write. */
export interface WriteFaultSource {
  /** True if this write must fail with a Conflict; counts the injected conflict down. */
  takeWriteConflict(): boolean;
}

export class InjectedFault extends Error {
  constructor(message = 'fault injected by the console') {
    super(message);
    this.name = 'InjectedFault';
  }
}

export class FaultInjector implements WriteFaultSource {
  #settings: ControllerFaultSettings = { throwNext: 0, latencyMs: 0, conflictNextWrites: 0 };
  #throws = 0;
  #conflicts = 0;

  constructor(initial: Partial<ControllerFaultSettings> = {}) {
    this.set(initial);
  }

  set(patch: Partial<ControllerFaultSettings>): void {
    const next = { ...this.#settings, ...patch };
    for (const [name, value] of Object.entries(next)) {
      if (!Number.isFinite(value) || value < 0) throw new RangeError(`fault ${name} must be a non-negative number, got ${value}`);
    }
    this.#settings = next;
  }

  state(): FaultState {
    return { ...this.#settings, injected: { throws: this.#throws, conflicts: this.#conflicts } };
  }

  /** Consulted by the controller before each reconcile. */
  takeThrow(): boolean {
    if (this.#settings.throwNext === 0) return false;
    this.#settings.throwNext--;
    this.#throws++;
    return true;
  }

  latencyMs(): number {
    return this.#settings.latencyMs;
  }

  takeWriteConflict(): boolean {
    if (this.#settings.conflictNextWrites === 0) return false;
    this.#settings.conflictNextWrites--;
    this.#conflicts++;
    return true;
  }
}
