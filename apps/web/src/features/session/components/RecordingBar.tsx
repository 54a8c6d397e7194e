/**
 * In a console serving a recording, in place of "live": which recording (name, where and when
 * it was made, what time it spans) and the time slider. The instant chosen goes into the URL
 * (`?at=`, lib/view-time.ts); when it moves, the live connection reconnects at the new instant
 * and every view asks again, so lists, object pages, the workqueue and ages all show the
 * recording as it was then. Ticks under the slider mark where reconciles, conflicts and writes
 * happened, each going to its instant.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RecordingSession } from '@dojo/console-protocol';
import { Button } from '../../../components/Button.tsx';
import { useLiveSocket } from '../../../lib/live-socket-context.tsx';
import { navigate, useLocation } from '../../../lib/router.tsx';
import { formatClock } from '../../../lib/time-format.ts';
import { setRecordingSpan, useViewInstant, viewTimeParam } from '../../../lib/view-time.ts';
import { useSession } from '../api/session.ts';
import { SliderMarkers } from './SliderMarkers.tsx';

const day = 86_400_000;

function clockText(at: number, span: RecordingSession): string {
  return span.to - span.from > day ? `${new Date(at).toLocaleDateString()} ${formatClock(at)}` : formatClock(at);
}

function sourceText(recording: RecordingSession): string {
  const where = recording.source.clusterMode === 'embedded' ? 'the embedded cluster' : recording.source.server || 'an unknown cluster';
  return `made ${new Date(recording.createdAt).toLocaleString()} on ${where}`;
}

/** Goes to the same page at another instant; the previous instant is not kept in the history. */
function showInstant(pathname: string, search: URLSearchParams, at: number): void {
  const next = new URLSearchParams(search);
  next.set(viewTimeParam, String(Math.round(at)));
  navigate(`${pathname}?${next.toString()}`, { replace: true });
}

/** When the instant moves: reconnect at it and ask every query again. */
function useFollowInstant(instant: number | undefined): void {
  const socket = useLiveSocket();
  const queryClient = useQueryClient();
  const previous = useRef(instant);
  useEffect(() => {
    const before = previous.current;
    previous.current = instant;
    if (before === undefined || instant === undefined || before === instant) return;
    socket.restart();
    void queryClient.invalidateQueries();
  }, [instant, socket, queryClient]);
}

export function RecordingBar() {
  const { data: session } = useSession();
  const recording = session?.recording;
  const instant = useViewInstant();
  const { pathname, search } = useLocation();
  const [dragging, setDragging] = useState<number | undefined>(undefined);
  const slider = useRef<HTMLInputElement>(null);
  useEffect(() => setRecordingSpan(recording ? { from: recording.from, to: recording.to } : undefined), [recording?.from, recording?.to]);
  useFollowInstant(instant);
  const from = Math.floor(recording?.from ?? 0);
  const to = Math.ceil(recording?.to ?? 0);
  const commit = (at: number) => {
    setDragging(undefined);
    showInstant(pathname, search, Math.min(to, Math.max(from, at)));
  };
  const markerClock = useCallback((at: number) => (recording ? clockText(at, recording) : String(at)), [recording]);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  // The native change event comes once the slider is let go (or per arrow key), not per pixel dragged.
  useEffect(() => {
    const input = slider.current;
    if (!input) return;
    const onChange = () => commitRef.current(Number(input.value));
    input.addEventListener('change', onChange);
    return () => input.removeEventListener('change', onChange);
  }, [recording !== undefined && instant !== undefined]);
  if (!recording || instant === undefined) return null;
  const shown = dragging ?? instant;
  return (
    <section
      aria-label="Recording"
      className="sticky top-14 z-10 flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <span className="rounded bg-amber-700 px-1.5 py-0.5 text-xs font-semibold uppercase text-white dark:bg-amber-500 dark:text-amber-950">Recording</span>
        <span className="font-medium break-all">{recording.name}</span>
        <span className="text-amber-900 dark:text-amber-200">
          {clockText(from, recording)} – {clockText(to, recording)}, {sourceText(recording)}. Read-only.
        </span>
      </p>
      <div className="flex min-w-64 flex-1 items-center gap-2">
        <Button variant="ghost" onClick={() => commit(instant - 1000)} aria-label="One second earlier" disabled={instant <= from}>
          −1 s
        </Button>
        <div className="flex min-w-32 flex-1 flex-col">
          <input
            type="range"
            aria-label="Time in the recording"
            aria-valuetext={clockText(shown, recording)}
            min={from}
            max={to}
            step={1}
            value={shown}
            ref={slider}
            onChange={(e) => setDragging(Number(e.target.value))}
            className="w-full accent-amber-600"
          />
          {/* The range's thumb is ~16 px wide: the ticks' track is inset by half of it, as the thumb's centre travels. */}
          <div className="px-2">
            <SliderMarkers span={{ from, to }} clock={markerClock} onGo={commit} />
          </div>
        </div>
        <Button variant="ghost" onClick={() => commit(instant + 1000)} aria-label="One second later" disabled={instant >= to}>
          +1 s
        </Button>
        <output aria-label="Instant shown" className="font-mono text-xs tabular-nums">
          {clockText(shown, recording)}
        </output>
        <Button variant="ghost" onClick={() => commit(to)} disabled={instant >= to}>
          End
        </Button>
      </div>
    </section>
  );
}
