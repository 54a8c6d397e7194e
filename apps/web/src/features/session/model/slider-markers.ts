/**
 * The activity markers along a recording's time slider: the recording's span cut into equal
 * slices, and for each slice where something happened how many reconciles started, conflicts
 * were met and writes were made — one tick per slice, placed by its share of the span, named
 * for screen readers ("12:00:03: 4 reconciles, 1 conflict, 6 writes"), and going to the
 * slice's last event (so the instant shown includes everything the tick counts).
 */
import type { RecordingActivity, RecordingActivityKind } from '@dojo/console-protocol';

export interface SliderMarker {
  /** The instant the tick goes to: the slice's last event. */
  readonly at: number;
  /** Where along the slider, 0 (its start) to 1 (its end). */
  readonly position: number;
  readonly counts: Readonly<Record<RecordingActivityKind, number>>;
  /** What the tick shows first: a conflict over a reconcile over a write. */
  readonly strongest: RecordingActivityKind;
  readonly label: string;
}

const order: readonly RecordingActivityKind[] = ['conflict', 'reconcile', 'write'];
const nouns: Record<RecordingActivityKind, [string, string]> = {
  reconcile: ['reconcile', 'reconciles'],
  conflict: ['conflict', 'conflicts'],
  write: ['write', 'writes'],
};

function countsText(counts: Record<RecordingActivityKind, number>): string {
  return (['reconcile', 'conflict', 'write'] as const)
    .filter((kind) => counts[kind] > 0)
    .map((kind) => `${counts[kind].toLocaleString('en-US')} ${nouns[kind][counts[kind] === 1 ? 0 : 1]}`)
    .join(', ');
}

/** `slices` ticks at most, oldest first; `clock` names an instant in the labels. */
export function sliderMarkers(activity: RecordingActivity, span: { from: number; to: number }, slices: number, clock: (at: number) => string): SliderMarker[] {
  const width = Math.max(1, span.to - span.from);
  const count = Math.max(1, Math.floor(slices));
  const buckets = new Map<number, { counts: Record<RecordingActivityKind, number>; last: number }>();
  for (const kind of order) {
    for (const time of activity.times[kind]) {
      if (time < span.from || time > span.to) continue;
      const slice = Math.min(count - 1, Math.floor(((time - span.from) / width) * count));
      let bucket = buckets.get(slice);
      if (!bucket) buckets.set(slice, (bucket = { counts: { reconcile: 0, conflict: 0, write: 0 }, last: time }));
      bucket.counts[kind]++;
      bucket.last = Math.max(bucket.last, time);
    }
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([slice, bucket]) => ({
      at: bucket.last,
      position: (slice + 0.5) / count,
      counts: bucket.counts,
      strongest: order.find((kind) => bucket.counts[kind] > 0)!,
      label: `${clock(bucket.last)}: ${countsText(bucket.counts)}`,
    }));
}
