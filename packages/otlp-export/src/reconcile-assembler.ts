/**
 * Gathers one reconcile's journal records — its start, the API calls and conflicts it made, its
 * end — and hands the whole reconcile on when it ends. The runtime's reconciles and the inferred
 * ones (packages/activity appends them to the same journal) look alike here.
 *
 * Promises: a reconcile is handed on once, at its end, with its records in journal order; one
 * whose start was never seen (it began before the export did) is still handed on, without its
 * triggers. Bounded: at most `maxOpen` reconciles are held open (a reconcile that never ends,
 * say a controller stopped mid-pass, is let go oldest first) and `maxCalls` calls each.
 */
import type { ApiCallRecord, ConflictRecord, ReconcileEndRecord, ReconcileStartRecord, TelemetryRecord } from '@dojo/console-protocol';

export interface FinishedReconcile {
  readonly start?: ReconcileStartRecord;
  readonly end: ReconcileEndRecord;
  readonly calls: readonly ApiCallRecord[];
  readonly conflicts: readonly ConflictRecord[];
  /** Calls past `maxCalls`, counted but not kept. */
  readonly omittedCalls: number;
}

interface Open {
  start?: ReconcileStartRecord;
  calls: ApiCallRecord[];
  conflicts: ConflictRecord[];
  omittedCalls: number;
}

export interface ReconcileAssemblerOptions {
  maxOpen?: number;
  maxCalls?: number;
}

export class ReconcileAssembler {
  readonly #open = new Map<string, Open>();
  readonly #maxOpen: number;
  readonly #maxCalls: number;
  readonly #finished: (reconcile: FinishedReconcile) => void;

  constructor(finished: (reconcile: FinishedReconcile) => void, options: ReconcileAssemblerOptions = {}) {
    this.#finished = finished;
    this.#maxOpen = options.maxOpen ?? 10_000;
    this.#maxCalls = options.maxCalls ?? 200;
  }

  /** Reconciles begun and not yet ended. */
  get open(): number {
    return this.#open.size;
  }

  add(record: TelemetryRecord): void {
    switch (record.type) {
      case 'reconcile-start':
        this.#entry(record.reconcileId).start = record;
        return;
      case 'api-call': {
        if (record.reconcileId === undefined) return;
        const entry = this.#entry(record.reconcileId);
        if (entry.calls.length < this.#maxCalls) entry.calls.push(record);
        else entry.omittedCalls++;
        return;
      }
      case 'conflict':
        if (record.reconcileId !== undefined) this.#entry(record.reconcileId).conflicts.push(record);
        return;
      case 'reconcile-end': {
        const entry = this.#open.get(record.reconcileId);
        this.#open.delete(record.reconcileId);
        this.#finished({
          ...(entry?.start ? { start: entry.start } : {}),
          end: record,
          calls: entry?.calls ?? [],
          conflicts: entry?.conflicts ?? [],
          omittedCalls: entry?.omittedCalls ?? 0,
        });
        return;
      }
      default:
        return;
    }
  }

  /** Forgets every open reconcile: the records in between are gone (a journal resync). */
  clear(): void {
    this.#open.clear();
  }

  #entry(reconcileId: string): Open {
    let entry = this.#open.get(reconcileId);
    if (!entry) {
      // Maps iterate in insertion order: the first key is the reconcile open the longest.
      if (this.#open.size >= this.#maxOpen) this.#open.delete(this.#open.keys().next().value!);
      entry = { calls: [], conflicts: [], omittedCalls: 0 };
      this.#open.set(reconcileId, entry);
    }
    return entry;
  }
}
