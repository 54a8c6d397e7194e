/**
 * A level-of-detail summary of one lane, for drawing it zoomed out: for every power-of-two
 * bucket size from 8 ms up, which buckets hold a finished span and the most alarming outcome
 * among them. Drawing a zoomed-out lane then costs one lookup per bucket in view (about one per
 * pixel), however many spans fall into it. Built incrementally as spans finish; a lane whose
 * spans were reordered or trimmed is summarized again from scratch.
 */
import { outcomeOf, type SpanOutcome } from './lane-filter.ts';
import type { Lane, Span } from './span.ts';

export const minExponent = 3;
export const maxExponent = 26;

/** When many spans share one pixel, the most alarming outcome wins the pixel. */
export const outcomePriority: Record<SpanOutcome, number> = { success: 0, running: 1, requeueAfter: 2, requeue: 3, conflict: 4, error: 5 };
export const outcomeByPriority: SpanOutcome[] = ['success', 'running', 'requeueAfter', 'requeue', 'conflict', 'error'];

/** Marks at most this many buckets per span and level; longer spans are drawn one by one anyway. */
const maxBucketsPerSpan = 4096;

class Level {
  cells = new Uint8Array(64);
  constructor(readonly exponent: number) {}
  mark(index: number, value: number): void {
    if (index >= this.cells.length) {
      let size = this.cells.length;
      while (size <= index) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.cells);
      this.cells = grown;
    }
    if (this.cells[index]! < value) this.cells[index] = value;
  }
}

export class LaneSummary {
  readonly base: number;
  readonly levels: Level[] = [];
  /** Spans before this index are summarized; it stops at the first span still running. */
  scanned = 0;

  constructor(base: number) {
    this.base = base;
    for (let e = minExponent; e <= maxExponent; e++) this.levels.push(new Level(e));
  }

  add(span: Span): void {
    const value = outcomePriority[outcomeOf(span)] + 1;
    const start = Math.max(0, span.start - this.base);
    const end = Math.max(start, (span.end ?? span.start) - this.base);
    for (const level of this.levels) {
      const first = Math.floor(start / 2 ** level.exponent);
      const last = Math.min(Math.floor(end / 2 ** level.exponent), first + maxBucketsPerSpan - 1);
      for (let i = first; i <= last; i++) level.mark(i, value);
    }
  }

  /** The level whose buckets are at most `msPerPixel` wide, or undefined when zoomed in closer. */
  levelFor(msPerPixel: number): Level | undefined {
    let chosen: Level | undefined;
    for (const level of this.levels) {
      if (2 ** level.exponent <= msPerPixel) chosen = level;
      else break;
    }
    return chosen;
  }
}

interface Cached {
  spans: Span[];
  revision: number;
  summary: LaneSummary;
}

/** Summaries for the lanes being drawn, kept current across frames. */
export class LaneSummaries {
  #cache = new Map<string, Cached>();

  for(lane: Lane): LaneSummary {
    let cached = this.#cache.get(lane.id);
    if (!cached || cached.spans !== lane.spans || cached.revision !== lane.revision) {
      cached = { spans: lane.spans, revision: lane.revision, summary: new LaneSummary(lane.spans[0]?.start ?? 0) };
      this.#cache.set(lane.id, cached);
    }
    const { summary } = cached;
    const spans = lane.spans;
    while (summary.scanned < spans.length && spans[summary.scanned]!.result !== undefined) {
      summary.add(spans[summary.scanned]!);
      summary.scanned++;
    }
    return summary;
  }
}

/**
 * Runs of equal buckets in [from, to): [startIndex, endIndexExclusive, value] triples, so a
 * stretch of successes becomes one rectangle.
 */
export function bucketRuns(cells: Uint8Array, from: number, to: number): number[] {
  const runs: number[] = [];
  let i = Math.max(0, from);
  const end = Math.min(cells.length, to);
  while (i < end) {
    const value = cells[i]!;
    if (value === 0) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < end && cells[j] === value) j++;
    runs.push(i, j, value);
    i = j;
  }
  return runs;
}
