/**
 * Ticks under a recording's time slider where reconciles, conflicts and writes happened
 * (model/slider-markers.ts): each a button that goes to that instant, named for screen readers.
 */
import { useMemo } from 'react';
import type { RecordingActivityKind } from '@dojo/console-protocol';
import { useRecordingActivity } from '../api/recording-activity.ts';
import { sliderMarkers } from '../model/slider-markers.ts';

const slices = 80;

const tone: Record<RecordingActivityKind, string> = {
  conflict: 'h-3 bg-rose-600 dark:bg-rose-400',
  reconcile: 'h-2.5 bg-amber-700 dark:bg-amber-300',
  write: 'h-1.5 bg-slate-500 dark:bg-slate-400',
};

export function SliderMarkers({ span, clock, onGo }: { span: { from: number; to: number }; clock: (at: number) => string; onGo: (at: number) => void }) {
  const activity = useRecordingActivity(true);
  const markers = useMemo(() => (activity.data ? sliderMarkers(activity.data, span, slices, clock) : []), [activity.data, span.from, span.to, clock]);
  if (markers.length === 0) return null;
  return (
    <ul aria-label="Activity in the recording" className="relative h-3 w-full">
      {markers.map((marker) => (
        <li key={marker.position} className="absolute top-0 -translate-x-1/2" style={{ left: `${marker.position * 100}%` }}>
          <button
            type="button"
            aria-label={`Go to ${marker.label}`}
            title={marker.label}
            data-activity={marker.strongest}
            onClick={() => onGo(marker.at)}
            className="flex h-3 w-1.5 items-start justify-center focus-visible:outline-2 focus-visible:outline-amber-700"
          >
            <span aria-hidden="true" className={`block w-0.5 rounded-sm ${tone[marker.strongest]}`} />
          </button>
        </li>
      ))}
    </ul>
  );
}
