/**
 * How far the console's V8 heaps grow between full garbage collections.
 *
 * After each full collection V8 lets the old generation grow to a multiple of what survived
 * before the next one; on a machine with a few GB of memory it picks up to 4x whenever its
 * collector is fast next to the program's allocation. The console's live heap is mostly
 * caches that only grow (informers, the activity windows, the version recorder), so that
 * multiple was most of its RSS: at 4,000 Dojos the console thread's heap held ~480 MB live and
 * was allowed 1.3 GB before a full collection. At 1.5x the peak is a third lower; the
 * collections come more often, but each marks the same live heap, and the console's CPU time
 * over a 2,000-Dojo convergence was the same (81.9 s against 81.8 s, runs side by side).
 *
 * The setting is process-wide: it holds for every thread's isolate (the API server's too).
 */
import { setFlagsFromString } from 'node:v8';

/** The old generation may grow to (1 + this / 100) times what the last full collection kept. */
export const heapGrowingPercent = 50;

/** Called once when the console starts (the CLI, and the benchmarks' console), before the heap fills. */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
}
