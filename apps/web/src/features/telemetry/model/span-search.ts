/**
 * Time queries on one lane's spans (sorted by start, non-overlapping): binary searches, so
 * finding what is visible or under the pointer costs O(log n) however many spans there are.
 */
import { spanEnd, type Span } from './span.ts';

/** Index of the first span whose start is after `time` (spans.length if none). */
export function firstStartingAfter(spans: readonly Span[], time: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (spans[mid]!.start <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first span whose start is at or after `time`. */
export function firstStartingFrom(spans: readonly Span[], time: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (spans[mid]!.start < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first span that ends at or after `time`: the first one visible from `time` on. */
export function firstEndingFrom(spans: readonly Span[], time: number, now: number): number {
  const i = firstStartingAfter(spans, time);
  return i > 0 && spanEnd(spans[i - 1]!, now) >= time ? i - 1 : i;
}

/** [from, to) of the spans that overlap [start, end]. */
export function visibleRange(spans: readonly Span[], start: number, end: number, now: number): [number, number] {
  return [firstEndingFrom(spans, start, now), firstStartingAfter(spans, end)];
}

/**
 * The span under `time`, or the nearest one within `tolerance` ms (a sub-pixel span can still be
 * hovered): the pointer need not hit a 0.1 px sliver exactly.
 */
export function spanNear(spans: readonly Span[], time: number, tolerance: number, now: number): Span | undefined {
  const i = firstStartingAfter(spans, time);
  let best: Span | undefined;
  let bestDistance = Infinity;
  for (const j of [i - 1, i, i - 2, i + 1]) {
    const span = spans[j];
    if (!span) continue;
    const end = spanEnd(span, now);
    const distance = time < span.start ? span.start - time : time > end ? time - end : 0;
    if (distance <= tolerance && distance < bestDistance) {
      best = span;
      bestDistance = distance;
    }
  }
  return best;
}

/** Inserts keeping start order; appending (the usual case) is O(1). Returns true if it appended. */
export function insertByStart(spans: Span[], span: Span): boolean {
  const last = spans[spans.length - 1];
  if (!last || last.start <= span.start) {
    spans.push(span);
    return true;
  }
  spans.splice(firstStartingAfter(spans, span.start), 0, span);
  return false;
}
