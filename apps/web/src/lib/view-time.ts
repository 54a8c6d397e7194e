/**
 * The instant the console shows. Live, it is now. A console serving a recording has no now:
 * every view shows the recording at one instant, chosen with the time slider and kept in the
 * URL (`?at=<epoch ms>`, carried from page to page), so a view of a recording can be shared.
 * Without `at`, a recording is shown as it was at its end.
 *
 * Promises:
 * - `useViewInstant()` is undefined while live; in a recording, the instant shown.
 * - Every HTTP request of the UI names that instant (`X-Dojo-At`, lib/api-client.ts) and so
 *   does the WebSocket's URL (`?at=`), so every view asks the server for the same instant.
 */
import { useSyncExternalStore } from 'react';
import { intParam } from './route.ts';
import { stickySearchParam, useLocation } from './router.tsx';

export const viewTimeParam = stickySearchParam;
export const viewTimeHeader = 'X-Dojo-At';

interface RecordingSpan {
  readonly from: number;
  readonly to: number;
}

let recording: RecordingSpan | undefined;
const listeners = new Set<() => void>();

/** Called once the session says the console serves a recording (and what it spans). */
export function setRecordingSpan(span: RecordingSpan | undefined): void {
  if (span?.from === recording?.from && span?.to === recording?.to) return;
  recording = span;
  for (const listener of listeners) listener();
}

export function recordingSpan(): RecordingSpan | undefined {
  return recording;
}

/** The `at` of a URL's search, when it has one. */
export function atOf(search: string | URLSearchParams): number | undefined {
  return intParam.parse((typeof search === 'string' ? new URLSearchParams(search) : search).get(viewTimeParam));
}

/** The `at` of the page's URL (undefined outside a browser). */
export function requestedInstant(): number | undefined {
  return typeof window === 'undefined' ? undefined : atOf(window.location.search);
}

/**
 * The instant requests ask about: in a recording, the URL's `at` or the recording's end; the
 * URL's `at` also before the session is known (a live console ignores it).
 */
export function viewInstant(): number | undefined {
  return requestedInstant() ?? recording?.to;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** `viewInstant()` as React state: it moves with the URL and with the session. */
export function useViewInstant(): number | undefined {
  const span = useSyncExternalStore(subscribe, recordingSpan, () => undefined);
  const { search } = useLocation();
  if (!span) return undefined;
  return atOf(search) ?? span.to;
}
