/** A journal seq as evidence: a button that shows, below, the request log's record for it. */
import { useState } from 'react';
import { useJournalRecord } from '../api/journal-records.ts';
import { journalRecordText } from '../model/journal-text.ts';

export function JournalEvidence({ seq, label }: { seq: number; label: string }) {
  const [open, setOpen] = useState(false);
  const { data, isPending, error } = useJournalRecord(seq, open);
  return (
    // Opened, it takes the whole line, so the record reads below its button and the other evidence stays in a row.
    <span className={open ? 'flex w-full flex-col items-start' : 'inline-flex flex-col items-start'}>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="text-xs font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
      >
        {label} #{seq}
      </button>
      {open ? (
        <span className="font-mono text-xs break-all text-slate-600 dark:text-slate-300">
          {isPending
            ? 'Loading…'
            : error
              ? 'Could not read the request log.'
              : data
                ? journalRecordText(data)
                : 'No longer in the console’s request log (it keeps the newest records).'}
        </span>
      ) : null}
    </span>
  );
}
