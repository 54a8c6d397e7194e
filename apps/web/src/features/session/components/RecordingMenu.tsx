/**
 * The header's recording menu: export this console's history as a `.dojotrace` (everything,
 * the timeline's window when the page shows one, or the last 15 minutes before the instant
 * shown), and open a recording from a file (the keyboard's way to what dropping one does).
 */
import { useId, useRef } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { useLocation } from '../../../lib/router.tsx';
import { formatClock } from '../../../lib/time-format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { exportUrl, recordingExtension, useOpenRecording } from '../api/recordings.ts';

const quarterHour = 15 * 60_000;
const itemClass =
  'block w-full rounded px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-100 dark:hover:bg-slate-800';

export function RecordingMenu() {
  const { search } = useLocation();
  const now = useNow(30_000);
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const open = useOpenRecording();
  const from = Number(search.get('from')) || undefined;
  const to = Number(search.get('to')) || undefined;
  return (
    <details className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-200 dark:hover:bg-slate-800">
        {/* On a phone the header has no room for the word: a record mark stands for it. */}
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 sm:hidden" fill="currentColor">
          <circle cx="10" cy="10" r="6" />
        </svg>
        <span className="sr-only sm:not-sr-only">Recording</span>
      </summary>
      <div className="absolute right-0 z-30 mt-1 w-72 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <a className={itemClass} href={exportUrl()} download>
          Export everything
        </a>
        {from !== undefined && to !== undefined && to > from ? (
          <a className={itemClass} href={exportUrl({ from, to })} download>
            Export the timeline's window ({formatClock(from).slice(0, 8)}–{formatClock(to).slice(0, 8)})
          </a>
        ) : null}
        <a className={itemClass} href={exportUrl({ from: now - quarterHour, to: now })} download>
          Export the last 15 minutes
        </a>
        <label htmlFor={inputId} className={`${itemClass} cursor-pointer`}>
          {open.isPending ? 'Opening…' : `Open a recording (${recordingExtension})…`}
        </label>
        <input
          id={inputId}
          ref={fileInput}
          type="file"
          accept={recordingExtension}
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) open.mutate(file);
          }}
        />
        <p className="px-3 pb-2 text-xs text-slate-600 dark:text-slate-400">
          Or drop a {recordingExtension} file anywhere on the page. Secret values never enter a recording.
        </p>
        {open.error ? <ErrorNotice error={open.error} title="Could not open the recording" /> : null}
      </div>
    </details>
  );
}
